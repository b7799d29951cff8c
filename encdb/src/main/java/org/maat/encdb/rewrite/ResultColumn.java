package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.SqlValues;

/**
 * One column of a decrypted result: its label and type as the application sees them, and how to
 * compute its value from the physical row (decrypting the onion it was read from). {@code type} is
 * null for values H2 computes in plaintext, whose metadata is H2's own.
 */
public abstract class ResultColumn {

    private final String label;
    private final ColumnType type;
    private final boolean nullable;

    ResultColumn(String label, ColumnType type, boolean nullable) {
        this.label = label;
        this.type = type;
        this.nullable = nullable;
    }

    public String label() {
        return label;
    }

    /** The logical type, or null when the physical column's metadata applies. */
    public ColumnType type() {
        return type;
    }

    public boolean nullable() {
        return nullable;
    }

    /** Position in the physical row whose H2 metadata describes a plaintext result, else -1. */
    public int plainPosition() {
        return -1;
    }

    /** The value of this column in the physical row {@code rs} is positioned on, for the statement's {@code params}. */
    public abstract Object decode(ResultSet rs, Object[] params) throws SQLException;

    /** A plaintext value computed by H2 (a plaintext column, COUNT, an expression over plaintext). */
    static ResultColumn plain(String label, int pos) {
        return new ResultColumn(label, null, true) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                return rs.getObject(pos);
            }

            @Override
            public int plainPosition() {
                return pos;
            }
        };
    }

    /** COUNT: H2's BIGINT. */
    static ResultColumn count(String label, int pos) {
        return new ResultColumn(label, new ColumnType(ColumnType.Kind.BIGINT, "BIGINT", Types.BIGINT, 64, 0), false) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                return rs.getLong(pos);
            }
        };
    }

    /** A column read from its Eq onion at {@code layer} (with its IV at {@code ivPos} when RND). */
    static ResultColumn eq(String label, ColumnCipher cipher, Layer layer, int ctPos, int ivPos) {
        return new ResultColumn(label, cipher.column().type(), cipher.column().nullable()) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                byte[] ct = rs.getBytes(ctPos);
                if (ct == null) {
                    return null;
                }
                return cipher.eqDecrypt(ct, layer, ivPos < 0 ? null : rs.getBytes(ivPos));
            }
        };
    }

    /** MIN/MAX over the Ord onion's OPE layer. */
    static ResultColumn ope(String label, ColumnCipher cipher, int pos) {
        return new ResultColumn(label, cipher.column().type(), true) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                byte[] ct = rs.getBytes(pos);
                return ct == null ? null : cipher.ordDecrypt(ct);
            }
        };
    }

    /**
     * SUM over the Add onion, typed as H2 types SUM: BIGINT for INTEGER columns, NUMERIC otherwise.
     * {@code countPos} is the position of COUNT(column), so an empty or all-NULL input gives NULL.
     */
    static ResultColumn homSum(String label, ColumnCipher cipher, int sumPos, int countPos) {
        ColumnType t = cipher.column().type();
        ColumnType sumType = t.kind() == ColumnType.Kind.INTEGER
                ? new ColumnType(ColumnType.Kind.BIGINT, "BIGINT", Types.BIGINT, 64, 0)
                : new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC,
                        t.kind() == ColumnType.Kind.BIGINT ? 29 : Math.max(t.precision() + 10, 18), t.scale());
        return new ResultColumn(label, sumType, true) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                if (rs.getLong(countPos) == 0) {
                    return null;
                }
                BigInteger sum = cipher.add().decrypt(rs.getBytes(sumPos));
                BigDecimal d = t.fromAdditive(sum);
                return sumType.kind() == ColumnType.Kind.BIGINT ? (Object) d.longValueExact() : d;
            }
        };
    }

    /**
     * AVG over the Add onion, typed as H2 types AVG: DOUBLE PRECISION for INTEGER columns, NUMERIC
     * with ten more fractional digits otherwise.
     */
    static ResultColumn homAvg(String label, ColumnCipher cipher, int sumPos, int countPos) {
        ColumnType t = cipher.column().type();
        boolean dbl = t.kind() == ColumnType.Kind.INTEGER;
        ColumnType avgType = dbl ? new ColumnType(ColumnType.Kind.DOUBLE, "DOUBLE PRECISION", Types.DOUBLE, 53, 0)
                : new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC,
                        t.kind() == ColumnType.Kind.BIGINT ? 29 : t.precision() + 10, t.scale() + 10);
        return new ResultColumn(label, avgType, true) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                long n = rs.getLong(countPos);
                if (n == 0) {
                    return null;
                }
                BigDecimal sum = t.fromAdditive(cipher.add().decrypt(rs.getBytes(sumPos)));
                if (dbl) {
                    return sum.doubleValue() / n; // as H2 computes AVG of integers
                }
                return sum.divide(BigDecimal.valueOf(n), avgType.scale(), RoundingMode.HALF_DOWN);
            }
        };
    }

    /** {@code col + c} or {@code col * k} computed by H2 on the Add onion, decrypted here. */
    static ResultColumn homExpression(String label, ColumnCipher cipher, ColumnType resultType, int pos) {
        return new ResultColumn(label, resultType, cipher.column().nullable()) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                byte[] ct = rs.getBytes(pos);
                if (ct == null) {
                    return null;
                }
                BigDecimal d = cipher.column().type().fromAdditive(cipher.add().decrypt(ct));
                return switch (resultType.kind()) {
                    case INTEGER -> d.intValueExact();
                    case BIGINT -> d.longValueExact();
                    default -> d.setScale(resultType.scale(), RoundingMode.UNNECESSARY);
                };
            }
        };
    }

    /**
     * {@code col + v}, {@code col - v} or {@code col * v} computed on the decrypted value of {@code col}
     * with exact decimal arithmetic, typed as H2 types it (NUMERIC sums keep the larger scale, products
     * add scales; INTEGER stays INTEGER when the operand is an integer).
     */
    static ResultColumn arithmetic(String label, ResultColumn base, char op, ValueSource operand, ColumnType resultType) {
        return new ResultColumn(label, resultType, base.nullable()) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                Object v = base.decode(rs, params);
                Object x = operand.value(params);
                if (v == null || x == null) {
                    return null;
                }
                BigDecimal a = SqlValues.toBigDecimal(v);
                BigDecimal b = SqlValues.toBigDecimal(x);
                BigDecimal r = switch (op) {
                    case '+' -> a.add(b);
                    case '-' -> a.subtract(b);
                    default -> a.multiply(b);
                };
                boolean integral = r.stripTrailingZeros().scale() <= 0;
                return switch (resultType.kind()) {
                    case INTEGER -> integral ? (Object) (int) inRange(r, resultType.precision()) : r;
                    case BIGINT -> integral ? (Object) inRange(r, 64) : r;
                    default -> r.scale() < resultType.scale() ? r.setScale(resultType.scale()) : r;
                };
            }
        };
    }

    /** The integer {@code r} if it fits a signed integer of {@code bits} bits, as H2's result type; else 22003. */
    private static long inRange(BigDecimal r, int bits) throws SQLException {
        BigInteger v = r.toBigIntegerExact();
        if (v.bitLength() >= bits) {
            throw new SQLException("Numeric value out of range: \"" + v + "\"", "22003");
        }
        return v.longValue();
    }

    /**
     * {@code -c}: the negation of {@code base}'s decrypted value, of the same type (NULL stays NULL), as H2
     * negates: the minimum of INTEGER, SMALLINT, TINYINT and BIGINT overflows (22003), and a zero of DOUBLE or
     * REAL stays {@code 0.0} (H2 keeps no negative zero).
     */
    static ResultColumn negated(String label, ResultColumn base) {
        long min = base.type() == null || base.type().kind() != ColumnType.Kind.INTEGER ? Integer.MIN_VALUE
                : -(1L << (base.type().precision() - 1)); // SMALLINT and TINYINT are INTEGER of 16 and 8 bits
        return new ResultColumn(label, base.type(), base.nullable()) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                Object v = base.decode(rs, params);
                try {
                    if (v == null) {
                        return null;
                    } else if (v instanceof Integer i) {
                        if (i <= min) {
                            throw new ArithmeticException();
                        }
                        return -i;
                    } else if (v instanceof Long l) {
                        return Math.negateExact(l);
                    } else if (v instanceof Double d) {
                        return d == 0 ? 0.0 : -d;
                    } else if (v instanceof Float f) {
                        return f == 0 ? 0.0f : -f;
                    }
                    return SqlValues.toBigDecimal(v).negate();
                } catch (ArithmeticException e) {
                    throw new SQLException("Numeric value out of range: -(" + v + ") in " + label, "22003");
                }
            }
        };
    }
}
