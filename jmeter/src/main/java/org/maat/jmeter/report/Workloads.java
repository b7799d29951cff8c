package org.maat.jmeter.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's ERP series grouped by workload (backend and mix): each workload's closed-loop and open-model
 * curves and the {@link Capacity} they show. Sequence series are not workloads of this kind and are skipped.
 */
final class Workloads {

    /** A mix on a backend, e.g. encrypted Q7 alone or encrypted Q7+Q8 at 1:1. */
    record Key(String backend, Map<String, Double> mix) {
    }

    private final Map<Key, Capacity> capacities = new LinkedHashMap<>();
    private final Map<Key, List<RunDescription.Series>> series = new LinkedHashMap<>();

    Workloads(RunDescription run, RunSamples samples) {
        Map<Key, List<LoadCurve>> adaptive = new LinkedHashMap<>();
        Map<Key, List<LoadCurve>> open = new LinkedHashMap<>();
        for (RunDescription.Series s : run.series()) {
            if (s.load().equals("sequence")) {
                continue;
            }
            Key key = new Key(s.backend(), s.mix());
            series.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
            adaptive.computeIfAbsent(key, k -> new ArrayList<>());
            open.computeIfAbsent(key, k -> new ArrayList<>());
            samples.curve(s).ifPresent(curve -> (s.load().equals("open") ? open : adaptive).get(key).add(curve));
        }
        adaptive.keySet().forEach(key -> capacities.put(key, Capacity.of(adaptive.get(key), open.get(key))));
    }

    /** The capacity of {@code mix} on {@code backend}, or null if the run has no series for it. */
    Capacity capacity(String backend, Map<String, Double> mix) {
        return capacities.get(new Key(backend, mix));
    }

    List<Key> keys() {
        return List.copyOf(capacities.keySet());
    }

    List<RunDescription.Series> series(Key key) {
        return series.getOrDefault(key, List.of());
    }

    /** Query labels in the ERP order: by number, then suffix (Q7 ... Q10, Q10R, ... Q18). */
    static final Comparator<String> QUERY_ORDER = Comparator.comparingInt(Workloads::queryNumber)
            .thenComparing(Comparator.naturalOrder());

    private static int queryNumber(String label) {
        String digits = label.replaceAll("\\D+", " ").strip();
        if (digits.isEmpty()) {
            return Integer.MAX_VALUE;
        }
        try {
            return Integer.parseInt(digits.split(" ")[0]);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
