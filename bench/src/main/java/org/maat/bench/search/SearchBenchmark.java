package org.maat.bench.search;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;
import org.maat.bench.load.Latencies;
import org.maat.core.InvalidSettingException;
import org.maat.core.data.Manifest;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;
import org.maat.policy.monitor.PolicyViolation;

/**
 * The search overhead benchmark, closed loop: {@code threads} clients each issue their next query as
 * soon as the previous one returns, on four configurations of one open index, paired per query
 * (see {@link #run}) so that a busy machine disturbs all alike:
 * <ul>
 *   <li>{@code unfiltered}: raw Lucene, no monitor, no session filter;</li>
 *   <li>{@code all-public}: the monitor with every document public (so no filter is needed), to be
 *       compared with {@code unfiltered}: the cost of interposition alone;</li>
 *   <li>{@code no-policy}: the search task with its session filter, no monitor (the baseline);</li>
 *   <li>{@code mix}: the monitor with the data's own policies, MAL and censorship, to be compared
 *       with {@code no-policy}: the monitor's cost on the full mix.</li>
 * </ul>
 *
 * <p>Like for like: the four share one open index and rank with the same statistics (those of what
 * every session of the region may read) and all four have their released ids scored and their order
 * certified by the runtime ({@code TrustedRanking}), so each pair differs only in the monitor and
 * the filter.
 *
 * <p>The workload follows Thoth's: queries are document titles drawn with a Zipf distribution
 * (exponent 1) over the distinct titles in a seeded random order; each query is assigned to a
 * random user in the blacklisting region, and 1% to an employee when the population has one.
 */
public final class SearchBenchmark {

    /** The settings' names in {@link InvalidSettingException}s. */
    public static final String THREADS = "threads";
    public static final String QUERIES = "queries";

    /**
     * One configuration's figures over all measured rounds. Throughput is the closed-loop rate the
     * clients would reach on this configuration alone: clients / mean latency (Little's law).
     */
    public record Measurement(String config, long queries, int clients, double meanMillis, double p95Millis,
                              long refused) {
        public double throughput() {
            return clients * 1000.0 / meanMillis;
        }
    }

    /** How long one query may run here before the benchmark fails. */
    static final Duration QUERY_BUDGET = Duration.ofMinutes(1);

    private final SearchService monitored;
    private final int threads;
    private final int k;
    private final List<Session> sessions = new ArrayList<>();
    private final List<String> queries = new ArrayList<>();
    private final int distinctTitles;

    public SearchBenchmark(SearchService monitored, Manifest manifest, int threads, int queries, int k, long seed) {
        if (!monitored.monitored()) {
            throw new IllegalArgumentException("the benchmark needs a monitored service; it derives the baseline");
        }
        InvalidSettingException.require(threads >= 1, THREADS, "must be at least 1, not " + threads);
        InvalidSettingException.require(queries >= 1, QUERIES, "must be at least 1, not " + queries);
        // A generous time budget: on a loaded machine the first queries (which build a region's ranking
        // statistics) can pass the service's 5 s, and a benchmark must measure them, not stop.
        this.monitored = monitored.withQueryBudget(QUERY_BUDGET);
        this.threads = threads;
        this.k = k;
        SplittableRandom random = new SplittableRandom(seed);
        TitleQueries titles = TitleQueries.of(monitored.data(), random);
        this.distinctTitles = titles.distinctTitles();
        for (int i = 0; i < queries; i++) {
            this.queries.add(titles.next(random));
            boolean employee = !manifest.employees().isEmpty() && random.nextInt(100) == 0;
            String user = employee ? manifest.employees().get(random.nextInt(manifest.employees().size()))
                    : Manifest.user(random.nextInt(manifest.users()));
            sessions.add(Session.of(user, manifest.blacklistRegion()));
        }
    }

    public int distinctTitles() {
        return distinctTitles;
    }

    /** Each configuration and the one it is compared with. */
    public static final Map<String, String> BASELINES = Map.of("unfiltered", "unfiltered", "all-public", "unfiltered",
            "no-policy", "no-policy", "mix", "no-policy");

    /**
     * Runs a warm-up pass and {@code rounds} measured passes. In a pass every client takes the next
     * query and runs it on every configuration back to back, in an order rotating with the query, so
     * that whatever else the machine does falls on all configurations alike (paired measurement).
     */
    public Map<String, Measurement> run(int rounds, Consumer<String> log) throws Exception {
        Map<String, SearchService> configs = new LinkedHashMap<>();
        configs.put("unfiltered", monitored.asUnfiltered());
        configs.put("all-public", monitored.asAllPublic());
        configs.put("no-policy", monitored.withMonitoring(Monitoring.NONE));
        configs.put("mix", monitored);
        List<String> names = new ArrayList<>(configs.keySet());
        List<SearchService> services = names.stream().map(configs::get).toList();
        Pass warm = pass(services, Math.min(queries.size(), 1_000));
        log.accept(String.format("warm-up: %,d queries x %d configurations in %.1f s", warm.queries,
                services.size(), warm.wallNanos / 1e9));
        List<Pass> passes = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            Pass pass = pass(services, queries.size());
            passes.add(pass);
            StringBuilder line = new StringBuilder(String.format("round %d:", r + 1));
            for (int c = 0; c < names.size(); c++) {
                line.append(String.format(" %s %.3f ms", names.get(c),
                        Arrays.stream(pass.latencies[c]).average().orElse(0) / 1e6));
            }
            log.accept(line.toString());
        }
        Map<String, Measurement> out = new LinkedHashMap<>();
        for (int c = 0; c < names.size(); c++) {
            out.put(names.get(c), summarize(names.get(c), c, passes));
        }
        return out;
    }

    private record Pass(int queries, long wallNanos, long[][] latencies, long[] refused) {
    }

    /**
     * One pass over the first {@code count} queries on the {@link ClosedLoop}: request {@code i} runs
     * query {@code i} on every configuration, timing each.
     */
    private Pass pass(List<SearchService> services, int count) throws Exception {
        int n = services.size();
        long[][] latencies = new long[n][count];
        AtomicLong[] refused = new AtomicLong[n];
        Arrays.setAll(refused, i -> new AtomicLong());
        ClosedLoop.Result run = ClosedLoop.of(threads).count(count).named("maat-bench-search").run(client -> request -> {
            int i = (int) request;
            for (int step = 0; step < n; step++) {
                int c = (step + i) % n;
                long t0 = System.nanoTime();
                try {
                    services.get(c).search(sessions.get(i), queries.get(i), k);
                } catch (PolicyViolation refusal) {
                    refused[c].incrementAndGet();
                }
                latencies[c][i] = System.nanoTime() - t0;
            }
            return Outcome.answered();
        });
        long[] refusedCounts = Arrays.stream(refused).mapToLong(AtomicLong::get).toArray();
        return new Pass(count, (long) (run.seconds() * 1e9), latencies, refusedCounts);
    }

    private Measurement summarize(String name, int config, List<Pass> passes) {
        long refused = 0;
        List<long[]> all = new ArrayList<>();
        for (Pass p : passes) {
            refused += p.refused[config];
            all.add(p.latencies[config]);
        }
        Latencies latencies = Latencies.of(all.stream().flatMapToLong(Arrays::stream).toArray());
        return new Measurement(name, latencies.count(), threads, latencies.meanMillis(), latencies.percentileMillis(0.95),
                refused);
    }
}
