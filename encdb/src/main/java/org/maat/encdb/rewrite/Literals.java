package org.maat.encdb.rewrite;

import java.math.BigDecimal;
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
        if (e instanceof SignedExpression s && s.getSign() == '-') {
            Object inner = constant(s.getExpression());
            if (inner instanceof BigDecimal b) {
                return b.negate();
            }
        }
        if (e instanceof SignedExpression s && s.getSign() == '+') {
            return constant(s.getExpression());
        }
        return NOT_A_CONSTANT;
    }
}
