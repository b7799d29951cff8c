package org.maat.core.task;

import java.util.Objects;

/**
 * A released conduit id with the score trusted code computed for it ({@link ReleaseRanking}):
 * the index's relevance of that document to the session's query, never a value task code chose.
 */
public record RankedId(String id, float score) {

    public RankedId {
        Objects.requireNonNull(id, "id");
    }
}
