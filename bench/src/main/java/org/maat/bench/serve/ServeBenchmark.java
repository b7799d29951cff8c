package org.maat.bench.serve;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
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
import org.maat.core.data.DirectoryTree;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;
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
 *
 * <p>In the same slots, by the same clients, the same user's searches also run in this process
 * ({@link InProcessSearch} over the mix's data and index, no HTTP): {@code in-process} releases the page's
 * {@code k} ids, {@code in-process-200} as many ids as the front-end asks the shards for to count a total
 * (the WAR's {@code Frontend.COUNTED}); both read the page's titles and snippets. So the served path's cost is the
 * ratio of {@code mix} to {@code in-process}, measured like for like in one run. The log-in is timed apart
 * from the searches (it hashes the password: Argon2id at the accounts' cost).
 */
public final class ServeBenchmark {

    /** The configurations, in report order, each compared with {@link #BASELINE}. */
    public static final List<String> CONFIGS = List.of("no-policy", "all-public", "mix");
    public static final String BASELINE = "no-policy";
    /**
     * Hits the front-end asks the shards for to count a search's total: {@code Frontend.COUNTED}, which lives in
     * the WAR, not on this module's class path.
     */
    static final int COUNTED = 200;
    /** The same searches in this process, without HTTP: the page's ids, then the ids a total is counted over. */
    public static final List<String> IN_PROCESS = List.of("in-process", "in-process-" + COUNTED);
    /** The served configuration the in-process runs are compared with. */
    public static final String SERVED = "mix";
    /** Longest query sent; see {@link #typed}. */
    static final int MAX_QUERY_CHARS = 200;

    /** One configuration at one session length; {@code meanLoginMillis} is 0 in process (no log-in). */
    public record Figures(String config, int sessionLength, int clients, long sessions, double meanSessionMillis,
                          double meanSearchMillis, double p95SearchMillis, double meanLoginMillis, long errors,
                          Map<Integer, String> firstErrors) {

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
     * configuration ({@link #CONFIGS}, then {@link #IN_PROCESS}).
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

        // The in-process searches read a copy of the mix no front-end owns (the mix's front-end appends to its own).
        DataDir inProcessData = DataDir.at(work.resolve("data-in-process"));
        if (!Files.exists(inProcessData.root())) {
            DirectoryTree.copy(data.mix().root(), inProcessData.root());
        }
        Map<String, SearchDeployment> servers = new LinkedHashMap<>();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).executor(Executors.newFixedThreadPool(2, r -> {
                    Thread t = new Thread(r, "bench-http");
                    t.setDaemon(true);
                    return t;
                })).build();
        try (InProcessSearch page = InProcessSearch.open(inProcessData, data.mixIndex(), k, k)) {
            Map<String, InProcessSearch> inProcess = new LinkedHashMap<>();
            inProcess.put(IN_PROCESS.get(0), page);
            inProcess.put(IN_PROCESS.get(1), page.releasing(Math.max(COUNTED, k + 1)));
            servers.put("no-policy", start(war, data.baseline(), data.mixIndex(), Monitoring.NONE, regionFile));
            servers.put("all-public", start(war, data.allPublic(), data.publicIndex(), Monitoring.REFERENCE_MONITOR, regionFile));
            servers.put("mix", start(war, data.mix(), data.mixIndex(), Monitoring.REFERENCE_MONITOR, regionFile));
            Map<String, Recorder> discard = recorders();
            Region region = new Region(address, manifest.blacklistRegion());
            loop(http, servers, inProcess, logins, users, queries, region, 1, warmup, maxSeconds, discard, seed - 1,
                    n -> { });
            Map<Integer, Map<String, Figures>> results = new LinkedHashMap<>();
            for (int length : lengths) {
                Map<String, Recorder> recorded = recorders();
                loop(http, servers, inProcess, logins, users, queries, region, length, sessions, maxSeconds, recorded,
                        seed + length, progress);
                Map<String, Figures> figures = new LinkedHashMap<>();
                for (String config : recorded.keySet()) {
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
    private void loop(HttpClient http, Map<String, SearchDeployment> servers, Map<String, InProcessSearch> inProcess,
                      Map<String, Map<String, Login>> logins, List<String> users, TitleQueries queries, Region region,
                      int length, int slots, int maxSeconds, Map<String, Recorder> recorders, long slotSeed,
                      IntConsumer progress) throws Exception {
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
                    List<String> runs = new ArrayList<>(recorders.keySet());
                    for (int i = 0; i < runs.size(); i++) {
                        String config = runs.get((int) ((slot + i) % runs.size()));
                        if (inProcess.containsKey(config)) {
                            inProcessSession(inProcess.get(config), Session.of(user, region.name()), texts,
                                    recorders.get(config));
                        } else {
                            session(new ApiSession(http, servers.get(config).url(), region.address()),
                                    logins.get(config).get(user), texts, recorders.get(config));
                        }
                    }
                    progress.accept(1);
                    return Outcome.answered();
                });
    }

    private void session(ApiSession api, Login login, List<String> texts, Recorder recorder) throws IOException {
        long start = System.nanoTime();
        List<Failure> failed = new ArrayList<>();
        long[] searches = new long[texts.size()];
        check(api.login(login.user(), login.password()), failed);
        long signIn = System.nanoTime() - start;
        for (int i = 0; i < texts.size(); i++) {
            long t = System.nanoTime();
            ApiResponse r = api.search(texts.get(i), k);
            searches[i] = System.nanoTime() - t;
            check(r, failed);
        }
        check(api.logout(), failed);
        recorder.add(System.nanoTime() - start, signIn, searches, failed);
    }

    /** The session's searches in process: no log-in, each search timed as over HTTP. */
    private static void inProcessSession(InProcessSearch search, Session session, List<String> texts,
                                         Recorder recorder) {
        long start = System.nanoTime();
        List<Failure> failed = new ArrayList<>();
        long[] searches = new long[texts.size()];
        for (int i = 0; i < texts.size(); i++) {
            long t = System.nanoTime();
            try {
                search.search(session, texts.get(i));
            } catch (IOException | RuntimeException e) {
                failed.add(new Failure(0, e.toString()));
            }
            searches[i] = System.nanoTime() - t;
        }
        recorder.add(System.nanoTime() - start, 0, searches, failed);
    }

    /** Where the clients connect from: the address sent to the front-ends, and the region it maps to. */
    private record Region(String address, String name) {
    }

    /** A failed request: its HTTP status (0 in process) and message. */
    private record Failure(int status, String message) {
    }

    private static void check(ApiResponse response, List<Failure> failed) {
        if (!response.ok()) {
            failed.add(new Failure(response.status(), response.message()));
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
        IN_PROCESS.forEach(c -> r.put(c, new Recorder()));
        return r;
    }

    /** Session and search times of one configuration. Thread-safe. */
    private static final class Recorder {
        private final List<Long> sessionNanos = new ArrayList<>();
        private final List<Long> loginNanos = new ArrayList<>();
        private final List<Long> searchNanos = new ArrayList<>();
        private final AtomicLong errors = new AtomicLong();
        private final Map<Integer, String> firstErrors = new java.util.TreeMap<>();

        synchronized void add(long session, long login, long[] searches, List<Failure> failed) {
            sessionNanos.add(session);
            loginNanos.add(login);
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
                    search.percentileMillis(0.95), Latencies.of(loginNanos).meanMillis(), errors.get(), firstErrors);
        }
    }
}
