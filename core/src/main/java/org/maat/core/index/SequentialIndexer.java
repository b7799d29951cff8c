package org.maat.core.index;

import java.io.IOException;
import java.util.Objects;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.TaskContext;

/**
 * The sequential indexer, run as one confined task: reads every document conduit of the task's
 * store (each read taints the task), hands each document's entry to its {@link IndexSink} (which checks it and
 * writes it to the shard {@link ShardRouter} picks), and commits all shards at once. Every index file it
 * creates is a write the monitor checks, so an indexer that read a conduit whose policy does not allow
 * flows into an index (a search history) is refused at its first write.
 */
public final class SequentialIndexer {

    private final DocumentMapper mapper;

    /** Progress is the runtime's to count (what the sink admitted), never a number the task reports. */
    public SequentialIndexer(DocumentMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    /** Indexes every document of the task's store and commits; returns the number indexed. */
    public long run(TaskContext ctx) throws IOException {
        IndexSink sink = ctx.index();
        long indexed = 0;
        try (var scan = ctx.documents().scan()) {
            while (scan.hasNext()) {
                LabelledDocument document = scan.next();
                sink.add(document, mapper.map(document));
                indexed++;
            }
        }
        sink.commit();
        return indexed;
    }
}
