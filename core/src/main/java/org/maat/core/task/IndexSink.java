package org.maat.core.task;

import java.io.IOException;
import org.apache.lucene.document.Document;

/**
 * Where an indexer task writes: entries of the documents it was given, never a Lucene writer, and nothing but
 * entries: a task can remove no document (an in-place update's deletes are the runtime's, by the ids its caller
 * named), so what an index leaves out is never a task's choice. Every entry crosses
 * the sink's {@link IndexEntryCheck} (an entry holds only its own document's content) before any writer sees it;
 * the sink routes it to its shard by the document's id, and every file a shard's writer creates is a checked write
 * labelled with the index policy (a {@code PolicyDirectory}). A refused entry throws
 * {@link IndexEntryRefusedException}, and the sink then publishes nothing. Nothing is visible to searchers until
 * {@link #commit} publishes every shard and its labels at once.
 */
public interface IndexSink {

    /** Adds the entry of {@code source}, once the checkpoint has admitted it. */
    void add(LabelledDocument source, Document entry) throws IOException;

    /** As {@link #add}, replacing any entry with the same document id. */
    void update(LabelledDocument source, Document entry) throws IOException;

    /**
     * Commits every shard and publishes the commits with their file labels in one atomic step: a crash leaves
     * either the previously published index or this one. Refused after any refused entry.
     */
    void commit() throws IOException;
}
