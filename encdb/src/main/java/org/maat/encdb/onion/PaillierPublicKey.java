package org.maat.encdb.onion;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The public half of a Paillier key: the modulus {@code n} (the generator is always {@code n + 1}).
 * Whoever holds it can combine ciphertexts without learning anything: {@link #add} multiplies two
 * ciphertexts modulo {@code n^2}, which adds their plaintexts modulo {@code n}. This is what H2's
 * server-side functions do for SUM, AVG and {@code col + ?}.
 *
 * <p>Ciphertexts are unsigned big-endian integers below {@code n^2}, always exactly
 * {@link #ciphertextLength()} bytes long.
 */
public final class PaillierPublicKey {

    private static final byte FORMAT = 1;

    private final BigInteger n;
    private final BigInteger nSquared;
    private final BarrettModulus reducer;
    private final int ciphertextLength;

    PaillierPublicKey(BigInteger n) {
        this.n = n;
        this.nSquared = n.multiply(n);
        this.reducer = new BarrettModulus(nSquared);
        this.ciphertextLength = (nSquared.bitLength() + 7) / 8;
    }

    /**
     * The public key whose {@code n^2} is given (unsigned big-endian), as H2's server functions receive
     * it; fails if the number is not the square of a plausible modulus.
     */
    public static PaillierPublicKey fromNSquared(byte[] nSquared) {
        if (nSquared == null || nSquared.length == 0) {
            throw new IllegalArgumentException("HOM modulus n^2 is missing");
        }
        BigInteger square = new BigInteger(1, nSquared);
        BigInteger n = square.sqrt();
        if (!n.multiply(n).equals(square) || n.bitLength() < Paillier.MIN_MODULUS_BITS || !n.testBit(0)) {
            throw new IllegalArgumentException("value given as n^2 is not the square of an odd modulus of >= "
                    + Paillier.MIN_MODULUS_BITS + " bits");
        }
        return new PaillierPublicKey(n);
    }

    /** The modulus. */
    public BigInteger n() {
        return n;
    }

    /** {@code n^2}, the modulus of ciphertexts. */
    public BigInteger nSquared() {
        return nSquared;
    }

    /** Size of every ciphertext in bytes (512 for a 2048-bit modulus). */
    public int ciphertextLength() {
        return ciphertextLength;
    }

    /** A ciphertext of the sum of the two plaintexts. */
    public byte[] add(byte[] c1, byte[] c2) {
        return toBytes(reducer.multiply(toInteger(c1), toInteger(c2)));
    }

    /** A ciphertext of {@code k} times the plaintext; negative {@code k} works too. */
    public byte[] multiply(byte[] c, long k) {
        return toBytes(toInteger(c).modPow(BigInteger.valueOf(k), nSquared));
    }

    /** {@code n} in a self-describing form that {@link #decode} reads back. */
    public byte[] encoded() {
        byte[] modulus = n.toByteArray();
        return ByteBuffer.allocate(1 + 4 + modulus.length).put(FORMAT).putInt(modulus.length).put(modulus).array();
    }

    /** Reads what {@link #encoded()} wrote; fails with a message on anything else. */
    public static PaillierPublicKey decode(byte[] encoded) {
        try {
            ByteBuffer in = ByteBuffer.wrap(encoded);
            if (in.get() != FORMAT) {
                throw new IllegalArgumentException("not an encoded Paillier public key (unknown format byte)");
            }
            BigInteger n = PaillierKeyPair.readInteger(in, "modulus");
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("encoded Paillier public key has trailing bytes");
            }
            if (n.bitLength() < Paillier.MIN_MODULUS_BITS || !n.testBit(0)) {
                throw new IllegalArgumentException("encoded Paillier modulus is not a plausible odd modulus of >= "
                        + Paillier.MIN_MODULUS_BITS + " bits");
            }
            return new PaillierPublicKey(n);
        } catch (java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException("encoded Paillier public key is truncated", e);
        }
    }

    /** A ciphertext as an integer, checked to lie in {@code [0, n^2)}. */
    BigInteger toInteger(byte[] c) {
        if (c == null || c.length != ciphertextLength) {
            throw new IllegalArgumentException("Paillier ciphertext must be " + ciphertextLength + " bytes, got "
                    + (c == null ? "null" : c.length));
        }
        BigInteger value = new BigInteger(1, c);
        if (value.compareTo(nSquared) >= 0) {
            throw new IllegalArgumentException("Paillier ciphertext is not below n^2 (not under this key)");
        }
        return value;
    }

    /** An integer below {@code n^2} as a fixed-length ciphertext. */
    byte[] toBytes(BigInteger value) {
        return fixedLength(value, ciphertextLength);
    }

    static byte[] fixedLength(BigInteger value, int length) {
        byte[] raw = value.toByteArray();
        if (raw.length == length) {
            return raw;
        }
        byte[] out = new byte[length];
        if (raw.length > length) {
            // toByteArray adds a sign byte when the top bit is set.
            System.arraycopy(raw, raw.length - length, out, 0, length);
        } else {
            System.arraycopy(raw, 0, out, length - raw.length, raw.length);
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PaillierPublicKey other && other.n.equals(n);
    }

    @Override
    public int hashCode() {
        return n.hashCode();
    }

    @Override
    public String toString() {
        return "Paillier public key (" + n.bitLength() + "-bit modulus, fingerprint "
                + Integer.toHexString(Arrays.hashCode(n.toByteArray())) + ")";
    }
}
