package org.maat.bench.vault;

import java.util.List;

/**
 * One offered load of a series, measured {@code runs} times: the median achieved rate and the spread
 * (lowest, highest run), the latency percentiles of the median run, failures of all runs, the full
 * handshakes verified against the connections opened (fresh series), and the CPU the whole process and
 * the load generator's threads used, in cores (CPU seconds per second of the step, warm-ups included), and
 * the CPU the rest of the process (the servers, with their share of JIT and GC) spent per request.
 */
record LoadStep(int clients, List<Double> perSecond, double p50Millis, double p99Millis, long requests, long failed,
        long connections, long fullHandshakes, double processCores, double generatorCores,
        double serverCpuMillisPerRequest, String firstFailure) {

    double median() {
        return Stats.median(perSecond);
    }

    double min() {
        return perSecond.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    double max() {
        return perSecond.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /**
     * What the servers alone could answer on every core of this machine at their CPU cost per request: an
     * estimate of the rate with the load generator on another machine.
     */
    double serverOnlyPerSecond(int cores) {
        return serverCpuMillisPerRequest <= 0 ? 0 : cores * 1000.0 / serverCpuMillisPerRequest;
    }

    /** The generator's share of the process's CPU. */
    double generatorShare() {
        return processCores == 0 ? 0 : generatorCores / processCores;
    }
}
