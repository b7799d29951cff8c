package org.maat.policy.mal;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.maat.policy.facts.Fact;

/**
 * One entry of the mandatory access log: {@code principal} read {@code conduitId} at
 * {@code timestampMillis} for {@code reason}. Entries read from or appended to a {@link MalLog}
 * have been hash-checked: {@code hash} is the SHA-256 of the other fields and
 * {@code previousHash} is the hash of the entry before (or {@link #GENESIS_HASH}).
 */
public record MalEntry(long sequence, long timestampMillis, String principal, String conduitId, String reason,
                       String previousHash, String hash) {

    /** The previous hash of the first entry of every log. */
    public static final String GENESIS_HASH = "0".repeat(64);

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
