package org.maat.core.index;

import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * Routes a document to a shard by its conduit id alone: {@code murmur3_x86_32(UTF-8(id), seed 0)}
 * modulo the number of shards (non-negative). It depends on nothing but the id and the shard count,
 * so the sequential indexer and the MapReduce indexer (and any later one) put every document in the
 * same shard.
 */
public final class ShardRouter {

    private static final int SEED = 0;

    private final int shards;

    public ShardRouter(int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException("the number of shards must be at least 1, not " + shards);
        }
        this.shards = shards;
    }

    public int shards() {
        return shards;
    }

    /** The shard of the document with conduit id {@code documentId}, in {@code [0, shards)}. */
    public int shard(String documentId) {
        return Math.floorMod(StringHelper.murmurhash3_x86_32(new BytesRef(documentId), SEED), shards);
    }
}
