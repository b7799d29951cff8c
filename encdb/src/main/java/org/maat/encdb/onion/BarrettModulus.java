package org.maat.encdb.onion;

import java.math.BigInteger;

/**
 * Modular multiplication by Barrett reduction (Menezes et al., Handbook of Applied Cryptography,
 * algorithm 14.42, base 2). For a fixed modulus it replaces {@link BigInteger#mod}'s long division by
 * two multiplications and a shift, which at Paillier's sizes (2048-bit p^2 and q^2) is about twice as
 * fast, because BigInteger multiplies through an intrinsic and divides in plain Java. Immutable.
 */
final class BarrettModulus {

    private final BigInteger modulus;
    private final BigInteger mu;
    private final int bits;

    BarrettModulus(BigInteger modulus) {
        if (modulus.signum() <= 0) {
            throw new IllegalArgumentException("modulus must be positive");
        }
        this.modulus = modulus;
        this.bits = modulus.bitLength();
        this.mu = BigInteger.ONE.shiftLeft(2 * bits).divide(modulus);
    }

    BigInteger modulus() {
        return modulus;
    }

    /** {@code a * b mod modulus} for {@code 0 <= a, b < modulus}. */
    BigInteger multiply(BigInteger a, BigInteger b) {
        return reduce(a.multiply(b));
    }

    /** {@code x mod modulus} for {@code 0 <= x < 2^(2 * bits)}, e.g. a product of two residues. */
    BigInteger reduce(BigInteger x) {
        BigInteger q = x.shiftRight(bits - 1).multiply(mu).shiftRight(bits + 1);
        BigInteger r = x.subtract(q.multiply(modulus));
        // The estimate q is at most 2 below the true quotient (HAC 14.42 note).
        while (r.compareTo(modulus) >= 0) {
            r = r.subtract(modulus);
        }
        return r;
    }
}
