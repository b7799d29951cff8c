package org.maat.vault.client;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where one vault operation spent its time, phase by phase (wall clock; a phase that runs on several
 * servers in parallel counts once), and how many tokens it had issued versus reused from the cache: the
 * benchmark's time split (Tutamen's Fig.: a store needs create and write tokens, a fetch one read token).
 * Filled by the client while the operation runs, read after it returned.
 */
public final class Timings {

    /** The phases, in the order an operation passes them. */
    public enum Phase {
        /** Reading vault.json and the key stores, building the TLS context ({@link VaultClient#open}). */
        CONFIG("config and certificates"),
        /** First request to each server: TCP connect + TLS handshake (+ one no-op round trip). */
        CONNECT("TLS connection setup"),
        /** Creating verifiers and permissions on the ACSs (first put into a collection only). */
        PERMISSIONS("verifiers and permissions"),
        /** Requesting tokens from the ACSs. */
        TOKENS("tokens"),
        /** Creating the collection on each storage server. */
        COLLECTIONS("collections"),
        /** Storing or fetching the shares. */
        SHARES("shares"),
        /** Splitting or combining (Shamir, check value). */
        SHAMIR("split/combine");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Map<Phase, Long> nanos = new EnumMap<>(Phase.class);
    private long elapsedNanos;
    private int tokensIssued;
    private int tokensReused;

    void add(Phase phase, long elapsedNanos) {
        nanos.merge(phase, elapsedNanos, Long::sum);
    }

    /** Marks the operation done: its wall clock time since {@code startNanos} ({@link System#nanoTime()}). */
    void finish(long startNanos) {
        elapsedNanos = System.nanoTime() - startNanos;
    }

    /** Runs {@code work}, adding its wall clock time to {@code phase}. */
    <T> T time(Phase phase, java.util.function.Supplier<T> work) {
        long start = System.nanoTime();
        try {
            return work.get();
        } finally {
            add(phase, System.nanoTime() - start);
        }
    }

    void countTokens(int issued, int reused) {
        tokensIssued += issued;
        tokensReused += reused;
    }

    /** Time spent in {@code phase} (zero if the operation did not pass it). */
    public Duration of(Phase phase) {
        return Duration.ofNanos(nanos.getOrDefault(phase, 0L));
    }

    /**
     * The operation's wall clock time, start to end: at least the sum of the phases; the difference is
     * the client's own work between them (JSON, bookkeeping; class loading in a cold JVM).
     */
    public Duration total() {
        return Duration.ofNanos(Math.max(elapsedNanos, nanos.values().stream().mapToLong(Long::longValue).sum()));
    }

    /** Tokens the ACSs issued for this operation. */
    public int tokensIssued() {
        return tokensIssued;
    }

    /** Tokens taken from the client's cache instead. */
    public int tokensReused() {
        return tokensReused;
    }

    /** The phases passed, in order, with their times. */
    public Map<Phase, Duration> phases() {
        return nanos.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> Duration.ofNanos(e.getValue()), (a, b) -> a, () -> new EnumMap<>(Phase.class)));
    }

    @Override
    public String toString() {
        String phases = nanos.entrySet().stream()
                .map(e -> e.getKey().label() + " " + String.format("%.1f ms", e.getValue() / 1e6))
                .collect(Collectors.joining(", "));
        return String.format("total %.1f ms: ", total().toNanos() / 1e6) + phases + "; tokens issued "
                + tokensIssued + ", reused " + tokensReused;
    }
}
