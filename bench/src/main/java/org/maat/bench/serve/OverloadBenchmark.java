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
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.maat.core.accounts.Login;
import org.maat.bench.search.TitleQueries;
import org.maat.server.api.ApiResponse;
import org.maat.server.api.ApiSession;

/**
 * Drives a front-end past its capacity for a bounded time: {@code clients} signed-in sessions each
 * search back to back (titles, Zipf) for {@code seconds}; a client answered 503 waits
 * {@code backoff} (the front-end's {@code Retry-After}) before its next search. First, after a
 * warm-up of {@value #WARM_UP_SECONDS} s, one client searches alone for {@value #UNLOADED_SECONDS} s
 * (the unloaded latency). Records every
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
            long[] sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
            if (sorted.length == 0) {
                return new Latencies(0, 0, 0, 0);
            }
            return new Latencies(sorted.length, percentile(sorted, 0.50), percentile(sorted, 0.95),
                    sorted[sorted.length - 1] / 1e6);
        }

        private static double percentile(long[] sorted, double p) {
            return sorted[(int) Math.ceil(sorted.length * p) - 1] / 1e6;
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

    /**
     * @param frontEnd the front-end's URL, ending in {@code /}
     * @param logins   the users the clients sign in as, round robin
     */
    public OverloadBenchmark(URI frontEnd, List<Login> logins, TitleQueries queries, int k, long seed) {
        if (logins.isEmpty()) {
            throw new IllegalArgumentException("no logins to sign clients in with");
        }
        this.frontEnd = frontEnd;
        this.logins = List.copyOf(logins);
        this.queries = queries;
        this.k = k;
        this.seed = seed;
    }

    /** Signs {@code clients} sessions in, runs the burst for {@code seconds}, waits {@code settle}, reports. */
    public Report run(int clients, int seconds, Duration backoff, Duration settle, Consumer<String> log)
            throws Exception {
        ExecutorService httpThreads = Executors.newFixedThreadPool(4, named(CLIENT_THREADS + "http"));
        ExecutorService clientThreads = Executors.newFixedThreadPool(clients, named(CLIENT_THREADS + "client"));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).executor(httpThreads).build();
        try {
            log.accept("signing in " + clients + " sessions");
            List<ApiSession> sessions = signIn(http, clients);
            long warm = System.nanoTime() + TimeUnit.SECONDS.toNanos(WARM_UP_SECONDS);
            List<Future<?>> warming = new ArrayList<>();
            for (int c = 0; c < Math.min(4, clients); c++) {
                ApiSession session = sessions.get(c);
                SplittableRandom random = new SplittableRandom(seed - c);
                warming.add(clientThreads.submit(() -> {
                    searchUntil(session, random, warm, backoff, new Recorder());
                    return null;
                }));
            }
            for (Future<?> f : warming) {
                f.get();
            }
            Recorder alone = new Recorder();
            searchUntil(sessions.get(0), new SplittableRandom(seed), System.nanoTime()
                    + TimeUnit.SECONDS.toNanos(UNLOADED_SECONDS), backoff, alone);
            Latencies unloaded = Latencies.of(alone.admitted);
            log.accept("unloaded: p50 " + unloaded.p50() + " ms, p95 " + unloaded.p95() + " ms over " + unloaded.count()
                    + " searches");
            Thread.sleep(1000);
            ProcessResources before = ProcessResources.sample(CLIENT_THREADS);
            log.accept("before: " + before + "; burst: " + clients + " clients for " + seconds + " s");
            Recorder recorder = new Recorder();
            AtomicReference<ProcessResources> peak = new AtomicReference<>(before);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                ApiSession session = sessions.get(c);
                SplittableRandom random = new SplittableRandom(seed * 1_000_003L + c);
                running.add(clientThreads.submit(() -> {
                    searchUntil(session, random, deadline, backoff, recorder);
                    return null;
                }));
            }
            while (System.nanoTime() < deadline) {
                Thread.sleep(250);
                peak.set(peak.get().max(ProcessResources.sample(CLIENT_THREADS)));
            }
            for (Future<?> f : running) {
                f.get();
            }
            log.accept("burst over; waiting " + settle.toSeconds() + " s");
            Thread.sleep(settle.toMillis());
            ProcessResources after = ProcessResources.sample(CLIENT_THREADS);
            return recorder.report(unloaded, before, peak.get(), after);
        } finally {
            clientThreads.shutdownNow();
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

    private void searchUntil(ApiSession session, SplittableRandom random, long deadline, Duration backoff,
                             Recorder recorder) throws InterruptedException {
        while (System.nanoTime() < deadline) {
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
        }
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
