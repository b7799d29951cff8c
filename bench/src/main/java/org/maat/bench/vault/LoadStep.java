package org.maat.bench.vault;

import java.util.List;

/**
 * One offered load of a series, measured {@code runs} times: the median achieved rate and the spread
 * (lowest, highest run), the latency percentiles of the median run, failures of all runs, the full
 * handshakes verified against the connections opened (fresh series), and the CPU the whole process and
 * the load generator's threads used, in cores (CPU seconds per measured second, warm-ups included).
 */
record LoadStep(int clients, List<Double> perSecond, double p50Millis, double p99Millis, long requests, long failed,
        long connections, long fullHandshakes, double processCores, double generatorCores, String firstFailure) {

    double median() {
        return Stats.median(perSecond);
    }

    double min() {
        return perSecond.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    double max() {
        return perSecond.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** The generator's share of the process's CPU. */
    double generatorShare() {
        return processCores == 0 ? 0 : generatorCores / processCores;
    }
}
