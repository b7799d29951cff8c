package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.sql.Timestamp;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Turns the value expressions an encrypted column can be compared with or assigned (parameters,
 * literals, {@code CURRENT_DATE}) into {@link ValueSource}s, so the driver encrypts them itself and
 * never sends them to H2 in plaintext.
 */
final class Literals {

    private Literals() {
    }

    /** The source of a value expression, or null if {@code e} is not one. */
    static ValueSource source(Expression e, SqlBuilder out) throws SQLException {
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return source(p.get(0), out);
        }
        if (e instanceof JdbcParameter p) {
            if (p.isUseFixedIndex()) {
                throw Unsupported.construct("numbered parameters ?" + p.getIndex());
            }
            out.sawAppParameter(p.getIndex());
            return ValueSource.parameter(p.getIndex() - 1);
        }
        Object v = constant(e);
        if (v != NOT_A_CONSTANT) {
            return ValueSource.constant(v);
        }
        if (e instanceof TimeKeyExpression t) {
            String k = t.getStringValue().toUpperCase(java.util.Locale.ROOT).replace("()", "");
            switch (k) {
                case "CURRENT_DATE", "SYSDATE", "CURDATE":
                    return ValueSource.clock(true);
                case "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "NOW", "SYSTIMESTAMP":
                    return ValueSource.clock(false);
                default:
                    return null;
            }
        }
        return null;
    }

    private static final Object NOT_A_CONSTANT = new Object();

    /** Whether {@code e} is a literal or constant expression {@link #constant} can compute. */
    static boolean isConstant(Expression e) {
        return constant(e) != NOT_A_CONSTANT;
    }

    /** A literal's Java value (null for NULL), or {@link #NOT_A_CONSTANT}. */
    static Object constant(Expression e) {
        if (e instanceof NullValue) {
            return null;
        }
        if (e instanceof LongValue l) {
            return new BigDecimal(l.getStringValue());
        }
        if (e instanceof DoubleValue d) {
            return new BigDecimal(d.toString());
        }
        if (e instanceof StringValue s) {
            return s.getValue().replace("''", "'");
        }
        if (e instanceof BooleanValue b) {
            return b.getValue();
        }
        if (e instanceof DateValue d) {
            return d.getValue();
        }
        if (e instanceof TimestampValue t) {
            return t.getValue();
        }
        if (e instanceof DateTimeLiteralExpression d) {
            String text = d.getValue();
            if (text.startsWith("'") && text.endsWith("'")) {
                text = text.substring(1, text.length() - 1);
            }
            return switch (d.getType()) {
                case DATE -> java.sql.Date.valueOf(text.trim());
                case TIMESTAMP -> Timestamp.valueOf(text.trim());
                default -> NOT_A_CONSTANT;
            };
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return constant(p.get(0));
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication || e instanceof Division) {
            return arithmetic((BinaryExpression) e);
        }
        if (e instanceof CastExpression c && !c.isImplicitCast()) {
            Object inner = constant(c.getLeftExpression());
            String type = c.getColDataType().getDataType().toUpperCase(java.util.Locale.ROOT);
            if (inner == null) {
                return null; // CAST(NULL AS anything) is NULL
            }
            boolean integer = type.equals("INTEGER") || type.equals("INT") || type.equals("BIGINT");
            return integer && inner instanceof BigDecimal b && b.scale() == 0 && fits(b, type.equals("BIGINT"))
                    ? inner : NOT_A_CONSTANT;
        }
        if (e instanceof SignedExpression s && s.getSign() == '-') {
            Object inner = constant(s.getExpression());
            if (inner == null) {
                return null; // -NULL is NULL
            }
            if (inner instanceof BigDecimal b) {
                // H2 overflows negating the minimum of INTEGER or BIGINT (-(-2147483648)); whether this one is
                // typed so depends on how it was written (-(2147483648) is a BIGINT): left to H2 either way
                return isIntegerMinimum(b) ? NOT_A_CONSTANT : b.negate();
            }
        }
        if (e instanceof SignedExpression s && s.getSign() == '+') {
            return constant(s.getExpression());
        }
        return NOT_A_CONSTANT;
    }

    /**
     * {@code a + b}, {@code a - b}, {@code a * b} and {@code a / b} over numeric literals, computed as H2
     * computes them, so a constant expression compared with an encrypted column can be encrypted as one
     * value: exact for exact numbers; integer division truncates toward zero. Whatever H2 might treat
     * otherwise (an integer result beyond its operands' type, a decimal division, a division by zero, text)
     * is left unfolded, and the comparison is refused.
     */
    private static Object arithmetic(BinaryExpression e) {
        Object x = constant(e.getLeftExpression());
        Object y = constant(e.getRightExpression());
        if (x == NOT_A_CONSTANT || y == NOT_A_CONSTANT || (x != null && !(x instanceof BigDecimal))
                || (y != null && !(y instanceof BigDecimal))) {
            return NOT_A_CONSTANT;
        }
        if (x == null || y == null) {
            return null;
        }
        BigDecimal a = (BigDecimal) x;
        BigDecimal b = (BigDecimal) y;
        boolean integers = a.scale() == 0 && b.scale() == 0;
        BigDecimal r;
        if (e instanceof Addition) {
            r = a.add(b);
        } else if (e instanceof Subtraction) {
            r = a.subtract(b);
        } else if (e instanceof Multiplication) {
            r = a.multiply(b);
        } else {
            if (!integers || b.signum() == 0) {
                return NOT_A_CONSTANT;
            }
            r = a.divide(b, 0, RoundingMode.DOWN);
        }
        if (integers && !fits(r, !fits(a, false) || !fits(b, false))) {
            return NOT_A_CONSTANT;
        }
        return r;
    }

    private static boolean isIntegerMinimum(BigDecimal v) {
        return v.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) == 0 || v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) == 0;
    }

    /** Whether the integer {@code v} fits H2's INTEGER (or, with {@code wide}, BIGINT). */
    private static boolean fits(BigDecimal v, boolean wide) {
        BigDecimal min = BigDecimal.valueOf(wide ? Long.MIN_VALUE : Integer.MIN_VALUE);
        BigDecimal max = BigDecimal.valueOf(wide ? Long.MAX_VALUE : Integer.MAX_VALUE);
        return v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
    }
}
