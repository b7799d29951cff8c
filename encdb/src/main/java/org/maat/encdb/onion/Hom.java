package org.maat.encdb.onion;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The HOM layer: Paillier encryption (Paillier, EUROCRYPT 1999) with generator {@code g = n + 1}, so
 * {@code g^m = 1 + m n (mod n^2)} costs one multiplication, and decryption by the Chinese remainder
 * theorem, half-size exponentiations modulo {@code p^2} and {@code q^2}.
 *
 * <p>Guarantees IND-CPA under the decisional composite residuosity assumption (for the short-exponent
 * randomness below, under the variant Damgård, Jurik and Nielsen state): ciphertexts reveal nothing
 * but their fixed length.
 * Multiplying ciphertexts modulo {@code n^2} ({@link #add}, {@link PaillierPublicKey#add}) adds
 * plaintexts modulo {@code n}; plaintexts are signed, {@code -(n-1)/2 .. (n-1)/2}, a decrypted residue
 * above {@code n/2} being read as negative, so sums of salaries and of negative adjustments both work
 * as long as no intermediate sum leaves that range.
 *
 * <p>Encryption randomness {@code r^n} is the costly part. Following Damgård, Jurik and Nielsen ("A
 * generalization of Paillier's public-key system with applications to electronic voting", Int. J.
 * Inf. Secur. 9, 2010, section 4.1), it is computed as {@code h_s^x mod n^2} with {@code h = -y^2 mod n}
 * for a random {@code y}, {@code h_s = h^n mod n^2}, and a fresh random {@code x} of
 * {@value #RANDOMNESS_BITS} bits (twice the 128-bit security level); the fixed base {@code h_s} allows
 * precomputed tables ({@link FixedBase}), here modulo {@code p^2} and {@code q^2} separately since the
 * encryptor holds the key. A randomness value is kept as {@code R = r^n mod n^2} and {@code R mod n},
 * so that encryption itself is one multiplication of {@code n}-sized numbers:
 * {@code (1 + m n) R = R + n (m R mod n) (mod n^2)}. An optional background thread keeps a pool of
 * such values ready so that bursts of inserts pay only that. Instances are thread-safe; close one
 * that has a pool to stop its thread.
 */
public final class Hom implements LayerCipher.Additive, AutoCloseable {

    /** Bits of the random exponent x. */
    public static final int RANDOMNESS_BITS = 256;

    private final PaillierKeyPair keys;
    private final PaillierPublicKey publicKey;
    private final BigInteger n;
    private final BigInteger halfN;
    private final FixedBase baseModP;
    private final FixedBase baseModQ;
    private final BarrettModulus modPSquared;
    private final BarrettModulus modN;
    private final SecureRandom random = new SecureRandom();
    private final BlockingQueue<Randomness> pool;
    private final Thread filler;

    /** A HOM layer without a background pool. */
    public Hom(PaillierKeyPair keys) {
        this(keys, 0);
    }

    /** A HOM layer whose background thread keeps up to {@code pooled} randomness values ready (0 for none). */
    public Hom(PaillierKeyPair keys, int pooled) {
        if (pooled < 0) {
            throw new IllegalArgumentException("pool size must be >= 0, got " + pooled);
        }
        this.keys = keys;
        this.publicKey = keys.publicKey();
        this.n = publicKey.n();
        this.halfN = n.shiftRight(1);
        BigInteger y;
        do {
            y = new BigInteger(n.bitLength() - 1, random);
        } while (y.signum() == 0 || !y.gcd(n).equals(BigInteger.ONE));
        BigInteger h = y.multiply(y).negate().mod(n);
        BigInteger hs = h.modPow(n, publicKey.nSquared());
        this.modPSquared = new BarrettModulus(keys.pSquared);
        this.modN = new BarrettModulus(n);
        this.baseModP = new FixedBase(hs, keys.pSquared, RANDOMNESS_BITS / 8);
        this.baseModQ = new FixedBase(hs, keys.qSquared, RANDOMNESS_BITS / 8);
        if (pooled > 0) {
            this.pool = new ArrayBlockingQueue<>(pooled);
            this.filler = new Thread(this::fill, "maat-paillier-randomness");
            this.filler.setDaemon(true);
            this.filler.start();
        } else {
            this.pool = null;
            this.filler = null;
        }
    }


    /** The public key, for H2's server-side functions. */
    public PaillierPublicKey publicKey() {
        return publicKey;
    }

    /** Encrypts a signed value. */
    @Override
    public byte[] encrypt(long m) {
        return encrypt(BigInteger.valueOf(m));
    }

    /** Encrypts a signed value with {@code |m| <= (n-1)/2}. */
    public byte[] encrypt(BigInteger m) {
        if (m.abs().compareTo(halfN) > 0) {
            throw new IllegalArgumentException("value of " + m.bitLength() + " bits is outside the signed"
                    + " Paillier plaintext range (|m| <= (n-1)/2)");
        }
        Randomness r = takeRandomness();
        // g^m R = (1 + m n) R = R + n (m R mod n) mod n^2; both terms are below n^2, so one subtraction
        // at most brings the sum back. m mod n and R mod n are below n, so Barrett reduces their product.
        BigInteger t = modN.multiply(m.signum() < 0 ? m.add(n) : m, r.modN());
        BigInteger c = r.modNSquared().add(t.multiply(n));
        BigInteger nSquared = publicKey.nSquared();
        return publicKey.toBytes(c.compareTo(nSquared) >= 0 ? c.subtract(nSquared) : c);
    }

    /** A fresh encryption of zero: the identity for {@link #add}, e.g. SUM over no rows. */
    public byte[] encryptZero() {
        return encrypt(BigInteger.ZERO);
    }

    /** The signed plaintext of {@code ct}. */
    @Override
    public BigInteger decrypt(byte[] ct) {
        BigInteger c = publicKey.toInteger(ct);
        BigInteger p = keys.p();
        BigInteger q = keys.q();
        BigInteger mp = PaillierKeyPair.l(c.mod(keys.pSquared).modPow(keys.pMinusOne, keys.pSquared), p)
                .multiply(keys.hp).mod(p);
        BigInteger mq = PaillierKeyPair.l(c.mod(keys.qSquared).modPow(keys.qMinusOne, keys.qSquared), q)
                .multiply(keys.hq).mod(q);
        BigInteger m = mp.subtract(mq).multiply(keys.qInverseModP).mod(p).multiply(q).add(mq);
        return m.compareTo(halfN) > 0 ? m.subtract(n) : m;
    }

    /** A ciphertext of the sum of the plaintexts of {@code c1} and {@code c2}. */
    @Override
    public byte[] add(byte[] c1, byte[] c2) {
        return publicKey.add(c1, c2);
    }

    /** A ciphertext of {@code k} times the plaintext of {@code c}. */
    @Override
    public byte[] multiply(byte[] c, long k) {
        return publicKey.multiply(c, k);
    }

    /** Stops the background pool, if any. */
    @Override
    public void close() {
        if (filler != null) {
            filler.interrupt();
        }
    }

    private Randomness takeRandomness() {
        if (pool != null) {
            Randomness ready = pool.poll();
            if (ready != null) {
                return ready;
            }
        }
        return freshRandomness();
    }

    /** {@code r^n mod n^2} and its residue mod n: what one encryption consumes. */
    private record Randomness(BigInteger modNSquared, BigInteger modN) {
    }

    /** r^n = h_s^x for a fresh random x, from its residues modulo p^2 and q^2. */
    private Randomness freshRandomness() {
        byte[] x = new byte[RANDOMNESS_BITS / 8];
        random.nextBytes(x);
        BigInteger rn = combine(baseModP.pow(x), baseModQ.pow(x));
        return new Randomness(rn, modN.reduce(rn)); // rn < n^2, within Barrett's range
    }

    private void fill() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                pool.put(freshRandomness());
            }
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
        }
    }

    /** The value mod n^2 whose residues mod p^2 and q^2 are given (Garner's recombination). */
    private BigInteger combine(BigInteger modP2, BigInteger modQ2) {
        BigInteger difference = modP2.subtract(modQ2);
        if (difference.signum() < 0) {
            difference = difference.mod(keys.pSquared); // Barrett wants a residue mod p^2
        }
        return modPSquared.multiply(difference, keys.qSquaredInverseModPSquared).multiply(keys.qSquared).add(modQ2);
    }
}
