package org.maat.core.task;

import java.io.IOException;
import org.apache.lucene.index.IndexWriter;

/**
 * Where an indexer task writes: one Lucene {@link IndexWriter} per shard, each over a
 * {@code PolicyDirectory}, so every file it creates is a checked write labelled with the index
 * policy. Nothing is visible to searchers until {@link #commit} publishes every shard and its labels
 * at once.
 */
public interface IndexSink {

    int shards();

    IndexWriter writer(int shard);

    /**
     * Commits every shard and publishes the commits with their file labels in one atomic step: a
     * crash leaves either the previously published index or this one.
     */
    void commit(long documents) throws IOException;
}
