package org.maat.core.shard;

import java.util.Objects;

/** A released document id and its relevance score on the shard that found it (higher is better). */
public record ShardHit(String id, double score) {

    public ShardHit {
        Objects.requireNonNull(id, "id");
    }
}
