package org.maat.core.index;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.Term;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;

/**
 * Task code of an in-place index update: deletes a document by its conduit id, and adds one (or
 * replaces the one with its id) mapped by the same {@link DocumentMapper} and routed by the same
 * {@link ShardRouter} as every indexer, so an updated index holds each document exactly where and as
 * a rebuild would. It writes only through its {@link IndexSink}; nothing is visible to searchers until
 * the sink publishes.
 */
public final class DocumentUpdates {

    private final DocumentMapper mapper;
    private final IndexSink sink;
    private final ShardRouter router;

    public DocumentUpdates(DocumentMapper mapper, IndexSink sink) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.router = new ShardRouter(sink.shards());
    }

    /** Deletes the document with conduit id {@code conduitId} from its shard; nothing if there is none. */
    public void delete(String conduitId) throws IOException {
        sink.writer(router.shard(conduitId)).deleteDocuments(idTerm(conduitId));
    }

    /** Adds {@code document} to its shard, replacing any document with the same conduit id. */
    public void add(LabelledDocument document) throws IOException {
        String id = document.document().id();
        sink.writer(router.shard(id)).updateDocument(idTerm(id), mapper.map(document));
    }

    private static Term idTerm(String conduitId) {
        return new Term(IndexFields.ID, conduitId);
    }
}
