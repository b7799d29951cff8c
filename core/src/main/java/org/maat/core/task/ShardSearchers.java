package org.maat.core.task;

import org.apache.lucene.search.IndexSearcher;

/**
 * The index shards a search task may search. Getting a shard's searcher reads its files: every
 * file label of the shard enters the task's taint before the searcher is returned.
 */
public interface ShardSearchers {

    int shards();

    IndexSearcher searcher(int shard);
}
