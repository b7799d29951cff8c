package org.maat.bench.vault;

import java.util.Comparator;
import java.util.List;

/**
 * A series' steps in the order measured, the last being the first that fell below its predecessor
 * ({@link RisingLoad#fell}; unless the levels ran out first), and its knee: the step of the highest median rate.
 */
record LoadCurve(Series series, List<LoadStep> steps) {

    LoadStep knee() {
        return steps.stream().max(Comparator.comparingDouble(LoadStep::median)).orElseThrow();
    }

    long failed() {
        return steps.stream().mapToLong(LoadStep::failed).sum();
    }
}
