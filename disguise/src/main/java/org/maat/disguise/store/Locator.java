package org.maat.disguise.store;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The random name of one bag: 32 bytes that contain neither the principal nor the disguise. Only the
 * user keeps it (in the receipt of a disguise). Stores index bags by {@link #storageKey()}, its
 * SHA-256, never by the locator itself. Text form: {@value #PREFIX} and unpadded base64url.
 */
public final class Locator {

    public static final String PREFIX = "maat-loc1.";
    private static final int LENGTH = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] bytes;

    private Locator(byte[] bytes) {
        this.bytes = bytes;
    }

    public static Locator random() {
        byte[] b = new byte[LENGTH];
        RANDOM.nextBytes(b);
        return new Locator(b);
    }

    /** Parses the text form; a clear error when {@code text} is not a locator. */
    public static Locator parse(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a disguise locator (it should start with " + PREFIX + ")");
        }
        byte[] b;
        try {
            b = Base64.getUrlDecoder().decode(t.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a disguise locator: it is not base64url");
        }
        if (b.length != LENGTH) {
            throw new IllegalArgumentException("not a disguise locator: " + b.length + " bytes, not " + LENGTH);
        }
        return new Locator(b);
    }

    /** The bytes a bag's seal authenticates, so a bag moved under another locator does not open. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** What stores index the bag by: the hex SHA-256 of the locator. */
    public String storageKey() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    public String toText() {
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Locator other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return toText();
    }
}
