package org.maat.jmeter.plans;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.SeriesRunner;
import org.maat.jmeter.run.SeriesTags;
import org.maat.jmeter.run.Workload;

/**
 * {@code q10-q10r} (the CryptDB ERP evaluation, Fig. 6): does a random-valued query (Q10R) cost more than the same
 * query with fixed values (Q10), i.e. is anything cached? One thread, per backend, each order on a
 * freshly restarted server (the effect is in the first latencies): sequential (Q10 first, then Q10R;
 * 300 then 1,300) and interleaved (Q10, Q10R alternating; 800 pairs).
 */
final class Q10Plan implements Plan {

    /** An upper bound per request, generous: the bound only stops a run that hangs. */
    private static final Duration PER_REQUEST = Duration.ofMillis(500);

    @Override
    public void run(BenchSettings settings, RunContext context) throws Exception {
        int first = settings.sequence().get(0);
        int then = settings.sequence().get(1);
        int pairs = settings.sequence().get(2);
        SeriesRunner runner = new SeriesRunner(context, settings.warmUpSteps());
        for (String backend : settings.backends()) {
            try (ErpServer server = ErpServer.start(settings, backend, context.runDir().resolve("work"), context.log())) {
                Map<String, Integer> mix = new LinkedHashMap<>();
                mix.put("Q10", 1);
                mix.put("Q10R", 1);
                Workload sequential = new Workload(backend + "-sequential",
                        Map.of("q10.first", Integer.toString(first), "q10r.then", Integer.toString(then),
                                "alternate", "0"), mix, 1);
                runner.sequence(sequential, server.target(), limit(first + then), SeriesTags.sequence(backend,
                        "sequential"));
                server.restart();
                Workload interleaved = new Workload(backend + "-interleaved",
                        Map.of("q10.first", "0", "q10r.then", "0", "alternate", Integer.toString(pairs)), mix, 1);
                runner.sequence(interleaved, server.target(), limit(2 * pairs), SeriesTags.sequence(backend,
                        "interleaved"));
            }
        }
    }

    @Override
    public int workloads(BenchSettings settings) {
        return settings.backends().size() * 2;
    }

    private static Duration limit(int requests) {
        return Duration.ofSeconds(60).plus(PER_REQUEST.multipliedBy(requests));
    }
}
