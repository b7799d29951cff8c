package org.maat.jmeter.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One measured series of a run: one CSV of JMeter samples under one kind of load, as
 * {@code run.json} lists it. Fields that do not apply to the plan are null (serialized as such).
 *
 * @param id            unique within the run, e.g. {@code encrypted/Q7/adaptive}
 * @param file          the CSV, relative to the run directory
 * @param load          {@code adaptive} (levels are threads), {@code open} (levels are requests/s) or
 *                      {@code sequence} (one thread, levels [1])
 * @param levels        the levels actually run, in order
 * @param mix           the sampler labels counted as the workload, with their weights
 * @param backend       {@code plain}|{@code encrypted} for ERP plans
 * @param topology      {@code 2servers}|{@code 4servers} for search-mix
 * @param sessionLength searches per session for search-mix
 * @param policy        {@code baseline}|{@code public}|{@code mix} for search-mix
 * @param order         {@code sequential}|{@code interleaved} for q10-q10r
 */
public record Series(String id, String file, String load, List<Number> levels, Map<String, Integer> mix,
                     String backend, String topology, Integer sessionLength, String policy, String order) {

    public static final String ADAPTIVE = "adaptive";
    public static final String OPEN = "open";
    public static final String SEQUENCE = "sequence";

    public Series {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(file, "file");
        if (!List.of(ADAPTIVE, OPEN, SEQUENCE).contains(load)) {
            throw new IllegalArgumentException("load must be adaptive, open or sequence, not " + load);
        }
        levels = List.copyOf(levels);
        mix = new LinkedHashMap<>(mix);
    }
}
