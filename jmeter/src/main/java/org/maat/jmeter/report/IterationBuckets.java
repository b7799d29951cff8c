package org.maat.jmeter.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The published Fig. 6 bucketing of latency over iterations: iterations 1 to 10 stand alone, 11 to 100 are
 * averaged in tens, and from 101 on in hundreds; each bucket is plotted at the mean iteration of the samples
 * it holds (iterations 201 to 300 at 250.5). The fine buckets keep the fast early drop visible while the long
 * tail stays readable.
 */
final class IterationBuckets {

    /** One plotted point: the mean iteration of the bucket's samples and their mean latency. */
    record Point(double iteration, double meanLatency, int samples) {
    }

    private IterationBuckets() {
    }

    /**
     * @param iterations 1-based iteration numbers
     * @param latencies the latency of each iteration, same length
     */
    static List<Point> of(long[] iterations, double[] latencies) {
        if (iterations.length != latencies.length) {
            throw new IllegalArgumentException(iterations.length + " iterations but " + latencies.length
                    + " latencies");
        }
        TreeMap<Long, double[]> buckets = new TreeMap<>(); // first iteration of the bucket -> {sum it, sum lat, n}
        for (int i = 0; i < iterations.length; i++) {
            long it = iterations[i];
            if (it < 1) {
                throw new IllegalArgumentException("iterations are 1-based, got " + it);
            }
            double[] b = buckets.computeIfAbsent(firstOfBucket(it), k -> new double[3]);
            b[0] += it;
            b[1] += latencies[i];
            b[2]++;
        }
        List<Point> points = new ArrayList<>();
        buckets.values().forEach(b -> points.add(new Point(b[0] / b[2], b[1] / b[2], (int) b[2])));
        return points;
    }

    static long firstOfBucket(long iteration) {
        if (iteration <= 10) {
            return iteration;
        }
        long width = iteration <= 100 ? 10 : 100;
        return (iteration - 1) / width * width + 1;
    }
}
