package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.SQLException;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.SqlValues;

/**
 * A SET expression evaluated on the client over a decrypted row: column references, parameters,
 * literals, {@code + - * /} on numbers and {@code ||} on strings, with SQL's NULL propagation. The
 * result is then stored at the column's type, rounding as H2 does.
 */
public interface RowExpression {

    Object evaluate(Object[] row, Object[] params) throws SQLException;

    /** Compiles {@code e} against the table's column positions, or refuses it by name. */
    static RowExpression compile(Expression e, Map<String, Integer> columns, SqlBuilder out) throws SQLException {
        ValueSource v = Literals.source(e, out);
        if (v != null) {
            return (row, params) -> v.value(params);
        }
        if (e instanceof Column c) {
            Integer i = columns.get(Identifiers.normalize(c.getColumnName()));
            if (i == null) {
                throw new SQLException("Column \"" + c.getColumnName() + "\" not found", "42S22");
            }
            int index = i;
            return (row, params) -> row[index];
        }
        if (e instanceof Parenthesis p) {
            return compile(p.getExpression(), columns, out);
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return compile(p.get(0), columns, out);
        }
        if (e instanceof SignedExpression s && s.getSign() == '-') {
            RowExpression inner = compile(s.getExpression(), columns, out);
            return (row, params) -> {
                Object x = inner.evaluate(row, params);
                return x == null ? null : SqlValues.number(x).negate();
            };
        }
        if (e instanceof Concat c) {
            RowExpression l = compile(c.getLeftExpression(), columns, out);
            RowExpression r = compile(c.getRightExpression(), columns, out);
            return (row, params) -> {
                Object a = l.evaluate(row, params);
                Object b = r.evaluate(row, params);
                return a == null || b == null ? null : a.toString() + b;
            };
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication || e instanceof Division) {
            var be = (net.sf.jsqlparser.expression.BinaryExpression) e;
            RowExpression l = compile(be.getLeftExpression(), columns, out);
            RowExpression r = compile(be.getRightExpression(), columns, out);
            return (row, params) -> {
                Object a = l.evaluate(row, params);
                Object b = r.evaluate(row, params);
                if (a == null || b == null) {
                    return null;
                }
                BigDecimal x = SqlValues.number(a);
                BigDecimal y = SqlValues.number(b);
                if (e instanceof Addition) {
                    return x.add(y);
                }
                if (e instanceof Subtraction) {
                    return x.subtract(y);
                }
                if (e instanceof Multiplication) {
                    return x.multiply(y);
                }
                if (y.signum() == 0) {
                    throw new SQLException("Division by zero: " + e, "22012");
                }
                return x.divide(y, MathContext.DECIMAL128);
            };
        }
        throw Unsupported.construct("SET expression " + e + " over an encrypted table");
    }
}
