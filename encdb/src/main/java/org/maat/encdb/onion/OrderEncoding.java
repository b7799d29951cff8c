package org.maat.encdb.onion;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;

/**
 * Order-preserving maps of SQL values onto {@link Ope}'s unsigned plaintext domain
 * {@code [0, 2^bits)}, with the width each needs. Each map is exact (a bijection onto its range,
 * so {@code a < b} iff {@code encode(a) < encode(b)} and the value can be decoded) except
 * {@link #stringPrefix(String)}, which is only monotone.
 *
 * <ul>
 *   <li>INT: {@code v + 2^31}, {@value #INT_BITS} bits.</li>
 *   <li>BIGINT: {@code v + 2^47}, {@value #LONG_BITS} bits; values outside {@code [-2^47, 2^47)}
 *       are rejected (OPE's domain is at most 48 bits wide).</li>
 *   <li>DATE: the epoch day ({@link LocalDate#toEpochDay()}) as an INT.</li>
 *   <li>DECIMAL(p, s): the unscaled value at scale {@code s}, as a BIGINT; a value with more
 *       fractional digits is rounded as the caller says (exactly, or floor/ceiling for range bounds).</li>
 *   <li>VARCHAR: the first {@value #PREFIX_CHARS} UTF-16 units, 16 bits each, zero-padded. This is
 *       NOT exact: strings sharing a prefix encode equally, so {@code a < b} implies only
 *       {@code encode(a) <= encode(b)}. A driver using it must re-check candidates on decrypted values
 *       (or refuse the query); it can never decode a string.</li>
 * </ul>
 */
public final class OrderEncoding {

    /** Domain width for INT and DATE values. */
    public static final int INT_BITS = 32;
    /** Domain width for BIGINT and DECIMAL values. */
    public static final int LONG_BITS = 48;
    /** Domain width for string prefixes. */
    public static final int STRING_BITS = 48;
    /** UTF-16 units a string prefix keeps. */
    public static final int PREFIX_CHARS = 3;

    private static final long LONG_OFFSET = 1L << (LONG_BITS - 1);

    private OrderEncoding() {
    }

    /** An INT, exactly. */
    public static long ofInt(int value) {
        return (long) value + (1L << 31);
    }

    /** Inverse of {@link #ofInt(int)}. */
    public static int toInt(long encoded) {
        check(encoded, INT_BITS);
        return (int) (encoded - (1L << 31));
    }

    /** A BIGINT in {@code [-2^47, 2^47)}, exactly; anything wider is rejected with a message. */
    public static long ofLong(long value) {
        if (value < -LONG_OFFSET || value >= LONG_OFFSET) {
            throw new IllegalArgumentException("value " + value + " is outside the order-preserving range [-2^47, 2^47)");
        }
        return value + LONG_OFFSET;
    }

    /** Inverse of {@link #ofLong(long)}. */
    public static long toLong(long encoded) {
        check(encoded, LONG_BITS);
        return encoded - LONG_OFFSET;
    }

    /** A DATE, as its epoch day, exactly. */
    public static long ofDate(LocalDate date) {
        return ofInt(Math.toIntExact(date.toEpochDay()));
    }

    /** Inverse of {@link #ofDate(LocalDate)}. */
    public static LocalDate toDate(long encoded) {
        return LocalDate.ofEpochDay(toInt(encoded));
    }

    /**
     * A DECIMAL at {@code scale}: {@code value * 10^scale} as a BIGINT. {@link RoundingMode#UNNECESSARY}
     * demands exactness (an ArithmeticException otherwise); FLOOR and CEILING give the right bounds
     * for a range predicate whose constant has more fractional digits than the column.
     */
    public static long ofDecimal(BigDecimal value, int scale, RoundingMode rounding) {
        BigDecimal scaled = value.setScale(scale, rounding);
        long unscaled;
        try {
            unscaled = scaled.unscaledValue().longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("decimal " + value + " at scale " + scale
                    + " is outside the order-preserving range", e);
        }
        return ofLong(unscaled);
    }

    /** Inverse of {@link #ofDecimal}: the value at {@code scale}. */
    public static BigDecimal toDecimal(long encoded, int scale) {
        return BigDecimal.valueOf(toLong(encoded), scale);
    }

    /**
     * The first {@value #PREFIX_CHARS} UTF-16 units of {@code value}: monotone with
     * {@link String#compareTo} but not exact (see the class comment).
     */
    public static long stringPrefix(String value) {
        long encoded = 0;
        for (int i = 0; i < PREFIX_CHARS; i++) {
            encoded = (encoded << 16) | (i < value.length() ? value.charAt(i) : 0);
        }
        return encoded;
    }

    private static void check(long encoded, int bits) {
        if (encoded < 0 || encoded >= (1L << bits)) {
            throw new IllegalArgumentException("encoded value " + encoded + " is outside [0, 2^" + bits + ")");
        }
    }
}
