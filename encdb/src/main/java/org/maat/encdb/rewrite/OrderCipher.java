package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import org.bouncycastle.crypto.params.KeyParameter;
import org.maat.encdb.onion.LayerCipher;
import org.maat.encdb.onion.Ope;
import org.maat.encdb.onion.OrderEncoding;
import org.maat.encdb.schema.ColumnType;

/**
 * The OPE layer of one column's Ord onion: exact order-preserving encryption of INTEGER, BIGINT,
 * DECIMAL and DATE values ({@link OrderEncoding}'s exact maps), and the translation of range
 * constants into inclusive ciphertext bounds. Text columns get no Ord onion (string prefixes are not
 * exact), so their ORDER BY is done on the client.
 */
public final class OrderCipher {

    /** Bound byte strings that compare below / above every 8-byte OPE ciphertext (unsigned). */
    static final byte[] BELOW_ALL = new byte[0];
    static final byte[] ABOVE_ALL = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};

    private final String column;
    private final ColumnType type;
    private final LayerCipher.OrderPreserving ope;

    OrderCipher(String column, ColumnType type, byte[] key32) {
        this.column = column;
        this.type = type;
        int bits = switch (type.kind()) {
            case INTEGER, DATE -> OrderEncoding.INT_BITS;
            case BIGINT, DECIMAL -> OrderEncoding.LONG_BITS;
            default -> throw new IllegalArgumentException("no exact order encoding for " + type.ddl());
        };
        this.ope = new Ope(new KeyParameter(key32), bits, Math.min(Ope.MAX_CIPHERTEXT_BITS, bits + 15));
    }

    /** Whether a type has an exact order encoding (and so gets an Ord onion). */
    public static boolean supports(ColumnType type) {
        return switch (type.kind()) {
            case INTEGER, DATE, BIGINT, DECIMAL -> true;
            default -> false;
        };
    }

    long encrypt(Object stored) throws SQLException {
        return ope.encrypt(encode(stored));
    }

    Object decrypt(long ct) {
        long pt = ope.decrypt(ct);
        return switch (type.kind()) {
            case INTEGER -> OrderEncoding.toInt(pt);
            case BIGINT -> OrderEncoding.toLong(pt);
            case DECIMAL -> OrderEncoding.toDecimal(pt, type.scale());
            case DATE -> java.sql.Date.valueOf(OrderEncoding.toDate(pt));
            default -> throw new IllegalStateException(type.ddl());
        };
    }

    private long encode(Object stored) throws SQLException {
        try {
            return switch (type.kind()) {
                case INTEGER -> OrderEncoding.ofInt(((Number) stored).intValue());
                case BIGINT -> OrderEncoding.ofLong((Long) stored);
                case DECIMAL -> OrderEncoding.ofDecimal((BigDecimal) stored, type.scale(), RoundingMode.UNNECESSARY);
                case DATE -> OrderEncoding.ofDate(((java.sql.Date) stored).toLocalDate());
                default -> throw new IllegalStateException(type.ddl());
            };
        } catch (IllegalArgumentException e) {
            // The value cannot be stored under this column's Ord onion on any path: out of range (22003).
            throw new SQLException("numeric value out of range for column " + column + " (its order onion holds "
                    + type.ddl() + "): " + e.getMessage(), "22003", e);
        }
    }

    /**
     * The ciphertext bound for {@code column >= value} (lower) or {@code column <= value} (upper),
     * with {@code strict} for {@code >} / {@code <}: the constant is first moved to the nearest value
     * of the column's type on the right side, and a constant beyond the type's range yields a bound
     * that compares below or above every ciphertext.
     */
    byte[] bound(Object value, boolean lower, boolean strict, String where) throws SQLException {
        if (value == null) {
            return null;
        }
        Object stored;
        if (type.kind() == ColumnType.Kind.DATE) {
            java.sql.Date d = (java.sql.Date) type.toStored(value, where);
            java.time.LocalDate day = d.toLocalDate();
            java.time.LocalTime time = ColumnType.timeOfDay(value);
            if (time != null && !time.equals(java.time.LocalTime.MIDNIGHT)) {
                // H2 compares a DATE with a timestamp as timestamps: a day is below a time after its midnight,
                // so c < D 12:00 and c <= D 12:00 are c <= D, and c > D 12:00 and c >= D 12:00 are c >= D + 1.
                return java.nio.ByteBuffer.allocate(8).putLong(encrypt(java.sql.Date.valueOf(lower ? day.plusDays(1)
                        : day))).array();
            }
            if (strict) {
                day = lower ? day.plusDays(1) : day.minusDays(1);
            }
            stored = java.sql.Date.valueOf(day);
        } else {
            BigDecimal v = value instanceof BigDecimal b ? b : new BigDecimal(value.toString().trim());
            int scale = type.kind() == ColumnType.Kind.DECIMAL ? type.scale() : 0;
            BigDecimal ulp = BigDecimal.ONE.movePointLeft(scale);
            BigDecimal b;
            if (lower) {
                b = strict ? v.setScale(scale, RoundingMode.FLOOR).add(ulp) : v.setScale(scale, RoundingMode.CEILING);
            } else {
                b = strict ? v.setScale(scale, RoundingMode.CEILING).subtract(ulp) : v.setScale(scale, RoundingMode.FLOOR);
            }
            BigDecimal max = switch (type.kind()) {
                case INTEGER -> BigDecimal.valueOf(type.precision() == 8 ? Byte.MAX_VALUE
                        : type.precision() == 16 ? Short.MAX_VALUE : Integer.MAX_VALUE);
                case BIGINT -> BigDecimal.valueOf((1L << 47) - 1);
                default -> BigDecimal.TEN.pow(type.precision() - scale).subtract(ulp);
            };
            BigDecimal min = switch (type.kind()) {
                case INTEGER -> BigDecimal.valueOf(type.precision() == 8 ? Byte.MIN_VALUE
                        : type.precision() == 16 ? Short.MIN_VALUE : Integer.MIN_VALUE);
                case BIGINT -> BigDecimal.valueOf(-(1L << 47));
                default -> max.negate();
            };
            if (b.compareTo(max) > 0) {
                return ABOVE_ALL; // >= beyond max: nothing; <= beyond max: everything
            }
            if (b.compareTo(min) < 0) {
                return BELOW_ALL;
            }
            stored = type.toStored(b, where);
        }
        return java.nio.ByteBuffer.allocate(8).putLong(encrypt(stored)).array();
    }
}
