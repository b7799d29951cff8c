package org.maat.core.shard;

import java.util.List;

/** What one shard answered: its number in the index and its hits, best first. */
public record ShardResult(int shard, List<ShardHit> hits) {

    public ShardResult {
        hits = List.copyOf(hits);
    }
}
