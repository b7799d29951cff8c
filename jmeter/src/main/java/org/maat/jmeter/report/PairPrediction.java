package org.maat.jmeter.report;

/**
 * The throughput a mix of two queries should reach if both drew on the same resources: n requests of A
 * cost {@code n/T_A} of a second of the server and m of B cost {@code m/T_B}, so the mix repeats
 * {@code 1/(n/T_A + m/T_B)} times a second and serves {@code (n + m)/(n/T_A + m/T_B)} requests/s.
 * A measured pair above this shares the server better than that; below, worse.
 */
final class PairPrediction {

    private PairPrediction() {
    }

    /**
     * @param n requests of A per repetition of the mix
     * @param throughputA A's throughput alone, requests/s
     * @param m requests of B per repetition
     * @param throughputB B's throughput alone, requests/s
     */
    static double throughput(double n, double throughputA, double m, double throughputB) {
        if (!(n > 0) || !(m > 0) || !(throughputA > 0) || !(throughputB > 0)) {
            throw new IllegalArgumentException("weights and throughputs must be > 0: n=" + n + " T_A=" + throughputA
                    + " m=" + m + " T_B=" + throughputB);
        }
        return (n + m) / (n / throughputA + m / throughputB);
    }

    /** How far {@code measured} lies above {@code predicted}, e.g. 0.05 for 5% above. */
    static double deviation(double measured, double predicted) {
        return measured / predicted - 1;
    }
}
