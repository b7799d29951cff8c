package org.maat.jmeter.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The samples of a run after its warm-up, found by detecting steady state rather than dropping a fixed count.
 *
 * <p>The run is cut into equal time windows; each window has a mean latency and a throughput (completions per
 * second). The steady values are the medians over the last third of the windows. The run is <em>settled</em>
 * from the first window after which every window stays within the tolerance of both steady values, provided
 * that stable stretch lasts at least as long as the transient before it (a stretch shorter than its transient
 * says nothing about what follows). A run that never settles, or is too short to judge, keeps all its samples
 * and says so in {@link #reason()}, so a report can flag the figure instead of silently averaging start-up into
 * it. Isolated one-window spikes (a GC pause) are smoothed by a 3-window median before judging, and the
 * latency band is never narrower than 1 ms, JMeter's clock resolution.
 *
 * @param samples the samples kept, ordered by completion time
 * @param settled whether a steady state was found; if not, {@code samples} holds every input sample
 * @param cutAt epoch ms where the kept part starts (the run's first start when nothing was cut)
 * @param dropped how many samples were dropped as warm-up
 * @param transientMillis how long the warm-up lasted (0 when the run was stable from the start)
 * @param stableMillis how long the run stayed steady after the cut
 * @param reason where and why the run was cut, or why it was not, in words
 */
public record SteadyState(List<Sample> samples, boolean settled, long cutAt, int dropped, long transientMillis,
        long stableMillis, String reason) {

    /** Relative band around the steady values within which a window counts as steady. */
    public static final double DEFAULT_TOLERANCE = 0.25;
    /** Fewer samples than this cannot show a transient and a stable stretch apart. */
    public static final int MIN_SAMPLES = 80;

    /** JMeter times in whole ms, so a latency band narrower than this is measuring its clock, not the server. */
    private static final double LATENCY_RESOLUTION_MILLIS = 1.0;
    private static final int SAMPLES_PER_WINDOW = 16;
    private static final int MAX_WINDOWS = 40;

    public SteadyState {
        samples = List.copyOf(samples);
    }

    /** The samples after warm-up, with {@link #DEFAULT_TOLERANCE}. */
    public static SteadyState trim(List<Sample> samples) {
        return trim(samples, DEFAULT_TOLERANCE);
    }

    /**
     * The samples after warm-up.
     *
     * @param tolerance relative deviation from the steady latency and throughput a window may show, e.g. 0.25
     */
    public static SteadyState trim(List<Sample> samples, double tolerance) {
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance must be > 0, got " + tolerance);
        }
        List<Sample> byEnd = new ArrayList<>(samples);
        byEnd.sort(Comparator.comparingLong(Sample::end).thenComparingLong(Sample::timeStamp));
        long start = byEnd.stream().mapToLong(Sample::timeStamp).min().orElse(0);
        long end = byEnd.isEmpty() ? 0 : byEnd.get(byEnd.size() - 1).end();
        if (byEnd.size() < MIN_SAMPLES || end <= start) {
            return new SteadyState(byEnd, false, start, 0, 0, end - start, String.format(Locale.ROOT,
                    "not settled: only %d samples over %s, too few to tell warm-up from steady state"
                            + " (need %d); kept all", byEnd.size(), seconds(end - start), MIN_SAMPLES));
        }
        int windows = Math.min(MAX_WINDOWS, byEnd.size() / SAMPLES_PER_WINDOW);
        double width = (double) (end - start) / windows;
        double[] latency = new double[windows];
        double[] throughput = new double[windows];
        measure(byEnd, start, width, latency, throughput);
        double[] smoothLatency = medianOf3(latency);
        double[] smoothThroughput = medianOf3(throughput);
        int tail = Math.max(2, windows / 3);
        double steadyLatency = median(Arrays.copyOfRange(smoothLatency, windows - tail, windows));
        double steadyThroughput = median(Arrays.copyOfRange(smoothThroughput, windows - tail, windows));

        int first = windows; // first window of the stable stretch that reaches the end
        while (first > 0 && latencyWithin(smoothLatency[first - 1], steadyLatency, tolerance)
                && within(smoothThroughput[first - 1], steadyThroughput, tolerance)) {
            first--;
        }
        long cutAt = start + Math.round(first * width);
        long transientMillis = cutAt - start;
        long stableMillis = end - cutAt;
        String steady = String.format(Locale.ROOT, "steady mean latency %.1f ms and throughput %.1f req/s (±%.0f%%,"
                + " %d windows of %s)", steadyLatency, steadyThroughput, tolerance * 100, windows, seconds(width));
        if (first == windows) {
            return new SteadyState(byEnd, false, start, 0, end - start, 0,
                    "not settled: the last window is already outside the band around the " + steady + "; kept all");
        }
        if (stableMillis < transientMillis) {
            return new SteadyState(byEnd, false, start, 0, transientMillis, stableMillis, String.format(Locale.ROOT,
                    "not settled: stable for only %s after a transient of %s (%s); kept all",
                    seconds(stableMillis), seconds(transientMillis), outOfBand(smoothLatency[first - 1],
                            smoothThroughput[first - 1], steadyLatency, steadyThroughput, tolerance)));
        }
        if (first == 0) {
            return new SteadyState(byEnd, true, start, 0, 0, stableMillis,
                    "stable from the start over " + seconds(stableMillis) + ": " + steady + "; nothing cut");
        }
        // a request sent before the cut was sent into the warm-up, even if it completed after it
        List<Sample> kept = byEnd.stream().filter(s -> s.timeStamp() >= cutAt).toList();
        return new SteadyState(kept, true, cutAt, byEnd.size() - kept.size(), transientMillis, stableMillis,
                String.format(Locale.ROOT, "cut %d samples (first %s: %s), then stable for %s at %s",
                        byEnd.size() - kept.size(), seconds(transientMillis), outOfBand(smoothLatency[first - 1],
                                smoothThroughput[first - 1], steadyLatency, steadyThroughput, tolerance),
                        seconds(stableMillis), steady));
    }

    private static void measure(List<Sample> byEnd, long start, double width, double[] latency,
            double[] throughput) {
        int windows = latency.length;
        long[] count = new long[windows];
        double[] sum = new double[windows];
        for (Sample s : byEnd) {
            int w = (int) Math.min(windows - 1, (long) ((s.end() - start) / width));
            count[w]++;
            sum[w] += s.elapsed();
        }
        for (int w = 0; w < windows; w++) {
            // a window in which nothing completed is a stall: infinitely slow, not undefined
            latency[w] = count[w] == 0 ? Double.POSITIVE_INFINITY : sum[w] / count[w];
            throughput[w] = count[w] * 1000.0 / width;
        }
    }

    private static String outOfBand(double latency, double throughput, double steadyLatency,
            double steadyThroughput, double tolerance) {
        List<String> why = new ArrayList<>();
        if (!latencyWithin(latency, steadyLatency, tolerance)) {
            why.add(String.format(Locale.ROOT, "latency %.1f ms vs steady %.1f ms", latency, steadyLatency));
        }
        if (!within(throughput, steadyThroughput, tolerance)) {
            why.add(String.format(Locale.ROOT, "throughput %.1f req/s vs steady %.1f req/s", throughput,
                    steadyThroughput));
        }
        return String.join(", ", why);
    }

    private static boolean latencyWithin(double latency, double steady, double tolerance) {
        return Math.abs(latency - steady) <= Math.max(tolerance * steady, LATENCY_RESOLUTION_MILLIS);
    }

    private static boolean within(double value, double steady, double tolerance) {
        return Math.abs(value - steady) <= tolerance * Math.abs(steady);
    }

    private static double[] medianOf3(double[] values) {
        double[] smooth = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (i == 0 || i == values.length - 1) {
                smooth[i] = values[i]; // the ends have one neighbour: keep them raw so a real edge stays visible
            } else {
                smooth[i] = median(new double[] {values[i - 1], values[i], values[i + 1]});
            }
        }
        return smooth;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    static String seconds(double millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
