package org.maat.bench.serve;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;
import org.maat.bench.load.Latencies;
import org.maat.bench.search.TitleQueries;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.Login;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitoring;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import org.maat.server.api.ApiResponse;
import org.maat.server.api.ApiSession;
import org.maat.server.api.ClientRegions;

/**
 * Closed-loop HTTP load ({@link ClosedLoop}) against three deployments running side by side on loopback: the
 * {@code --no-policy} baseline (mix data, no monitor), {@code all-public} (every document public,
 * monitor on) and {@code mix} (30/50/20, censorship, MAL; monitor on).
 *
 * <p>A session is Thoth's: log in, run {@code length} searches (document titles, Zipf), log out. Each
 * client runs session slots back to back; in a slot the same user and queries run as one session on
 * every configuration, in an order rotating with the slot, so that whatever else the machine does
 * falls on all alike (paired measurement). Users are drawn among those with logins, 1% employees, all
 * connecting from the blacklisting region. Throughput is what the clients would reach on a
 * configuration alone, by Little's law: clients / mean session time, times the session length for
 * searches. Failed requests are counted (with the first message of each status), not retried: the
 * same session fails alike on every configuration (e.g. a title the front-end rejects as a query).
 * Bounded: at most {@code sessions} slots per session length, and at most
 * {@code maxSeconds} for each length.
 */
public final class ServeBenchmark {

    /** The configurations, in report order, each compared with {@link #BASELINE}. */
    public static final List<String> CONFIGS = List.of("no-policy", "all-public", "mix");
    public static final String BASELINE = "no-policy";
    /** Longest query sent; see {@link #typed}. */
    static final int MAX_QUERY_CHARS = 200;

    /** One configuration at one session length. */
    public record Figures(String config, int sessionLength, int clients, long sessions, double meanSessionMillis,
                          double meanSearchMillis, double p95SearchMillis, long errors, Map<Integer, String> firstErrors) {

        public Figures {
            firstErrors = Map.copyOf(firstErrors);
        }

        public double searchesPerSecond() {
            return clients * 1000.0 * sessionLength / meanSessionMillis;
        }
    }

    private final BenchData data;
    private final Topology topology;
    private final int clients;
    private final int k;
    private final long seed;

    ServeBenchmark(BenchData data, Topology topology, int clients, int k, long seed) {
        this.data = data;
        this.topology = topology;
        this.clients = clients;
        this.k = k;
        this.seed = seed;
    }

    /**
     * Runs {@code warmup} slots, then for each length up to {@code sessions} measured slots (or
     * {@code maxSeconds}); {@code progress} is told of every finished slot. Results by length, then
     * configuration.
     */
    Map<Integer, Map<String, Figures>> run(Path war, Path work, List<Integer> lengths, int sessions, int warmup,
                                           int maxSeconds, IntConsumer progress) throws Exception {
        Manifest manifest = data.manifest();
        ClientRegions regions = new ClientRegions(manifest.regions());
        Path regionFile = regions.write(work.resolve("regions.properties"));
        String address = regions.address(manifest.blacklistRegion());
        TitleQueries queries;
        try (DataSet mix = DataSet.openFollower(data.mix())) {
            queries = TitleQueries.of(mix, new SplittableRandom(seed));
        }
        Map<String, Map<String, Login>> logins = new LinkedHashMap<>();
        logins.put("no-policy", byUser(data.baseline()));
        logins.put("all-public", byUser(data.allPublic()));
        logins.put("mix", byUser(data.mix()));
        List<String> users = new ArrayList<>(logins.get("mix").keySet());
        users.removeAll(manifest.employees());

        Map<String, SearchDeployment> servers = new LinkedHashMap<>();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).executor(Executors.newFixedThreadPool(2, r -> {
                    Thread t = new Thread(r, "bench-http");
                    t.setDaemon(true);
                    return t;
                })).build();
        try {
            servers.put("no-policy", start(war, data.baseline(), data.mixIndex(), Monitoring.NONE, regionFile));
            servers.put("all-public", start(war, data.allPublic(), data.publicIndex(), Monitoring.REFERENCE_MONITOR, regionFile));
            servers.put("mix", start(war, data.mix(), data.mixIndex(), Monitoring.REFERENCE_MONITOR, regionFile));
            Map<String, Recorder> discard = recorders();
            loop(http, servers, logins, users, queries, address, 1, warmup, maxSeconds, discard, seed - 1, n -> { });
            Map<Integer, Map<String, Figures>> results = new LinkedHashMap<>();
            for (int length : lengths) {
                Map<String, Recorder> recorded = recorders();
                loop(http, servers, logins, users, queries, address, length, sessions, maxSeconds, recorded,
                        seed + length, progress);
                Map<String, Figures> figures = new LinkedHashMap<>();
                for (String config : CONFIGS) {
                    figures.put(config, recorded.get(config).figures(config, length, clients));
                }
                results.put(length, figures);
            }
            return results;
        } finally {
            for (SearchDeployment s : servers.values()) {
                s.close();
            }
        }
    }

    private SearchDeployment start(Path war, DataDir dir, IndexLayout index, Monitoring monitoring, Path regionFile)
            throws IOException {
        return SearchDeployment.start(war, dir, index, topology, monitoring, "127.0.0.1", 0,
                c -> c.withRegions(regionFile).withProxyHeader(ApiSession.PROXY_HEADER).withMaxConcurrent(1024));
    }

    /**
     * Up to {@code slots} session slots on the {@link ClosedLoop}, for at most {@code maxSeconds}: slot
     * {@code i} draws its user and queries from a random seeded by {@code slotSeed} and {@code i}, and
     * runs them as one session on every configuration.
     */
    private void loop(HttpClient http, Map<String, SearchDeployment> servers, Map<String, Map<String, Login>> logins,
                      List<String> users, TitleQueries queries, String address, int length, int slots,
                      int maxSeconds, Map<String, Recorder> recorders, long slotSeed, IntConsumer progress)
            throws Exception {
        List<String> employees = data.manifest().employees();
        ClosedLoop.of(clients).count(slots).duration(Duration.ofSeconds(maxSeconds)).named("bench-client")
                .run(client -> slot -> {
                    SplittableRandom random = new SplittableRandom(slotSeed * 1_000_003L + slot);
                    boolean employee = !employees.isEmpty() && random.nextInt(100) == 0;
                    String user = employee ? employees.get(random.nextInt(employees.size()))
                            : users.get(random.nextInt(users.size()));
                    List<String> texts = new ArrayList<>(length);
                    for (int i = 0; i < length; i++) {
                        texts.add(typed(queries.next(random)));
                    }
                    for (int i = 0; i < CONFIGS.size(); i++) {
                        String config = CONFIGS.get((int) ((slot + i) % CONFIGS.size()));
                        Login login = logins.get(config).get(user);
                        session(new ApiSession(http, servers.get(config).url(), address), login, texts,
                                recorders.get(config));
                    }
                    progress.accept(1);
                    return Outcome.answered();
                });
    }

    private void session(ApiSession api, Login login, List<String> texts, Recorder recorder) throws IOException {
        long start = System.nanoTime();
        List<ApiResponse> failed = new ArrayList<>();
        long[] searches = new long[texts.size()];
        check(api.login(login.user(), login.password()), failed);
        for (int i = 0; i < texts.size(); i++) {
            long t = System.nanoTime();
            ApiResponse r = api.search(texts.get(i), k);
            searches[i] = System.nanoTime() - t;
            check(r, failed);
        }
        check(api.logout(), failed);
        recorder.add(System.nanoTime() - start, searches, failed);
    }

    private static void check(ApiResponse response, List<ApiResponse> failed) {
        if (!response.ok()) {
            failed.add(response);
        }
    }

    /**
     * A title as a user would type it: some europarl titles are whole paragraphs, longer than the
     * front-end accepts as a query, so a long one is cut after its first {@value #MAX_QUERY_CHARS}
     * characters, at a word boundary.
     */
    static String typed(String title) {
        if (title.length() <= MAX_QUERY_CHARS) {
            return title;
        }
        int cut = title.lastIndexOf(' ', MAX_QUERY_CHARS);
        return title.substring(0, cut > 0 ? cut : MAX_QUERY_CHARS);
    }

    private static Map<String, Login> byUser(DataDir dir) {
        Map<String, Login> logins = new LinkedHashMap<>();
        GeneratedLogins.read(dir).forEach(l -> logins.put(l.user(), l));
        return logins;
    }

    private static Map<String, Recorder> recorders() {
        Map<String, Recorder> r = new LinkedHashMap<>();
        CONFIGS.forEach(c -> r.put(c, new Recorder()));
        return r;
    }

    /** Session and search times of one configuration. Thread-safe. */
    private static final class Recorder {
        private final List<Long> sessionNanos = new ArrayList<>();
        private final List<Long> searchNanos = new ArrayList<>();
        private final AtomicLong errors = new AtomicLong();
        private final Map<Integer, String> firstErrors = new java.util.TreeMap<>();

        synchronized void add(long session, long[] searches, List<ApiResponse> failed) {
            sessionNanos.add(session);
            for (long s : searches) {
                searchNanos.add(s);
            }
            errors.addAndGet(failed.size());
            failed.forEach(f -> firstErrors.putIfAbsent(f.status(), f.message()));
        }

        synchronized Figures figures(String config, int length, int clients) {
            Latencies search = Latencies.of(searchNanos);
            double meanSession = Latencies.of(sessionNanos).meanMillis();
            return new Figures(config, length, clients, sessionNanos.size(), meanSession, search.meanMillis(),
                    search.percentileMillis(0.95), errors.get(), firstErrors);
        }
    }
}
