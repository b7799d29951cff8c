package org.maat.jmh.report;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** The results of one JMH run and a one-line description of its settings (JVM, forks, iterations). */
public record JmhRun(List<JmhResult> results, String settings) {

    public JmhRun {
        results = List.copyOf(results);
    }

    /** Results of benchmark {@code shortName} ({@code Class.method}), in run order. */
    public List<JmhResult> of(String shortName) {
        return results.stream().filter(r -> r.shortName().equals(shortName)).toList();
    }

    /** The first result of {@code shortName} whose parameters satisfy {@code params}. */
    public Optional<JmhResult> find(String shortName, Predicate<JmhResult> params) {
        return of(shortName).stream().filter(params).findFirst();
    }
}
