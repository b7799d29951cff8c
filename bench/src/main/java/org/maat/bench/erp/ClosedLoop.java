package org.maat.bench.erp;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A closed-loop load (the evaluation's "adaptive load"): a fixed number of threads, each with its own
 * connection, sends the next request as soon as the previous one returns. After a warm-up whose
 * requests are not counted (the steady state is what matters), completed requests are counted for
 * the measuring period. A failing request stops the run and is reported.
 */
public final class ClosedLoop {

    /** Throughput of one run. */
    public record Result(long requests, double seconds, long rowsReturned, boolean exhausted) {

        public double perSecond() {
            return seconds == 0 ? 0 : requests / seconds;
        }

        public double meanLatencyMillis(int threads) {
            return requests == 0 ? 0 : seconds * 1000.0 * threads / requests;
        }
    }

    /** Opens the per-thread connections. */
    @FunctionalInterface
    public interface ConnectionSource {
        Connection open() throws SQLException;
    }

    private final int threads;
    private final long warmupNanos;
    private final long measureNanos;

    public ClosedLoop(int threads, double warmupSeconds, double measureSeconds) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
        this.threads = threads;
        this.warmupNanos = (long) (warmupSeconds * 1e9);
        this.measureNanos = (long) (measureSeconds * 1e9);
    }

    /**
     * Runs {@code query} with values from {@code params} until the period ends or the stream is
     * exhausted (then the period is cut short and {@link Result#exhausted()} is true).
     */
    public Result run(ConnectionSource connections, ErpQuery query, ParameterStream params, long seed)
            throws SQLException {
        AtomicLong requests = new AtomicLong();
        AtomicLong rows = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong exhaustedAt = new AtomicLong(Long.MAX_VALUE);
        long start = System.nanoTime();
        long measureFrom = start + warmupNanos;
        long end = measureFrom + measureNanos;
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            SplittableRandom rnd = new SplittableRandom(seed * 31 + t);
            Thread worker = new Thread(() -> {
                try (Connection conn = connections.open(); QueryRunner runner = new QueryRunner(conn)) {
                    while (failure.get() == null) {
                        long now = System.nanoTime();
                        if (now >= end || now >= exhaustedAt.get()) {
                            return;
                        }
                        List<Object> values = params.next(rnd);
                        if (values == null) {
                            exhaustedAt.accumulateAndGet(System.nanoTime(), Math::min);
                            return;
                        }
                        QueryResult r = runner.run(query, values);
                        if (System.nanoTime() >= measureFrom) {
                            requests.incrementAndGet();
                            rows.addAndGet(r.rowCount());
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "maat-erp-bench-" + t);
            workers.add(worker);
            worker.start();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("benchmark interrupted", e);
            }
        }
        Throwable e = failure.get();
        if (e != null) {
            throw e instanceof SQLException s ? s : new SQLException(query + " failed: " + e, e);
        }
        long stop = Math.min(end, exhaustedAt.get());
        double seconds = Math.max(0, stop - measureFrom) / 1e9;
        return new Result(requests.get(), seconds, rows.get(), exhaustedAt.get() != Long.MAX_VALUE);
    }
}
