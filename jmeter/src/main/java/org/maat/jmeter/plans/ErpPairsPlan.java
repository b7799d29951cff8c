package org.maat.jmeter.plans;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maat.erp.ErpQuery;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.SeriesRunner;
import org.maat.jmeter.run.SeriesTags;
import org.maat.jmeter.run.Workload;

/**
 * {@code erp-pairs} (the CryptDB ERP evaluation, Tables 2 and 3): pairs of Q7-Q15 at 1:1, each iteration sending A then
 * B, per backend; adaptive then open-model around the pair's knee. The single queries of the pairs
 * are measured first in the same run, the same way (series {@code BACKEND/Q7/adaptive} and
 * {@code .../open}), so the predicted pair throughput (n+m)/(n/T_A + m/T_B) uses capacities from the
 * same machine and run.
 */
final class ErpPairsPlan implements Plan {

    private static final List<String> PAIRED = List.of("Q7", "Q8", "Q9", "Q10", "Q11", "Q12", "Q13", "Q14", "Q15");

    @Override
    public void run(BenchSettings settings, RunContext context) throws Exception {
        List<List<ErpQuery>> pairs = pairs(settings.pairs());
        Set<ErpQuery> singles = new LinkedHashSet<>();
        pairs.forEach(singles::addAll);
        SeriesRunner runner = new SeriesRunner(context, settings.warmUpSteps());
        for (String backend : settings.backends()) {
            try (ErpServer server = ErpServer.start(settings, backend, context.runDir().resolve("work"), context.log())) {
                for (ErpQuery q : singles) {
                    // The pair plan with A = B = q: the same requests as q alone, one after another.
                    Workload single = new Workload(backend + "-" + q.name(), properties(q, q), Map.of(q.name(), 1), 2);
                    // Warm once per query (its first executions peel the onion layers it needs); pairs then
                    // run on queries that are all warm.
                    runner.warmUp(single, server.target(), settings.load());
                    runner.adaptiveThenOpen(single, server.target(), settings.load(), SeriesTags.erp(backend));
                }
                for (List<ErpQuery> pair : pairs) {
                    ErpQuery a = pair.get(0);
                    ErpQuery b = pair.get(1);
                    Map<String, Integer> mix = new LinkedHashMap<>();
                    mix.put(a.name(), 1);
                    mix.put(b.name(), 1);
                    Workload w = Workload.of(backend + "-" + a.name() + "+" + b.name(), properties(a, b), mix);
                    runner.adaptiveThenOpen(w, server.target(), settings.load(), SeriesTags.erp(backend));
                }
            }
        }
    }

    @Override
    public int workloads(BenchSettings settings) {
        List<List<ErpQuery>> pairs = pairs(settings.pairs());
        Set<ErpQuery> singles = new LinkedHashSet<>();
        pairs.forEach(singles::addAll);
        return settings.backends().size() * (singles.size() + pairs.size());
    }

    private static Map<String, String> properties(ErpQuery a, ErpQuery b) {
        return Map.of("a.path", ErpQueriesPlan.path(a), "a.label", a.name(),
                "b.path", ErpQueriesPlan.path(b), "b.label", b.name());
    }

    /** The named pairs ({@code Q7+Q8}), or every pair of Q7-Q15 if none is named. */
    static List<List<ErpQuery>> pairs(List<String> names) {
        List<List<ErpQuery>> pairs = new ArrayList<>();
        if (names.isEmpty()) {
            for (int i = 0; i < PAIRED.size(); i++) {
                for (int j = i + 1; j < PAIRED.size(); j++) {
                    pairs.add(List.of(ErpQuery.named(PAIRED.get(i)), ErpQuery.named(PAIRED.get(j))));
                }
            }
            return pairs;
        }
        for (String name : names) {
            String[] parts = name.split("\\+");
            if (parts.length != 2) {
                throw new IllegalArgumentException("a pair is two queries joined by '+', e.g. Q7+Q8, not '" + name + "'");
            }
            ErpQuery a = ErpQuery.named(parts[0].trim());
            ErpQuery b = ErpQuery.named(parts[1].trim());
            for (ErpQuery q : List.of(a, b)) {
                if (!PAIRED.contains(q.name())) {
                    throw new IllegalArgumentException("pairs are of Q7-Q15 (reads), not " + q.name());
                }
            }
            pairs.add(List.of(a, b));
        }
        return pairs;
    }
}
