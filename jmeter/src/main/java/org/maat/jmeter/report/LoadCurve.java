package org.maat.jmeter.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Latency against throughput, one point per load level of a run, each measured over its own steady part.
 *
 * <p>A level is a JMeter thread group ({@link Sample#level()}): {@code threads-N} runs N closed-loop threads,
 * {@code rate-R} an open-model arrival rate of R requests/s. Each level's samples are trimmed by
 * {@link SteadyState#trim(List)} independently, since every step of load has its own transient. Throughput
 * counts successful responses only (an error page returned fast is not served work); failures are counted in
 * {@link Point#errors()}. Points are ordered by their numeric load.
 *
 * @param points one per level, in increasing load
 */
public record LoadCurve(List<Point> points) {

    /** The kind of load a level applies, from the thread group's name. */
    public enum Kind {
        /** {@code threads-N}: N threads, each sending its next request when the last one returned. */
        CLOSED("threads-"),
        /** {@code rate-R}: requests arrive at R per second whatever the server's pace. */
        OPEN("rate-"),
        /** Any other thread group name, e.g. the single thread of a sequence. */
        OTHER("");

        private final String prefix;

        Kind(String prefix) {
            this.prefix = prefix;
        }

        static Kind of(String level) {
            for (Kind kind : List.of(CLOSED, OPEN)) {
                if (level.startsWith(kind.prefix) && parses(level.substring(kind.prefix.length()))) {
                    return kind;
                }
            }
            return OTHER;
        }

        private static boolean parses(String number) {
            try {
                return Double.parseDouble(number) >= 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
    }

    /**
     * One level of load, measured over its steady part.
     *
     * @param level the thread group name, e.g. {@code threads-4}
     * @param kind what the level's number means
     * @param load threads (closed) or offered requests/s (open); NaN for {@link Kind#OTHER}
     * @param samples how many samples the steady part holds
     * @param throughput successful responses per second over the steady part
     * @param meanLatency mean response time (JMeter's {@code elapsed}) in ms over the steady part
     * @param p95Latency 95th percentile response time (nearest rank) in ms
     * @param errors failed samples in the steady part
     * @param steadyState where the level's warm-up was cut, and whether it settled at all
     */
    public record Point(String level, Kind kind, double load, int samples, double throughput, double meanLatency,
            double p95Latency, int errors, SteadyState steadyState) {

        /** Failed samples as a fraction of the steady part. */
        public double errorRate() {
            return samples == 0 ? 0 : (double) errors / samples;
        }
    }

    public LoadCurve {
        points = List.copyOf(points);
    }

    /**
     * The curve of the samples whose label is in {@code labels} (all samples if {@code labels} is empty).
     * Levels with no such sample give no point.
     */
    public static LoadCurve of(List<Sample> samples, Set<String> labels) {
        Map<String, List<Sample>> byLevel = new LinkedHashMap<>();
        for (Sample s : samples) {
            if (labels.isEmpty() || labels.contains(s.label())) {
                byLevel.computeIfAbsent(s.level(), level -> new ArrayList<>()).add(s);
            }
        }
        List<Point> points = new ArrayList<>();
        byLevel.forEach((level, levelSamples) -> points.add(point(level, SteadyState.trim(levelSamples))));
        points.sort(Comparator.comparing((Point p) -> p.kind()).thenComparingDouble(Point::load)
                .thenComparing(Point::level));
        return new LoadCurve(points);
    }

    /** The points of one kind of load, in increasing load. */
    public List<Point> points(Kind kind) {
        return points.stream().filter(p -> p.kind() == kind).toList();
    }

    private static Point point(String level, SteadyState steady) {
        List<Sample> kept = steady.samples();
        Kind kind = Kind.of(level);
        double load = kind == Kind.OTHER ? Double.NaN : Double.parseDouble(level.substring(level.indexOf('-') + 1));
        long first = kept.stream().mapToLong(Sample::timeStamp).min().orElse(0);
        long last = kept.stream().mapToLong(Sample::end).max().orElse(0);
        double seconds = (last - first) / 1000.0;
        long ok = kept.stream().filter(Sample::success).count();
        double throughput = seconds > 0 ? ok / seconds : 0;
        double mean = kept.stream().mapToLong(Sample::elapsed).average().orElse(Double.NaN);
        long[] sorted = kept.stream().mapToLong(Sample::elapsed).sorted().toArray();
        double p95 = sorted.length == 0 ? Double.NaN : sorted[(int) Math.ceil(0.95 * sorted.length) - 1];
        return new Point(level, kind, load, kept.size(), throughput, mean, p95, (int) (kept.size() - ok), steady);
    }
}
