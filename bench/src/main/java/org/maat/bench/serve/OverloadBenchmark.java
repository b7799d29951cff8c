package org.maat.bench.serve;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;
import org.maat.bench.search.TitleQueries;
import org.maat.core.accounts.Login;
import org.maat.server.api.ApiResponse;
import org.maat.server.api.ApiSession;

/**
 * Drives a front-end past its capacity for a bounded time: {@code clients} signed-in sessions each
 * search back to back (titles, Zipf) for {@code seconds}; a client answered 503 waits
 * {@code backoff} (the front-end's {@code Retry-After}) before its next search. First, after a
 * warm-up (default {@value #WARM_UP_SECONDS} s), one client searches alone (default
 * {@value #UNLOADED_SECONDS} s: the unloaded latency); {@link #withLeadIn} shortens both. Records every
 * answer's status and latency, and this process's threads, resident memory and heap before the
 * burst (sessions signed in, idle), at the peak during it, and {@code settle} after it. Threads of
 * the load generator itself (named {@value #CLIENT_THREADS}...) are not counted; memory is the whole
 * process's, clients included.
 */
public final class OverloadBenchmark {

    /** Name prefix of the load generator's own threads, left out of the thread counts. */
    public static final String CLIENT_THREADS = "overload-";
    /** Status recorded for a request that got no HTTP answer (connection refused or reset, timeout). */
    public static final int NO_ANSWER = 0;

    /** Latency percentiles of a set of requests, in milliseconds. */
    public record Latencies(int count, double p50, double p95, double max) {

        static Latencies of(List<Long> nanos) {
            org.maat.bench.load.Latencies all = org.maat.bench.load.Latencies.of(nanos);
            return new Latencies(all.count(), all.percentileMillis(0.50), all.percentileMillis(0.95), all.maxMillis());
        }
    }

    /**
     * What a burst did: answers by status ({@value #NO_ANSWER}: no answer), latencies of admitted
     * (any status but 503) and shed (503) requests, and resources before, at the peak during, and after.
     */
    public record Report(Latencies unloaded, Map<Integer, Integer> statuses, Latencies admitted, Latencies shed,
                         ProcessResources before, ProcessResources during, ProcessResources after,
                         Map<Integer, String> firstMessages) {
    }

    /** Seconds a few clients search first, unrecorded, so that the JVM has compiled the search path. */
    static final int WARM_UP_SECONDS = 5;
    /** Seconds one client then searches alone, for the unloaded latency. */
    static final int UNLOADED_SECONDS = 3;

    private final URI frontEnd;
    private final List<Login> logins;
    private final TitleQueries queries;
    private final int k;
    private final long seed;
    private final Duration warmUp;
    private final Duration unloaded;

    /**
     * @param frontEnd the front-end's URL, ending in {@code /}
     * @param logins   the users the clients sign in as, round robin
     */
    public OverloadBenchmark(URI frontEnd, List<Login> logins, TitleQueries queries, int k, long seed) {
        this(frontEnd, logins, queries, k, seed, Duration.ofSeconds(WARM_UP_SECONDS),
                Duration.ofSeconds(UNLOADED_SECONDS));
    }

    private OverloadBenchmark(URI frontEnd, List<Login> logins, TitleQueries queries, int k, long seed,
                              Duration warmUp, Duration unloaded) {
        if (logins.isEmpty()) {
            throw new IllegalArgumentException("no logins to sign clients in with");
        }
        if (warmUp.isNegative() || unloaded.isNegative() || unloaded.isZero()) {
            throw new IllegalArgumentException("the warm-up must not be negative and the unloaded run must be "
                    + "positive, not " + warmUp + " and " + unloaded);
        }
        this.frontEnd = frontEnd;
        this.logins = List.copyOf(logins);
        this.queries = queries;
        this.k = k;
        this.seed = seed;
        this.warmUp = warmUp;
        this.unloaded = unloaded;
    }

    /**
     * The same benchmark with another lead-in before the burst: {@code warmUp} of a few clients (unrecorded),
     * then {@code unloaded} of one client alone (the unloaded latency). Shorter ones suit a check that the
     * front-end sheds, whose figures are not the unloaded latency.
     */
    public OverloadBenchmark withLeadIn(Duration warmUp, Duration unloaded) {
        return new OverloadBenchmark(frontEnd, logins, queries, k, seed, warmUp, unloaded);
    }

    /** Signs {@code clients} sessions in, runs the burst for {@code seconds}, waits {@code settle}, reports. */
    public Report run(int clients, int seconds, Duration backoff, Duration settle, Consumer<String> log)
            throws Exception {
        ExecutorService httpThreads = Executors.newFixedThreadPool(4, named(CLIENT_THREADS + "http"));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).executor(httpThreads).build();
        ClosedLoop load = ClosedLoop.of(clients).named(CLIENT_THREADS + "client");
        try {
            log.accept("signing in " + clients + " sessions");
            List<ApiSession> sessions = signIn(http, clients);
            ClosedLoop.of(Math.min(4, clients)).named(CLIENT_THREADS + "client")
                    .duration(warmUp)
                    .run(c -> searching(sessions.get(c), new SplittableRandom(seed - c), backoff, new Recorder()));
            Recorder alone = new Recorder();
            ClosedLoop.of(1).named(CLIENT_THREADS + "client").duration(unloaded)
                    .run(c -> searching(sessions.get(0), new SplittableRandom(seed), backoff, alone));
            Latencies unloaded = Latencies.of(alone.admitted);
            log.accept("unloaded: p50 " + unloaded.p50() + " ms, p95 " + unloaded.p95() + " ms over " + unloaded.count()
                    + " searches");
            Thread.sleep(1000);
            ProcessResources before = ProcessResources.sample(CLIENT_THREADS);
            log.accept("before: " + before + "; burst: " + clients + " clients for " + seconds + " s");
            Recorder recorder = new Recorder();
            ProcessResources peak = before;
            ClosedLoop.Running burst = load.duration(Duration.ofSeconds(seconds)).start(c -> searching(sessions.get(c),
                    new SplittableRandom(seed * 1_000_003L + c), backoff, recorder));
            while (!burst.done()) {
                Thread.sleep(250);
                peak = peak.max(ProcessResources.sample(CLIENT_THREADS));
            }
            burst.await();
            log.accept("burst over; waiting " + settle.toSeconds() + " s");
            Thread.sleep(settle.toMillis());
            ProcessResources after = ProcessResources.sample(CLIENT_THREADS);
            return recorder.report(unloaded, before, peak, after);
        } finally {
            httpThreads.shutdownNow();
        }
    }

    private List<ApiSession> signIn(HttpClient http, int clients) throws IOException, InterruptedException {
        List<ApiSession> sessions = new ArrayList<>(clients);
        for (int c = 0; c < clients; c++) {
            Login login = logins.get(c % logins.size());
            ApiSession session = new ApiSession(http, frontEnd, null);
            ApiResponse r = session.login(login.user(), login.password());
            for (int attempt = 0; r.status() == 503 && attempt < 20; attempt++) {
                Thread.sleep(250);
                r = session.login(login.user(), login.password());
            }
            if (!r.ok()) {
                throw new IOException("cannot sign " + login.user() + " in: " + r.status() + " " + r.message());
            }
            sessions.add(session);
        }
        return sessions;
    }

    /**
     * A client searching in {@code session}: each request a title drawn by {@code random}; its status
     * and latency go to {@code recorder}; after a 503 or no answer it waits {@code backoff}.
     */
    private ClosedLoop.Client searching(ApiSession session, SplittableRandom random, Duration backoff,
                                        Recorder recorder) {
        return request -> {
            String query = ServeBenchmark.typed(queries.next(random));
            long start = System.nanoTime();
            int status;
            String message;
            try {
                ApiResponse r = session.search(query, k);
                status = r.status();
                message = r.message();
            } catch (IOException e) {
                status = NO_ANSWER;
                message = e.getMessage();
            }
            recorder.add(status, System.nanoTime() - start, message);
            if (status == 503 || status == NO_ANSWER) {
                Thread.sleep(backoff.toMillis());
            }
            return status / 100 == 2 ? Outcome.answered() : Outcome.failed();
        };
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Answers of the burst. Thread-safe. */
    private static final class Recorder {
        private final Map<Integer, Integer> statuses = new TreeMap<>();
        private final Map<Integer, String> firstMessages = new TreeMap<>();
        private final List<Long> admitted = new ArrayList<>();
        private final List<Long> shed = new ArrayList<>();

        synchronized void add(int status, long nanos, String message) {
            statuses.merge(status, 1, Integer::sum);
            if (status / 100 != 2) {
                firstMessages.putIfAbsent(status, message);
            }
            (status == 503 ? shed : admitted).add(nanos);
        }

        synchronized Report report(Latencies unloaded, ProcessResources before, ProcessResources during,
                                   ProcessResources after) {
            return new Report(unloaded, Map.copyOf(statuses), Latencies.of(admitted), Latencies.of(shed), before, during, after,
                    Map.copyOf(firstMessages));
        }
    }
}
