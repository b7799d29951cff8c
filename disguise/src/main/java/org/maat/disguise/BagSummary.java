package org.maat.disguise;

import java.util.Map;

/** A bag opened for its owner: which disguise, whose data, how many changes of each kind per table or data kind. */
public record BagSummary(String disguise, String principal, Map<String, Integer> changesByTarget, int speaksFor) {

    public BagSummary {
        changesByTarget = Map.copyOf(changesByTarget);
    }
}
