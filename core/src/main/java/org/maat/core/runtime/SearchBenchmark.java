package org.maat.core.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.DocumentScan;
import org.maat.core.data.Manifest;
import org.maat.policy.Session;
import org.maat.policy.monitor.PolicyViolation;

/**
 * The search overhead benchmark, closed loop: {@code threads} clients each issue their next query as
 * soon as the previous one returns, over four configurations of one open index, in rotating order
 * over several rounds after a warm-up of each:
 * <ul>
 *   <li>{@code unfiltered}: raw Lucene, no monitor, no session filter;</li>
 *   <li>{@code all-public}: the monitor with every document public (so no filter is needed), to be
 *       compared with {@code unfiltered}: the cost of interposition alone;</li>
 *   <li>{@code no-policy}: the search task with its session filter, no monitor (the baseline);</li>
 *   <li>{@code mix}: the monitor with the data's own policies, MAL and censorship, to be compared
 *       with {@code no-policy}: the monitor's cost on the full mix.</li>
 * </ul>
 *
 * <p>The workload follows Thoth's: queries are document titles drawn with a Zipf distribution
 * (exponent 1) over the distinct titles in a seeded random order; each query is assigned to a
 * random user in the blacklisting region, and 1% to an employee when the population has one.
 */
public final class SearchBenchmark {

    /** One configuration's figures, over all its measured rounds. */
    public record Measurement(String config, long queries, double seconds, double meanMillis, double p95Millis,
                              long refused) {
        public double throughput() {
            return queries / seconds;
        }
    }

    private static final int MAX_TITLES = 20_000;

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
        if (threads < 1 || queries < 1) {
            throw new IllegalArgumentException("--threads and --queries must be at least 1");
        }
        this.monitored = monitored;
        this.threads = threads;
        this.k = k;
        SplittableRandom random = new SplittableRandom(seed);
        List<String> titles = titles(monitored, random);
        this.distinctTitles = titles.size();
        double[] cdf = zipf(titles.size());
        for (int i = 0; i < queries; i++) {
            int rank = Arrays.binarySearch(cdf, random.nextDouble());
            this.queries.add(titles.get(rank < 0 ? -rank - 1 : rank));
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

    /** Runs a warm-up and {@code rounds} measured rounds of every configuration, in the order above. */
    public Map<String, Measurement> run(int rounds, Consumer<String> log) throws Exception {
        Map<String, SearchService> configs = new LinkedHashMap<>();
        configs.put("unfiltered", monitored.asUnfiltered());
        configs.put("all-public", monitored.asAllPublic());
        configs.put("no-policy", monitored.asPlain());
        configs.put("mix", monitored);
        List<String> names = new ArrayList<>(configs.keySet());
        for (String name : names) {
            Round warm = round(configs.get(name), Math.min(queries.size(), 2_000));
            log.accept(String.format("warm-up %-10s %8.1f q/s", name, warm.queries / warm.seconds()));
        }
        Map<String, List<Round>> measured = new LinkedHashMap<>();
        names.forEach(n -> measured.put(n, new ArrayList<>()));
        for (int r = 0; r < rounds; r++) {
            for (int c = 0; c < names.size(); c++) {
                String name = names.get((c + r) % names.size());
                Round round = round(configs.get(name), queries.size());
                measured.get(name).add(round);
                log.accept(String.format("round %d %-10s %8.1f q/s", r + 1, name, round.queries / round.seconds()));
            }
        }
        Map<String, Measurement> out = new LinkedHashMap<>();
        for (String name : names) {
            out.put(name, summarize(name, measured.get(name)));
        }
        return out;
    }

    private record Round(int queries, long wallNanos, long[] latencies, long refused) {
        double seconds() {
            return wallNanos / 1e9;
        }
    }

    private Round round(SearchService service, int count) throws Exception {
        AtomicInteger next = new AtomicInteger();
        AtomicLong refused = new AtomicLong();
        long[] latencies = new long[count];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> clients = new ArrayList<>();
            long start = System.nanoTime();
            for (int t = 0; t < threads; t++) {
                clients.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        long t0 = System.nanoTime();
                        try {
                            service.search(sessions.get(i), queries.get(i), k);
                        } catch (PolicyViolation refusal) {
                            refused.incrementAndGet();
                        }
                        latencies[i] = System.nanoTime() - t0;
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get();
            }
            return new Round(count, System.nanoTime() - start, latencies, refused.get());
        } finally {
            pool.shutdownNow();
        }
    }

    private static Measurement summarize(String name, List<Round> rounds) {
        long queries = 0;
        long wall = 0;
        long refused = 0;
        List<long[]> all = new ArrayList<>();
        for (Round r : rounds) {
            queries += r.queries;
            wall += r.wallNanos;
            refused += r.refused;
            all.add(r.latencies);
        }
        long[] latencies = all.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        double mean = Arrays.stream(latencies).average().orElse(0) / 1e6;
        double p95 = latencies.length == 0 ? 0 : latencies[(int) Math.ceil(latencies.length * 0.95) - 1] / 1e6;
        return new Measurement(name, queries, wall / 1e9, mean, p95, refused);
    }

    /** Distinct document titles, in a seeded random order (rank 1 first). */
    private static List<String> titles(SearchService service, SplittableRandom random) {
        Set<String> distinct = new LinkedHashSet<>();
        try (DocumentScan scan = service.data().documents().scan()) {
            while (scan.hasNext() && distinct.size() < MAX_TITLES) {
                Document d = scan.next();
                if (!d.title().isBlank()) {
                    distinct.add(d.title().strip());
                }
            }
        }
        if (distinct.isEmpty()) {
            throw new IllegalArgumentException("the data set has no document titles to use as queries");
        }
        List<String> titles = new ArrayList<>(distinct);
        for (int i = titles.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            titles.set(j, titles.set(i, titles.get(j)));
        }
        return titles;
    }

    private static double[] zipf(int n) {
        double[] cdf = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1.0 / (i + 1);
            cdf[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
        return cdf;
    }

}
