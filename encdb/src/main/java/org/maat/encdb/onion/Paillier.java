package org.maat.encdb.onion;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.function.Consumer;

/**
 * Generates Paillier key pairs for the HOM layer ({@link Hom}): two distinct primes of half the modulus
 * size each, with the two top bits set so that {@code n = p q} has exactly the requested size.
 *
 * <p>Generation takes about a second for the default {@value #DEFAULT_MODULUS_BITS}-bit modulus.
 * {@link #derive(int, byte[])} makes the same key pair from the same seed every time, so a key pair
 * can be rebuilt from a {@link org.maat.encdb.key.KeyDerivation} label instead of being stored.
 */
public final class Paillier {

    /** The modulus size CryptDB and the ERP evaluation use. */
    public static final int DEFAULT_MODULUS_BITS = 2048;
    /** Smallest modulus accepted; anything below is only fit for tests of the algebra. */
    public static final int MIN_MODULUS_BITS = 512;

    private Paillier() {
    }

    /** A fresh key pair with a {@code modulusBits}-bit modulus from {@code rnd}. */
    public static PaillierKeyPair generate(int modulusBits, SecureRandom rnd) {
        return generate(modulusBits, rnd::nextBytes);
    }

    /**
     * The key pair determined by a 32-byte seed: primes are searched upward from candidates drawn from
     * AES-256-CTR keyed by the seed. Same seed, same key pair.
     */
    public static PaillierKeyPair derive(int modulusBits, byte[] seed32) {
        Rnd stream = new Rnd(seed32);
        byte[] iv = new byte[Rnd.IV_LENGTH];
        long[] blocks = {0};
        return generate(modulusBits, out -> {
            // Successive, non-overlapping stretches of one keystream.
            iv[8] = (byte) (blocks[0] >>> 24);
            iv[9] = (byte) (blocks[0] >>> 16);
            iv[10] = (byte) (blocks[0] >>> 8);
            iv[11] = (byte) blocks[0];
            blocks[0]++;
            byte[] keystream = stream.encrypt(new byte[out.length], iv);
            System.arraycopy(keystream, 0, out, 0, out.length);
        });
    }

    private static PaillierKeyPair generate(int modulusBits, Consumer<byte[]> randomBytes) {
        if (modulusBits < MIN_MODULUS_BITS || modulusBits % 2 != 0) {
            throw new IllegalArgumentException("Paillier modulus must be an even number of bits >= "
                    + MIN_MODULUS_BITS + ", got " + modulusBits);
        }
        int primeBits = modulusBits / 2;
        BigInteger p = prime(primeBits, randomBytes);
        BigInteger q;
        do {
            q = prime(primeBits, randomBytes);
        } while (q.equals(p));
        return new PaillierKeyPair(p, q);
    }

    private static BigInteger prime(int bits, Consumer<byte[]> randomBytes) {
        byte[] bytes = new byte[(bits + 7) / 8];
        randomBytes.accept(bytes);
        BigInteger candidate = new BigInteger(1, bytes).mod(BigInteger.ONE.shiftLeft(bits))
                .setBit(bits - 1).setBit(bits - 2).setBit(0);
        BigInteger prime = candidate.nextProbablePrime();
        // Searching upward can, very rarely, carry past the top bit: start again from a new candidate.
        return prime.bitLength() == bits ? prime : prime(bits, randomBytes);
    }
}
