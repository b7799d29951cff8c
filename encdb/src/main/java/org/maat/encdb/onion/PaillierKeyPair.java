package org.maat.encdb.onion;

import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * A Paillier key pair: the primes {@code p} and {@code q} and what decryption by the Chinese remainder
 * theorem needs from them. Made by {@link Paillier}; persisted with {@link #encoded()} and
 * {@link #decode(byte[])}. The encoded form holds the secret primes: store it only encrypted.
 */
public final class PaillierKeyPair {

    private static final byte FORMAT = 1;

    private final BigInteger p;
    private final BigInteger q;
    private final PaillierPublicKey publicKey;
    final BigInteger pSquared;
    final BigInteger qSquared;
    final BigInteger pMinusOne;
    final BigInteger qMinusOne;
    /** h_p = L_p(g^(p-1) mod p^2)^-1 mod p, and likewise h_q (Paillier 1999, section 7). */
    final BigInteger hp;
    final BigInteger hq;
    /** q^-1 mod p, to recombine m mod p and m mod q. */
    final BigInteger qInverseModP;
    /** (q^2)^-1 mod p^2, to recombine values mod p^2 and q^2 into one mod n^2. */
    final BigInteger qSquaredInverseModPSquared;

    PaillierKeyPair(BigInteger p, BigInteger q) {
        if (p.equals(q)) {
            throw new IllegalArgumentException("Paillier primes must differ");
        }
        this.p = p;
        this.q = q;
        BigInteger n = p.multiply(q);
        this.publicKey = new PaillierPublicKey(n);
        this.pSquared = p.multiply(p);
        this.qSquared = q.multiply(q);
        this.pMinusOne = p.subtract(BigInteger.ONE);
        this.qMinusOne = q.subtract(BigInteger.ONE);
        BigInteger g = n.add(BigInteger.ONE);
        this.hp = l(g.modPow(pMinusOne, pSquared), p).modInverse(p);
        this.hq = l(g.modPow(qMinusOne, qSquared), q).modInverse(q);
        this.qInverseModP = q.modInverse(p);
        this.qSquaredInverseModPSquared = qSquared.modInverse(pSquared);
    }

    /** L(x) = (x - 1) / d. */
    static BigInteger l(BigInteger x, BigInteger d) {
        return x.subtract(BigInteger.ONE).divide(d);
    }

    /** The public key: the modulus. */
    public PaillierPublicKey publicKey() {
        return publicKey;
    }

    /** Size of the modulus in bits. */
    public int modulusBits() {
        return publicKey.n().bitLength();
    }

    BigInteger p() {
        return p;
    }

    BigInteger q() {
        return q;
    }

    /** The primes, in a self-describing form {@link #decode} reads back. Secret: store it encrypted. */
    public byte[] encoded() {
        byte[] pb = p.toByteArray();
        byte[] qb = q.toByteArray();
        return ByteBuffer.allocate(1 + 4 + pb.length + 4 + qb.length)
                .put(FORMAT).putInt(pb.length).put(pb).putInt(qb.length).put(qb).array();
    }

    /** Reads what {@link #encoded()} wrote, checking that both numbers are distinct probable primes. */
    public static PaillierKeyPair decode(byte[] encoded) {
        try {
            ByteBuffer in = ByteBuffer.wrap(encoded);
            if (in.get() != FORMAT) {
                throw new IllegalArgumentException("not an encoded Paillier key pair (unknown format byte)");
            }
            BigInteger p = readInteger(in, "p");
            BigInteger q = readInteger(in, "q");
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("encoded Paillier key pair has trailing bytes");
            }
            if (p.bitLength() * 2 < Paillier.MIN_MODULUS_BITS || !p.isProbablePrime(64) || !q.isProbablePrime(64)) {
                throw new IllegalArgumentException("encoded Paillier key pair does not hold two large primes");
            }
            return new PaillierKeyPair(p, q);
        } catch (java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException("encoded Paillier key pair is truncated", e);
        }
    }

    static BigInteger readInteger(ByteBuffer in, String what) {
        int length = in.getInt();
        if (length < 1 || length > in.remaining()) {
            throw new IllegalArgumentException("encoded Paillier " + what + " has a bad length " + length);
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        BigInteger value = new BigInteger(bytes);
        if (value.signum() <= 0) {
            throw new IllegalArgumentException("encoded Paillier " + what + " is not positive");
        }
        return value;
    }

    @Override
    public String toString() {
        return "Paillier key pair with " + publicKey;
    }
}
