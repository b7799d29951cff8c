package org.maat.policy.mal;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.maat.policy.facts.Fact;

/**
 * One entry of the mandatory access log: {@code principal} read {@code conduitId} at
 * {@code timestampMillis} for {@code reason}. Entries read from or appended to a {@link MalLog}
 * have been hash-checked: {@code hash} is the SHA-256 of the other fields and
 * {@code previousHash} is the hash of the entry before (or, for the first entry, one of the two
 * genesis values: {@link #HEADED_GENESIS_HASH}, or {@link #GENESIS_HASH} in a log begun before head files).
 */
public record MalEntry(long sequence, long timestampMillis, String principal, String conduitId, String reason,
                       String previousHash, String hash) {

    /**
     * The previous hash of the first entry of a log begun before head files existed (64 zeros). No
     * entry is written with it any more; it is accepted only on entry #0 of such an old log.
     */
    public static final String GENESIS_HASH = "0".repeat(64);

    /**
     * The previous hash of the first entry of every log begun with a head file: the lower-case hex
     * SHA-256 of the ASCII text {@code maat-mal-head 1}. It marks the log for good as one that must
     * have a head file: without one it may have lost trailing entries. It is also the head hash of
     * an empty log, the value its first entry will chain from.
     */
    public static final String HEADED_GENESIS_HASH = "3a1ddfedb9c690d8ce53c5ef14a2d3986f1c7d91634e8b6e00d10529244a2db5";

    /** The fact the MAL policy consults: {@code logged(principal, conduitId)}. */
    public static final String FACT_RELATION = "logged";

    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

    public MalEntry {
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence must be >= 0: " + sequence);
        }
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(conduitId, "conduitId");
        Objects.requireNonNull(reason, "reason");
        requireHash(previousHash, "previousHash");
        requireHash(hash, "hash");
    }

    public Instant timestamp() {
        return Instant.ofEpochMilli(timestampMillis);
    }

    /** {@code logged(principal, conduitId)}, the fact that this read was logged. */
    public Fact asFact() {
        return Fact.of(FACT_RELATION, principal, conduitId);
    }

    private static void requireHash(String value, String name) {
        Objects.requireNonNull(value, name);
        if (!SHA256_HEX.matcher(value).matches()) {
            throw new IllegalArgumentException(name + " must be 64 lower-case hex digits: " + value);
        }
    }
}
