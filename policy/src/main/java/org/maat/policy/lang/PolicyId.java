package org.maat.policy.lang;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The identity of a policy: the first 64 bits of the SHA-256 of its canonical text. Identical
 * policies therefore share one id in every process and every store, and a taint set is a small set
 * of longs.
 */
public record PolicyId(long value) implements Comparable<PolicyId> {

    /** The id of a policy given its canonical text (see {@code PolicyPrinter}). */
    public static PolicyId ofCanonicalText(String canonicalText) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalText.getBytes(StandardCharsets.UTF_8));
            return new PolicyId(ByteBuffer.wrap(digest).getLong());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /** Parses the form printed by {@link #toString()}. */
    public static PolicyId parse(String text) {
        String hex = text.startsWith("p:") ? text.substring(2) : text;
        return new PolicyId(Long.parseUnsignedLong(hex, 16));
    }

    @Override
    public int compareTo(PolicyId other) {
        return Long.compareUnsigned(value, other.value);
    }

    @Override
    public String toString() {
        return String.format("p:%016x", value);
    }
}
