package org.maat.disguise.crypto;

import java.util.Arrays;
import java.util.Base64;

/**
 * A principal's X25519 public key (32 bytes), registered with Maat so that disguises can seal to it.
 * Its text form is {@value #PREFIX} followed by the key in unpadded base64url.
 */
public final class PublicKey {

    public static final String PREFIX = "maat-pk1.";
    static final int LENGTH = 32;

    private final byte[] bytes;

    private PublicKey(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The key of 32 raw bytes. */
    public static PublicKey of(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH) {
            throw new IllegalArgumentException("a public key is " + LENGTH + " bytes, not "
                    + (bytes == null ? "none" : bytes.length));
        }
        return new PublicKey(bytes.clone());
    }

    /** Parses the text form; a clear error when {@code text} is not one. */
    public static PublicKey parse(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a Maat public key (it should start with " + PREFIX + ")");
        }
        try {
            return of(Base64.getUrlDecoder().decode(t.substring(PREFIX.length())));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a Maat public key: " + e.getMessage());
        }
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    public String toText() {
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PublicKey other && Arrays.equals(bytes, other.bytes);
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
