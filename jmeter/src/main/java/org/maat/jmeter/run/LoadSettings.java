package org.maat.jmeter.run;

import java.util.List;

/**
 * How a series is loaded: adaptive steps of {@code stepSeconds} each over thread counts {@code levels}
 * (stopped at saturation), then open-model rates at {@code rateFactors} times the knee throughput,
 * {@code stepSeconds} each.
 *
 * @param stepSeconds seconds per level, ramp-up included
 * @param levels      thread counts, increasing (at most {@value #MAX_STEPS})
 * @param rateFactors multiples of the knee throughput (at most {@value #MAX_RATES}); empty: no open model
 */
public record LoadSettings(int stepSeconds, List<Integer> levels, List<Double> rateFactors) {

    /** Thread groups the plans hold for adaptive steps ({@code level.1} ...) and open rates ({@code rate.1} ...). */
    public static final int MAX_STEPS = 10;
    public static final int MAX_RATES = 6;

    public LoadSettings {
        levels = List.copyOf(levels);
        rateFactors = List.copyOf(rateFactors);
        if (stepSeconds < 2) {
            throw new IllegalArgumentException("a step lasts at least 2 seconds, not " + stepSeconds);
        }
        if (levels.isEmpty() || levels.size() > MAX_STEPS) {
            throw new IllegalArgumentException("1 to " + MAX_STEPS + " thread levels, not " + levels);
        }
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i) < 1 || (i > 0 && levels.get(i) <= levels.get(i - 1))) {
                throw new IllegalArgumentException("thread levels must be positive and increasing: " + levels);
            }
        }
        if (rateFactors.size() > MAX_RATES || rateFactors.stream().anyMatch(f -> !(f > 0))) {
            throw new IllegalArgumentException("at most " + MAX_RATES + " positive rate factors: " + rateFactors);
        }
    }

    /** Levels 1, 2, 4, ... up to {@code max} (and {@code max} itself if it is no power of two). */
    public static List<Integer> doubling(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("the highest thread level must be at least 1, not " + max);
        }
        List<Integer> levels = new java.util.ArrayList<>();
        for (int n = 1; n <= max && levels.size() < MAX_STEPS; n *= 2) {
            levels.add(n);
        }
        if (levels.get(levels.size() - 1) != max && levels.size() < MAX_STEPS) {
            levels.add(max);
        }
        return levels;
    }

    /** Ramp-up: threads start evenly over the first quarter of a step, so they do not send in lockstep. */
    public int rampUpSeconds() {
        return Math.max(1, stepSeconds / 4);
    }

    /** Open model: seconds without arrivals after each rate, for requests in flight to finish. */
    public int drainSeconds() {
        return Math.min(30, Math.max(3, stepSeconds / 2));
    }

    /** The longest an adaptive run may take before the harness stops it. */
    public java.time.Duration adaptiveLimit() {
        return java.time.Duration.ofSeconds((long) levels.size() * (stepSeconds + 10L) + 60);
    }

    /** The longest an open-model run may take before the harness stops it. */
    public java.time.Duration openLimit() {
        return java.time.Duration.ofSeconds((long) rateFactors.size() * (stepSeconds + drainSeconds() + 35L) + 60);
    }
}
