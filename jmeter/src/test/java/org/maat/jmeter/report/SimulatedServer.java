package org.maat.jmeter.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * A deterministic FCFS server with {@code servers} parallel workers and a fixed service time, so its capacity
 * is known exactly: {@code servers * 1000 / serviceMillis} requests/s. Requests starting during the first
 * {@code warmupMillis} of its clock take {@code warmupFactor} times longer (cold caches), giving a warm-up
 * transient of known length. Load levels run one after the other on the same clock, as a stepped JMeter plan
 * does, and produce the samples JMeter would record.
 */
public final class SimulatedServer {

    private final int servers;
    private final long serviceMillis;
    private final long warmupMillis;
    private final long warmupFactor;
    private final PriorityQueue<Long> freeAt = new PriorityQueue<>();
    private final List<Sample> samples = new ArrayList<>();
    private final Map<String, Long> serviceByLabel = new HashMap<>();
    private final long origin;
    private long clock;

    public SimulatedServer(long origin, int servers, long serviceMillis, long warmupMillis, long warmupFactor) {
        this.origin = origin;
        this.clock = origin;
        this.servers = servers;
        this.serviceMillis = serviceMillis;
        this.warmupMillis = warmupMillis;
        this.warmupFactor = warmupFactor;
        for (int i = 0; i < servers; i++) {
            freeAt.add(origin);
        }
    }

    double capacity() {
        return servers * 1000.0 / serviceMillis;
    }

    /** Overrides the service time of one label (a slower query sharing the same workers). */
    SimulatedServer serviceTime(String label, long millis) {
        serviceByLabel.put(label, millis);
        return this;
    }

    /** {@code threads} closed-loop threads send {@code labels} in turn for {@code durationMillis}. */
    public SimulatedServer closedLoop(int threads, long durationMillis, String... labels) {
        String group = "threads-" + threads;
        long end = clock + durationMillis;
        // (arrival time, thread, request count of that thread)
        PriorityQueue<long[]> ready = new PriorityQueue<>(Comparator.<long[]>comparingLong(a -> a[0])
                .thenComparingLong(a -> a[1]));
        for (int t = 0; t < threads; t++) {
            ready.add(new long[] {clock, t, t}); // threads start at different points of the label cycle
        }
        long last = clock;
        while (!ready.isEmpty()) {
            long[] next = ready.poll();
            if (next[0] >= end) {
                continue;
            }
            String label = labels[(int) (next[2] % labels.length)];
            long finish = serve(next[0], label, group + " 1-" + (next[1] + 1));
            last = Math.max(last, finish);
            ready.add(new long[] {finish, next[1], next[2] + 1});
        }
        clock = last;
        return this;
    }

    /** Requests of {@code labels} in turn arrive every {@code 1000 / rate} ms for {@code durationMillis}. */
    SimulatedServer openLoop(double rate, long durationMillis, String... labels) {
        String group = "rate-" + (rate == Math.rint(rate) ? String.valueOf((long) rate) : String.valueOf(rate));
        long start = clock;
        long last = clock;
        for (long i = 0;; i++) {
            long arrival = start + (long) Math.floor(i * 1000.0 / rate);
            if (arrival >= start + durationMillis) {
                break;
            }
            last = Math.max(last, serve(arrival, labels[(int) (i % labels.length)], group + " 1-" + (i % 50 + 1)));
        }
        clock = last;
        return this;
    }

    /** One thread sends {@code count} requests back to back, cycling through {@code labels}. */
    SimulatedServer sequence(int count, String group, String... labels) {
        long at = clock;
        for (int i = 0; i < count; i++) {
            at = serve(at, labels[i % labels.length], group + " 1-1");
        }
        clock = at;
        return this;
    }

    public List<Sample> samples() {
        return List.copyOf(samples);
    }

    private long serve(long arrival, String label, String threadName) {
        long start = Math.max(arrival, freeAt.poll());
        long service = serviceByLabel.getOrDefault(label, serviceMillis);
        if (start - origin < warmupMillis) {
            service *= warmupFactor;
        }
        long finish = start + service;
        freeAt.add(finish);
        samples.add(new Sample(arrival, finish - arrival, label, "200", true, threadName,
                Sample.levelOf(threadName), finish - arrival, samples.size() + 2));
        return finish;
    }
}
