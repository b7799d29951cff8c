package org.maat.jmh.report;

import java.util.Map;
import java.util.Objects;

/**
 * One benchmark result of a JMH run: the benchmark's full name, its parameters, and the primary
 * metric (score, its 99.9% error, unit). {@code scoreError} is NaN when JMH had too few iterations
 * to give one (a quick run).
 */
public record JmhResult(String benchmark, Map<String, String> params, double score, double scoreError, String unit) {

    public JmhResult {
        Objects.requireNonNull(benchmark, "benchmark");
        params = Map.copyOf(params);
        Objects.requireNonNull(unit, "unit");
    }

    /** {@code Class.method}, without the package: how the report and JMH's own summary name it. */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1);
    }

    /** The value of parameter {@code name}, or null if the benchmark has no such parameter. */
    public String param(String name) {
        return params.get(name);
    }
}
