package org.maat.encdb.onion;

import java.math.BigInteger;

/**
 * Powers of one fixed base modulo a fixed modulus, by table lookup: for an exponent written in bytes
 * {@code e = sum d_i 256^i}, {@code base^e} is the product of the precomputed {@code base^(d_i 256^i)},
 * so a 256-bit exponent costs at most 31 modular multiplications instead of ~300 for square-and-multiply.
 * The table holds {@code 255 * exponentBytes} residues. Immutable once built, so thread-safe.
 */
final class FixedBase {

    private final BarrettModulus modulus;
    private final BigInteger[][] table;

    FixedBase(BigInteger base, BigInteger modulus, int exponentBytes) {
        this.modulus = new BarrettModulus(modulus);
        this.table = new BigInteger[exponentBytes][256];
        BigInteger unit = base.mod(modulus);
        for (int i = 0; i < exponentBytes; i++) {
            BigInteger[] row = table[i];
            row[0] = BigInteger.ONE;
            row[1] = unit;
            for (int d = 2; d < 256; d++) {
                row[d] = this.modulus.multiply(row[d - 1], unit);
            }
            unit = this.modulus.multiply(row[255], unit); // base^(256^(i+1))
        }
    }

    /** {@code base^e mod modulus}, for {@code e} given as unsigned big-endian bytes, at most the table's width. */
    BigInteger pow(byte[] exponent) {
        if (exponent.length > table.length) {
            throw new IllegalArgumentException("exponent of " + exponent.length + " bytes exceeds the table's "
                    + table.length);
        }
        BigInteger acc = null;
        for (int i = 0; i < exponent.length; i++) {
            int digit = exponent[exponent.length - 1 - i] & 0xff;
            if (digit != 0) {
                BigInteger factor = table[i][digit];
                acc = acc == null ? factor : modulus.multiply(acc, factor);
            }
        }
        return acc == null ? BigInteger.ONE : acc;
    }
}
