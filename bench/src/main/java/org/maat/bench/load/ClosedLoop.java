package org.maat.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one closed-loop load of the benchmarks (the evaluations' "adaptive load"): a fixed number of
 * clients, each on its own thread, each sending its next request as soon as the previous one returns.
 *
 * <p>What a run guarantees:
 * <ul>
 *   <li>the clock starts once every client is open (connections, sessions), so that opening them
 *       counts neither against the warm-up nor against the measuring period;</li>
 *   <li>requests that complete during the warm-up are sent but neither counted nor timed (the steady
 *       state is what is measured); every later one is counted and its latency (the client's
 *       {@link Client#send} call, in nanoseconds) recorded, failed ones included;</li>
 *   <li>no client starts a request once the measuring period is over, once {@link #count} requests
 *       have been handed out (warm-up included), or once a client found the workload
 *       {@link Outcome#EXHAUSTED}; requests in flight then still complete and count;</li>
 *   <li>the measured time runs from the end of the warm-up to the first of: the end of the period,
 *       the moment the workload ran out, the moment the last client stopped;</li>
 *   <li>with {@link #pauses}, each client waits a random time before each request, as a user thinks
 *       between two clicks; the wait is not part of the request's latency;</li>
 *   <li>an exception from a client stops every client at its next request and is thrown by
 *       {@link Running#await()} as it was thrown; a failed request that is only an answer (an HTTP
 *       error status, a refusal) is the client's to report as {@link Outcome#failed()} and is counted.</li>
 * </ul>
 * Settings are immutable: each setter returns a new loop. Client threads are daemons named
 * {@code <prefix>-<n>}, so that a process can tell its load generator's threads from the served ones.
 */
public final class ClosedLoop {

    /** What one request came to. */
    public record Outcome(Status status, long items) {

        /** Answered, failed, or not sent because the workload is used up. */
        public enum Status { ANSWERED, FAILED, EXHAUSTED }

        /** No request was sent: the workload has nothing left; the run ends. */
        public static final Outcome EXHAUSTED = new Outcome(Status.EXHAUSTED, 0);
        private static final Outcome ANSWERED = new Outcome(Status.ANSWERED, 0);
        private static final Outcome FAILED = new Outcome(Status.FAILED, 0);

        public static Outcome answered() {
            return ANSWERED;
        }

        /** Answered with {@code items} items (rows, hits), summed into {@link Result#items()}. */
        public static Outcome answered(long items) {
            return new Outcome(Status.ANSWERED, items);
        }

        public static Outcome failed() {
            return FAILED;
        }
    }

    /** One client's side of the load: opened on its own thread, closed there when the run ends. */
    @FunctionalInterface
    public interface Client extends AutoCloseable {

        /**
         * Sends request number {@code request} (0, 1, ... in the order handed out across all clients)
         * and returns once it is answered.
         */
        Outcome send(long request) throws Exception;

        @Override
        default void close() throws Exception {
        }
    }

    /** Opens client number {@code client} (0 to clients - 1). */
    @FunctionalInterface
    public interface Clients {
        Client open(int client) throws Exception;
    }

    /**
     * The measured part of a run: requests completed after the warm-up (failed ones included), of
     * which {@code failed}, the items they returned, the measured seconds, whether the workload ran
     * out, and every measured request's latency.
     */
    public record Result(int clients, long requests, long failed, long items, double seconds, boolean exhausted,
                         Latencies latencies) {

        /** Completed requests per second. */
        public double perSecond() {
            return seconds == 0 ? 0 : requests / seconds;
        }

        /** Mean latency by Little's law: clients x measured time / requests, in milliseconds. */
        public double littleMeanMillis() {
            return requests == 0 ? 0 : seconds * 1000.0 * clients / requests;
        }
    }

    private final int clients;
    private final Duration warmUp;
    private final Duration duration;
    private final long count;
    private final String threadPrefix;
    private final Duration pauseMin;
    private final Duration pauseMax;

    private ClosedLoop(int clients, Duration warmUp, Duration duration, long count, String threadPrefix) {
        this(clients, warmUp, duration, count, threadPrefix, Duration.ZERO, Duration.ZERO);
    }

    private ClosedLoop(int clients, Duration warmUp, Duration duration, long count, String threadPrefix,
            Duration pauseMin, Duration pauseMax) {
        if (clients < 1) {
            throw new IllegalArgumentException("a closed loop needs at least one client, not " + clients);
        }
        if (warmUp.isNegative() || duration != null && duration.isNegative() || count < 0) {
            throw new IllegalArgumentException("warm-up, duration and count must not be negative");
        }
        this.clients = clients;
        this.warmUp = warmUp;
        this.duration = duration;
        this.count = count;
        this.threadPrefix = threadPrefix;
        if (pauseMin.isNegative() || pauseMax.compareTo(pauseMin) < 0) {
            throw new IllegalArgumentException("pauses need 0 <= min <= max, not " + pauseMin + ", " + pauseMax);
        }
        this.pauseMin = pauseMin;
        this.pauseMax = pauseMax;
    }

    /** {@code clients} clients, no warm-up, no bound yet: give a {@link #duration} or a {@link #count}. */
    public static ClosedLoop of(int clients) {
        return new ClosedLoop(clients, Duration.ZERO, null, Long.MAX_VALUE, "closed-loop");
    }

    /** Requests completing within {@code warmUp} of the start are not measured. */
    public ClosedLoop warmUp(Duration warmUp) {
        return new ClosedLoop(clients, warmUp, duration, count, threadPrefix, pauseMin, pauseMax);
    }

    /** The measuring period, after the warm-up. */
    public ClosedLoop duration(Duration duration) {
        return new ClosedLoop(clients, warmUp, duration, count, threadPrefix, pauseMin, pauseMax);
    }

    /** At most {@code count} requests in all, warm-up included. */
    public ClosedLoop count(long count) {
        return new ClosedLoop(clients, warmUp, duration, count, threadPrefix, pauseMin, pauseMax);
    }

    /** Names the client threads {@code prefix-1}, {@code prefix-2}, ... */
    public ClosedLoop named(String prefix) {
        return new ClosedLoop(clients, warmUp, duration, count, prefix, pauseMin, pauseMax);
    }

    /**
     * Each client waits a uniformly random time in [{@code min}, {@code max}] before each request
     * (a user's think time, Edna's 250-500 ms between edits); waits are not timed.
     */
    public ClosedLoop pauses(Duration min, Duration max) {
        return new ClosedLoop(clients, warmUp, duration, count, threadPrefix, min, max);
    }

    public int clients() {
        return clients;
    }

    /** Seconds, as the benchmarks' options give them, as a duration. */
    public static Duration seconds(double seconds) {
        return Duration.ofNanos((long) (seconds * 1e9));
    }

    /** Runs the load to its end; see the class comment for what ends it. */
    public Result run(Clients factory) throws Exception {
        return start(factory).await();
    }

    /**
     * Starts the load and returns as soon as every client is open, so the caller can watch the
     * process while it runs.
     */
    public Running start(Clients factory) {
        if (duration == null && count == Long.MAX_VALUE) {
            throw new IllegalStateException("an unbounded closed loop: give it a duration or a count");
        }
        return new Running(factory);
    }

    /** A started run. */
    public final class Running {
        private final AtomicLong next = new AtomicLong();
        private final AtomicLong requests = new AtomicLong();
        private final AtomicLong failed = new AtomicLong();
        private final AtomicLong items = new AtomicLong();
        private final AtomicLong exhaustedAt = new AtomicLong(Long.MAX_VALUE);
        private final AtomicLong lastStop = new AtomicLong(Long.MIN_VALUE);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final CountDownLatch opened = new CountDownLatch(clients);
        private final CountDownLatch go = new CountDownLatch(1);
        private long measureFrom;
        private long end;
        private final long[][] latencies = new long[clients][];
        private final int[] recorded = new int[clients];
        private final List<Thread> threads = new ArrayList<>();

        private Running(Clients factory) {
            for (int c = 0; c < clients; c++) {
                int client = c;
                latencies[c] = new long[1024];
                Thread t = new Thread(() -> drive(factory, client), threadPrefix + "-" + (c + 1));
                t.setDaemon(true);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            awaitUninterruptibly(opened);
            // Written before go is released: every client reads them after go.await().
            measureFrom = System.nanoTime() + warmUp.toNanos();
            end = duration == null ? Long.MAX_VALUE : measureFrom + duration.toNanos();
            go.countDown();
        }

        private void drive(Clients factory, int c) {
            Client opening = null;
            try {
                opening = factory.open(c);
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            } finally {
                opened.countDown();
            }
            awaitUninterruptibly(go);
            if (opening == null) {
                lastStop.accumulateAndGet(System.nanoTime(), Math::max);
                return;
            }
            try (Client client = opening) {
                while (failure.get() == null) {
                    pause();
                    long now = System.nanoTime();
                    if (now >= end || now >= exhaustedAt.get()) {
                        return;
                    }
                    long request = next.getAndIncrement();
                    if (request >= count) {
                        return;
                    }
                    long sent = System.nanoTime();
                    Outcome outcome = client.send(request);
                    long done = System.nanoTime();
                    if (outcome.status() == Outcome.Status.EXHAUSTED) {
                        exhaustedAt.accumulateAndGet(sent, Math::min);
                        return;
                    }
                    if (done >= measureFrom) {
                        requests.incrementAndGet();
                        items.addAndGet(outcome.items());
                        if (outcome.status() == Outcome.Status.FAILED) {
                            failed.incrementAndGet();
                        }
                        record(c, done - sent);
                    }
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            } finally {
                lastStop.accumulateAndGet(System.nanoTime(), Math::max);
            }
        }

        private void pause() throws InterruptedException {
            long max = pauseMax.toNanos();
            if (max > 0) {
                long min = pauseMin.toNanos();
                long wait = min + (max > min ? ThreadLocalRandom.current().nextLong(max - min + 1) : 0);
                // Never past the end of the period: a sleeping client would hold the run open.
                long left = end - System.nanoTime();
                TimeUnit.NANOSECONDS.sleep(Math.max(0, Math.min(wait, left)));
            }
        }

        private void record(int c, long nanos) {
            if (recorded[c] == latencies[c].length) {
                latencies[c] = Arrays.copyOf(latencies[c], recorded[c] * 2);
            }
            latencies[c][recorded[c]++] = nanos;
        }

        private static void awaitUninterruptibly(CountDownLatch latch) {
            boolean interrupted = false;
            while (true) {
                try {
                    latch.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** Whether every client has stopped. */
        public boolean done() {
            return threads.stream().noneMatch(Thread::isAlive);
        }

        /** Waits for every client to stop; throws the first client's exception, if one threw. */
        public Result await() throws Exception {
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    failure.compareAndSet(null, e);
                    threads.forEach(Thread::interrupt);
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
            Throwable e = failure.get();
            if (e instanceof Exception ex) {
                throw ex;
            }
            if (e instanceof Error err) {
                throw err;
            }
            long stop = Math.min(Math.min(end, exhaustedAt.get()), lastStop.get());
            long[] all = new long[Arrays.stream(recorded).sum()];
            int at = 0;
            for (int c = 0; c < clients; c++) {
                System.arraycopy(latencies[c], 0, all, at, recorded[c]);
                at += recorded[c];
            }
            return new Result(clients, requests.get(), failed.get(), items.get(), Math.max(0, stop - measureFrom) / 1e9,
                    exhaustedAt.get() != Long.MAX_VALUE, Latencies.of(all));
        }
    }
}
