package org.maat.indexer.job;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * The shuffle key: shard in the high 24 bits, the document's ordinal in the low 40. Hadoop sorts
 * keys as longs, so every reducer receives its shards' documents in ordinal order -- the order the
 * sequential indexer adds them in, which makes the two indexes' segments and doc ids the same. The key is all the
 * shuffle carries (its value is {@link NullWritable}): each reducer reads the document itself ({@link ReceivedDocuments}).
 */
final class ShardKey {

    private static final int ORDINAL_BITS = 40;

    private ShardKey() {
    }

    static long of(int shard, long ordinal) {
        return ((long) shard << ORDINAL_BITS) | ordinal;
    }

    static int shard(long key) {
        return (int) (key >>> ORDINAL_BITS);
    }

    static long ordinal(long key) {
        return key & ((1L << ORDINAL_BITS) - 1);
    }

    /** Sends shard {@code s} to reducer {@code s mod reducers}. */
    public static final class ShardPartitioner extends Partitioner<LongWritable, NullWritable> {
        @Override
        public int getPartition(LongWritable key, NullWritable value, int reducers) {
            return shard(key.get()) % reducers;
        }
    }
}
