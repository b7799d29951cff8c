package org.maat.bench.load;

import java.util.Arrays;
import java.util.Collection;

/**
 * A set of request latencies and the figures the reports print from them: count, mean, nearest-rank
 * percentiles (the smallest latency at or above which lie the fraction p of all) and maximum, in
 * milliseconds. An empty set reports zeros. Immutable.
 */
public final class Latencies {

    private static final Latencies NONE = new Latencies(new long[0]);

    private final long[] sortedNanos;

    private Latencies(long[] sortedNanos) {
        this.sortedNanos = sortedNanos;
    }

    /** The latencies {@code nanos} (copied). */
    public static Latencies of(long[] nanos) {
        if (nanos.length == 0) {
            return NONE;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Latencies(sorted);
    }

    public static Latencies of(Collection<Long> nanos) {
        return of(nanos.stream().mapToLong(Long::longValue).toArray());
    }

    public int count() {
        return sortedNanos.length;
    }

    public double meanMillis() {
        return Arrays.stream(sortedNanos).average().orElse(0) / 1e6;
    }

    /** The nearest-rank percentile {@code p} (0 < p <= 1) in milliseconds. */
    public double percentileMillis(double p) {
        if (p <= 0 || p > 1) {
            throw new IllegalArgumentException("a percentile is in (0, 1], not " + p);
        }
        return sortedNanos.length == 0 ? 0 : sortedNanos[(int) Math.ceil(sortedNanos.length * p) - 1] / 1e6;
    }

    public double maxMillis() {
        return sortedNanos.length == 0 ? 0 : sortedNanos[sortedNanos.length - 1] / 1e6;
    }
}
