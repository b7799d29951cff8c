package org.maat.jmeter.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one series sends: the plan's JMeter properties that choose the requests (e.g. {@code query.path})
 * and the sampler labels that count as its throughput, with how many of each one iteration of the
 * plan's workload sends (so an open-model request rate converts to an arrival rate).
 *
 * @param name       names the series' files and id, e.g. {@code encrypted-Q7}
 * @param properties the plan properties for this workload (host and port are added by the harness)
 * @param mix        counted labels and their relative weights, e.g. {@code {"Q7":1,"Q8":1}}
 * @param requestsPerIteration counted requests one iteration sends (e.g. a session of 5 searches: 5)
 */
public record Workload(String name, Map<String, String> properties, Map<String, Integer> mix,
                       int requestsPerIteration) {

    /** A workload whose iteration sends each counted label as many times as its weight. */
    public static Workload of(String name, Map<String, String> properties, Map<String, Integer> mix) {
        return new Workload(name, properties, mix, mix.values().stream().mapToInt(Integer::intValue).sum());
    }

    public Workload {
        Objects.requireNonNull(name, "name");
        properties = Map.copyOf(properties);
        mix = new LinkedHashMap<>(mix);
        if (mix.isEmpty() || mix.values().stream().anyMatch(w -> w < 1)) {
            throw new IllegalArgumentException("a workload counts at least one label, each at weight >= 1: " + mix);
        }
        if (requestsPerIteration < 1) {
            throw new IllegalArgumentException("an iteration sends at least one counted request");
        }
    }
}
