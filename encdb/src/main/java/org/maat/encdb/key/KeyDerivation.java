package org.maat.encdb.key;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.maat.keys.KeyFile;
import org.maat.keys.KeySource;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;

/**
 * Per-purpose keys derived from one master key with HKDF-SHA256 (RFC 5869).
 *
 * <p>The pseudorandom key is extracted once, with the fixed salt {@value #SALT}, and each
 * {@link #derive(String, int)} expands it with the label as HKDF's {@code info}. The guarantee is
 * HKDF's: keys for different labels are computationally independent, so exposing one column's DET key
 * (as peeling a layer does) reveals nothing about another label's key or the master key. The same
 * master key and label always give the same bytes, which is what lets a database be reopened.
 *
 * <p>Labels name a column, an onion and a layer, e.g. {@code "EMPLOYEES.SALARY/ORD/OPE"}. Instances are
 * immutable and thread-safe.
 */
public final class KeyDerivation {

    /** HKDF salt: separates Maat's keys from any other use of the same master key. */
    public static final String SALT = "org.maat.encdb/v1";

    /** RFC 5869: at most 255 blocks of SHA-256 output. */
    private static final int MAX_LENGTH = 255 * 32;

    private final byte[] prk;
    private final String source;

    /** Extracts the pseudorandom key from the source's master key; the master key copy is then wiped. */
    public KeyDerivation(KeySource source) {
        byte[] master = source.key();
        try {
            if (master.length != KeyFile.KEY_LENGTH) {
                throw new IllegalArgumentException(source.describe() + " gave a " + master.length
                        + "-byte master key, expected " + KeyFile.KEY_LENGTH);
            }
            this.prk = extract(SALT.getBytes(StandardCharsets.UTF_8), master);
        } finally {
            Arrays.fill(master, (byte) 0);
        }
        this.source = source.describe();
    }

    /** {@code length} bytes of key material for {@code label}; the same label always gives the same bytes. */
    public byte[] derive(String label, int length) {
        if (label == null || label.isEmpty()) {
            throw new IllegalArgumentException("key label must be non-empty");
        }
        if (length < 1 || length > MAX_LENGTH) {
            throw new IllegalArgumentException("key length " + length + " for label " + label
                    + " is outside HKDF-SHA256's range 1.." + MAX_LENGTH);
        }
        return expand(prk, label.getBytes(StandardCharsets.UTF_8), length);
    }

    @Override
    public String toString() {
        return "HKDF-SHA256 over " + source;
    }

    /** HKDF-Extract: PRK = HMAC-SHA256(salt, ikm). */
    static byte[] extract(byte[] salt, byte[] ikm) {
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        return hkdf.extractPRK(salt, ikm);
    }

    /** HKDF-Expand of an already extracted PRK. */
    static byte[] expand(byte[] prk, byte[] info, int length) {
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(HKDFParameters.skipExtractParameters(prk, info));
        byte[] out = new byte[length];
        hkdf.generateBytes(out, 0, length);
        return out;
    }

    /** The whole of HKDF (extract then expand), as RFC 5869 specifies it; used by the known-answer tests. */
    static byte[] hkdf(byte[] salt, byte[] ikm, byte[] info, int length) {
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(new HKDFParameters(ikm, salt, info));
        byte[] out = new byte[length];
        hkdf.generateBytes(out, 0, length);
        return out;
    }
}
