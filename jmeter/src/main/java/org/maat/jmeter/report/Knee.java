package org.maat.jmeter.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a load curve saturates: the highest throughput reached before more load only adds latency.
 *
 * <p>Walking the closed-loop levels in increasing thread count, a step saturates when throughput gains less
 * than {@link #MIN_GAIN} while mean latency rises by more than that: the extra threads only queue. The knee
 * is the point before the first such step. If no step saturates, the knee is the highest throughput seen
 * and {@link #saturated()} is false: the real knee lies beyond the levels tested and the figure is a lower
 * bound. For open-model levels, {@link #highestStableRate(LoadCurve)} gives the highest arrival rate the
 * server kept up with.
 *
 * @param point the knee point
 * @param saturated whether a level beyond the knee showed saturation
 * @param reason how the knee was chosen, in words
 */
public record Knee(LoadCurve.Point point, boolean saturated, String reason) {

    /** Relative throughput gain below which a step of load counts as gaining nothing. */
    public static final double MIN_GAIN = 0.10;
    /** Share of the offered rate an open-model level must achieve to count as stable. */
    public static final double MIN_ACHIEVED = 0.95;
    /** Largest error rate a stable open-model level may show. */
    public static final double MAX_ERROR_RATE = 0.01;

    /**
     * The knee of the curve's closed-loop levels ({@code threads-N}); a curve with none is walked in its own
     * order (open levels by rate).
     *
     * @throws IllegalArgumentException if the curve has no point
     */
    public static Knee of(LoadCurve curve) {
        List<LoadCurve.Point> points = curve.points(LoadCurve.Kind.CLOSED);
        if (points.isEmpty()) {
            points = curve.points();
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no load levels: the curve has no point to find a knee on");
        }
        for (int i = 0; i + 1 < points.size(); i++) {
            LoadCurve.Point here = points.get(i);
            LoadCurve.Point next = points.get(i + 1);
            double gain = next.throughput() / here.throughput() - 1;
            double rise = next.meanLatency() / here.meanLatency() - 1;
            if (gain < MIN_GAIN && rise > MIN_GAIN) {
                return new Knee(here, true, String.format(Locale.ROOT,
                        "%s -> %s: throughput %+.0f%%, mean latency %+.0f%%", here.level(), next.level(),
                        gain * 100, rise * 100));
            }
        }
        LoadCurve.Point best = points.get(0);
        for (LoadCurve.Point p : points) {
            if (p.throughput() > best.throughput()) {
                best = p;
            }
        }
        return new Knee(best, false, "not saturated up to " + points.get(points.size() - 1).level()
                + ": throughput still rose with load, the knee lies beyond (a lower bound)");
    }

    /**
     * The highest open-model rate ({@code rate-R}) that settled into a steady state, achieved at least
     * {@link #MIN_ACHIEVED} of its offered rate and failed at most {@link #MAX_ERROR_RATE} of its requests.
     */
    public static Optional<LoadCurve.Point> highestStableRate(LoadCurve curve) {
        return curve.points(LoadCurve.Kind.OPEN).stream()
                .filter(Knee::stable)
                .reduce((a, b) -> b.load() > a.load() ? b : a);
    }

    /** Whether an open-model level kept up with its offered rate (see {@link #highestStableRate}). */
    public static boolean stable(LoadCurve.Point p) {
        return p.kind() == LoadCurve.Kind.OPEN && p.steadyState().settled()
                && p.throughput() >= MIN_ACHIEVED * p.load() && p.errorRate() <= MAX_ERROR_RATE;
    }
}
