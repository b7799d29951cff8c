package org.maat.bench.atrest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The operations of one measured configuration, accumulated over its repeats as SwitchCrypt did (30 results per size
 * for 10 operations and 3 repeats): medians of the write and read halves, their means (for overheads of runs that
 * mix two ciphers), and CPU nanoseconds per byte moved (written plus read).
 */
public record Summary(int operations, double medianWriteNanos, double medianReadNanos, double meanWriteNanos,
        double meanReadNanos, double cpuNanosPerByte) {

    /** Accumulates timings of operations on {@code size} bytes. */
    static final class Builder {
        private final int size;
        private final List<Long> writes = new ArrayList<>();
        private final List<Long> reads = new ArrayList<>();
        private long cpu;

        Builder(int size) {
            this.size = size;
        }

        void add(WriteRead.Timing t) {
            writes.add(t.writeNanos());
            reads.add(t.readNanos());
            cpu += t.cpuNanos();
        }

        Summary build() {
            int n = writes.size();
            return new Summary(n, median(writes), median(reads), mean(writes), mean(reads),
                    n == 0 ? 0 : cpu / (2.0 * size * n));
        }
    }

    /** Median latency of a whole operation (write then read). */
    public double medianNanos() {
        return medianWriteNanos + medianReadNanos;
    }

    static double median(List<Long> values) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }

    private static double mean(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).average().orElse(0);
    }
}
