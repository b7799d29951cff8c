package org.maat.bench.vault;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.maat.vault.client.PutOptions;
import org.maat.vault.client.Retrieval;
import org.maat.vault.client.Timings;
import org.maat.vault.client.VaultClient;

/**
 * Tutamen's Fig. "relative time spent processing store and fetch operations": as its CLI did, each run
 * is a new client (reading the configuration and certificates, connecting) that stores one secret in a
 * new collection on servers 1-3 (n = k = quorum = 3, Tutamen's default), then another new client that
 * fetches it. Per phase the {@link Timings} the vault client recorded; "other" is the wall time of open
 * plus operation minus its phases. Every figure is the median of the runs, with their spread.
 */
final class TimeSplit {

    static final List<Integer> SERVERS = List.of(1, 2, 3);

    /** One operation's phases over the runs, in milliseconds, and the tokens each run had issued. */
    record Operation(Map<Timings.Phase, List<Double>> phases, List<Double> other, List<Double> total,
            List<Integer> tokensIssued) {
    }

    /** The store and fetch figures of {@code runs} runs. */
    record Result(int runs, Operation store, Operation fetch) {
    }

    private TimeSplit() {
    }

    static Result measure(Path vaultDir, String client, int runs, Consumer<String> progress) {
        Recorder store = new Recorder();
        Recorder fetch = new Recorder();
        byte[] secret = "a 32-byte data-encryption key...".getBytes(StandardCharsets.US_ASCII);
        for (int r = 1; r <= runs; r++) {
            String collection = "split-" + r;
            long start = System.nanoTime();
            Timings put;
            Timings opened;
            try (VaultClient c = VaultClient.open(vaultDir, client)) {
                opened = c.openTimings();
                put = c.put(collection, "key", secret, PutOptions.defaults().onServers(SERVERS));
            }
            store.add(opened, put, System.nanoTime() - start);
            start = System.nanoTime();
            Retrieval got;
            try (VaultClient c = VaultClient.open(vaultDir, client)) {
                opened = c.openTimings();
                got = c.read(collection, "key");
            }
            fetch.add(opened, got.timings(), System.nanoTime() - start);
            if (!java.util.Arrays.equals(got.secret(), secret)) {
                throw new IllegalStateException("the vault returned another secret than was stored in " + collection);
            }
            progress.accept(String.format("time split run %d/%d: store %.1f ms (%s), fetch %.1f ms (%s)", r, runs,
                    store.total.get(r - 1), put, fetch.total.get(r - 1), got.timings()));
        }
        return new Result(runs, store.result(), fetch.result());
    }

    private static final class Recorder {
        private final Map<Timings.Phase, List<Double>> phases = new EnumMap<>(Timings.Phase.class);
        private final List<Double> other = new ArrayList<>();
        private final List<Double> total = new ArrayList<>();
        private final List<Integer> tokens = new ArrayList<>();

        void add(Timings opened, Timings operation, long wallNanos) {
            double sum = 0;
            for (Timings.Phase p : Timings.Phase.values()) {
                double ms = (opened.of(p).toNanos() + operation.of(p).toNanos()) / 1e6;
                phases.computeIfAbsent(p, k -> new ArrayList<>()).add(ms);
                sum += ms;
            }
            double wall = wallNanos / 1e6;
            other.add(Math.max(0, wall - sum));
            total.add(wall);
            tokens.add(operation.tokensIssued());
        }

        Operation result() {
            return new Operation(phases, other, total, tokens);
        }
    }
}
