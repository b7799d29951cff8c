package org.maat.jmeter.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one workload (a query or a mix, on one backend) sustained: the knee of its closed-loop curve and,
 * when open-model rates were run, the highest stable one. The stable rate is the better figure (it held a
 * fixed arrival rate without queueing up), so {@link #throughput()} prefers it, as the published Table 1 does.
 *
 * @param knee the knee of the adaptive series, or null if none was run or it held no samples
 * @param stableRate the highest stable open-model level, or null
 * @param openTried whether open-model levels were run at all
 */
record Capacity(Knee knee, LoadCurve.Point stableRate, boolean openTried) {

    /** The capacity shown by the curves of a workload's adaptive and open series (either may be absent). */
    static Capacity of(List<LoadCurve> adaptive, List<LoadCurve> open) {
        Knee knee = adaptive.stream().filter(c -> !c.points().isEmpty()).findFirst().map(Knee::of).orElse(null);
        LoadCurve.Point stable = open.stream().map(Knee::highestStableRate).flatMap(Optional::stream)
                .reduce((a, b) -> b.load() > a.load() ? b : a).orElse(null);
        boolean openTried = open.stream().anyMatch(c -> !c.points().isEmpty());
        return new Capacity(knee, stable, openTried);
    }

    boolean measured() {
        return knee != null || stableRate != null;
    }

    /** The level {@link #throughput()} comes from: the highest stable rate, else the knee; null if neither. */
    LoadCurve.Point point() {
        return stableRate != null ? stableRate : knee == null ? null : knee.point();
    }

    /** Requests/s: the highest stable rate if there is one, else the knee's throughput; NaN if neither. */
    double throughput() {
        if (stableRate != null) {
            return stableRate.throughput();
        }
        return knee == null ? Double.NaN : knee.point().throughput();
    }

    /** Where {@link #throughput()} comes from, in a few words. */
    String source() {
        if (stableRate != null) {
            return "stable at " + Figure.load(stableRate.load()) + " req/s";
        }
        if (knee == null) {
            return "not measured";
        }
        return String.format(Locale.ROOT, "knee at %s%s", knee.point().level(), knee.saturated() ? "" : " (lower bound)");
    }
}
