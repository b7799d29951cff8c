package org.maat.core.index;

import java.io.IOException;
import java.util.Objects;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;

/**
 * Task code of an in-place index update: adds a document (or replaces the one with its id) mapped by the same {@link DocumentMapper} as every indexer and written through
 * an {@link IndexSink}, which checks each entry and routes it by the same {@link ShardRouter}, so an updated index
 * holds each document exactly where and as a rebuild would. Nothing is visible to searchers until the sink
 * publishes.
 */
public final class DocumentUpdates {

    private final DocumentMapper mapper;
    private final IndexSink sink;

    public DocumentUpdates(DocumentMapper mapper, IndexSink sink) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Adds {@code document} to its shard, replacing any document with the same conduit id. */
    public void add(LabelledDocument document) throws IOException {
        sink.update(document, mapper.map(document));
    }
}
