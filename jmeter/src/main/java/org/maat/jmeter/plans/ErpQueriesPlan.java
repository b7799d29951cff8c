package org.maat.jmeter.plans;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.maat.erp.ErpQuery;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.SeriesRunner;
import org.maat.jmeter.run.SeriesTags;
import org.maat.jmeter.run.Workload;

/**
 * {@code erp-queries} (the CryptDB ERP evaluation, Fig. 2 and Table 1): each query alone, per backend, adaptive then
 * open-model. Reads first (Q7-Q15, Q10R), then the writes in the order that keeps the data steady:
 * Q16 inserts, Q17 updates, Q18 deletes what Q16 inserted. One warmed-up server per backend, as the
 * seed runs tests sequentially on a warmed-up machine.
 */
final class ErpQueriesPlan implements Plan {

    @Override
    public void run(BenchSettings settings, RunContext context) throws Exception {
        List<ErpQuery> queries = queries(settings.queries());
        SeriesRunner runner = new SeriesRunner(context, settings.warmUpSteps());
        for (String backend : settings.backends()) {
            try (ErpServer server = ErpServer.start(settings, backend, context.runDir().resolve("work"), context.log())) {
                for (ErpQuery q : queries) {
                    // Each query warms up on its own: its first executions peel the onion layers it needs.
                    Workload w = workload(backend, q);
                    runner.warmUp(w, server.target(), settings.load());
                    runner.adaptiveThenOpen(w, server.target(), settings.load(), SeriesTags.erp(backend));
                }
            }
        }
    }

    @Override
    public int workloads(BenchSettings settings) {
        return settings.backends().size() * queries(settings.queries()).size();
    }

    static Workload workload(String backend, ErpQuery q) {
        return Workload.of(backend + "-" + q.name(), Map.of("query.path", path(q),
                "query.method", q.modifies() ? "POST" : "GET", "query.label", q.name()), Map.of(q.name(), 1));
    }

    static String path(ErpQuery q) {
        return "/erp/" + q.name().toLowerCase(Locale.ROOT);
    }

    /** The named queries, in the plan's order (all if none named). */
    static List<ErpQuery> queries(List<String> names) {
        List<ErpQuery> order = new ArrayList<>();
        for (ErpQuery q : ErpQuery.values()) {
            if (!q.modifies()) {
                order.add(q);
            }
        }
        for (ErpQuery q : ErpQuery.values()) {
            if (q.modifies()) {
                order.add(q);
            }
        }
        if (names.isEmpty()) {
            return order;
        }
        List<ErpQuery> chosen = names.stream().map(ErpQuery::named).toList();
        return order.stream().filter(chosen::contains).toList();
    }
}
