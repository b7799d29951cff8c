package org.maat.core.task;

import java.util.Objects;

/**
 * A conduit id in a result list with its ranking score. The id is what the monitor judges
 * ({@code ONLY_CND_IDS+}); the score is ranking metadata of a released id, delivered only with it
 * (see {@link ResultChannel#writeRanked}).
 */
public record RankedId(String id, float score) {

    public RankedId {
        Objects.requireNonNull(id, "id");
    }
}
