package org.maat.core.shard;

import java.util.Objects;

/**
 * A released document id and its relevance score on the shard that found it (higher is better): the
 * score the shard's runtime computed from the index for the session's query, with the statistics of
 * what every session of its region may read -- not a value the search task chose.
 */
public record ShardHit(String id, double score) {

    public ShardHit {
        Objects.requireNonNull(id, "id");
    }
}
