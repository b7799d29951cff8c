package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
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
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.SqlValues;

/**
 * A SET expression evaluated on the client over a decrypted row: column references, parameters,
 * literals, {@code + - * /} on numbers and {@code ||} on strings, with SQL's NULL propagation. The
 * result is then stored at the column's type, rounding as H2 does. Arithmetic with a DOUBLE operand is
 * done in double precision, as H2 does; other arithmetic is exact. A division is compiled only when an
 * operand is NUMERIC/DECIMAL (a decimal division in H2); a division H2 types as integer (truncating) or
 * double is refused here, and left to the query that reads the rows, which evaluates it as H2 does.
 */
public interface RowExpression {

    Object evaluate(Object[] row, Object[] params) throws SQLException;

    /** Compiles {@code e} against the table's column positions, or refuses it by name. */
    static RowExpression compile(Expression e, EncryptedTable table, SqlBuilder out) throws SQLException {
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < table.columns().size(); i++) {
            columns.put(table.columns().get(i).name(), i);
        }
        return compile(e, columns, table, out);
    }

    private static RowExpression compile(Expression e, Map<String, Integer> columns, EncryptedTable table,
            SqlBuilder out) throws SQLException {
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
            return compile(p.getExpression(), columns, table, out);
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return compile(p.get(0), columns, table, out);
        }
        if (e instanceof SignedExpression s && s.getSign() == '-') {
            RowExpression inner = compile(s.getExpression(), columns, table, out);
            int bits = integerBits(s.getExpression(), table);
            return (row, params) -> {
                Object x = inner.evaluate(row, params);
                return x == null ? null : inIntegerRange(SqlValues.number(x).negate(), bits, e);
            };
        }
        if (e instanceof Concat c) {
            RowExpression l = compile(c.getLeftExpression(), columns, table, out);
            RowExpression r = compile(c.getRightExpression(), columns, table, out);
            return (row, params) -> {
                Object a = l.evaluate(row, params);
                Object b = r.evaluate(row, params);
                return a == null || b == null ? null : a.toString() + b;
            };
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication || e instanceof Division) {
            var be = (net.sf.jsqlparser.expression.BinaryExpression) e;
            if (e instanceof Division && (numberKind(be, table) != ColumnType.Kind.DECIMAL)) {
                throw Unsupported.construct("SET expression " + e + " (a division H2 types as integer or double)");
            }
            RowExpression l = compile(be.getLeftExpression(), columns, table, out);
            RowExpression r = compile(be.getRightExpression(), columns, table, out);
            int bits = integerBits(e, table);
            return (row, params) -> {
                Object a = l.evaluate(row, params);
                Object b = r.evaluate(row, params);
                if (a == null || b == null) {
                    return null;
                }
                if (bits > 0 && !(e instanceof Division)) {
                    BigDecimal x = SqlValues.number(a);
                    BigDecimal y = SqlValues.number(b);
                    return inIntegerRange(e instanceof Addition ? x.add(y) : e instanceof Subtraction ? x.subtract(y)
                            : x.multiply(y), bits, e);
                }
                if (a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float) {
                    return doubleArithmetic(e, ((Number) a).doubleValue(), SqlValues.number(b).doubleValue());
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

    private static Object doubleArithmetic(Expression e, double x, double y) throws SQLException {
        if (e instanceof Addition) {
            return x + y;
        }
        if (e instanceof Subtraction) {
            return x - y;
        }
        if (e instanceof Multiplication) {
            return x * y;
        }
        if (y == 0) {
            throw new SQLException("Division by zero: " + e, "22012");
        }
        return x / y;
    }

    /**
     * {@code v}, when H2's result of {@code e}, an integer type of {@code bits} bits (0: not an integer type
     * known here), holds it; else H2's overflow (22003). H2 computes {@code + - *} and negation of integers in
     * the operands' wider type and fails beyond it, even where the stored column would hold the value.
     */
    private static BigDecimal inIntegerRange(BigDecimal v, int bits, Expression e) throws SQLException {
        if (bits > 0 && v.toBigInteger().bitLength() >= bits) {
            throw new SQLException("Numeric value out of range: \"" + v.toPlainString() + "\" in " + e, "22003");
        }
        return v;
    }

    /**
     * The width in bits of the integer type H2 gives {@code e} (TINYINT 8, SMALLINT 16, INTEGER 32, BIGINT 64:
     * the wider operand's; a literal INTEGER when it fits, else BIGINT, a sign written before it part of it), or
     * 0 when {@code e} is no integer type known here (a parameter, NUMERIC, DOUBLE, a literal beyond BIGINT).
     */
    private static int integerBits(Expression e, EncryptedTable table) {
        if (e instanceof Parenthesis p) {
            return integerBits(p.getExpression(), table);
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return integerBits(p.get(0), table);
        }
        if (e instanceof LongValue || e instanceof SignedExpression s && s.getExpression() instanceof LongValue) {
            Object v = Literals.constant(e);
            int length = v instanceof BigDecimal b ? b.toBigInteger().bitLength() : 64;
            return length < 32 ? 32 : length < 64 ? 64 : 0;
        }
        if (e instanceof SignedExpression s) {
            return integerBits(s.getExpression(), table);
        }
        if (e instanceof Column c) {
            EncryptedColumn col = table.column(Identifiers.normalize(c.getColumnName()));
            ColumnType t = col == null ? null : col.type();
            return t == null ? 0 : t.kind() == ColumnType.Kind.BIGINT ? 64
                    : t.kind() == ColumnType.Kind.INTEGER ? t.precision() : 0;
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication) {
            var be = (net.sf.jsqlparser.expression.BinaryExpression) e;
            int a = integerBits(be.getLeftExpression(), table);
            int b = integerBits(be.getRightExpression(), table);
            return a == 0 || b == 0 ? 0 : Math.max(a, b);
        }
        return 0;
    }

    /**
     * The kind of number H2 computes {@code e} as, by its operands' types: DOUBLE if one is, else DECIMAL
     * if one is a NUMERIC column or a decimal literal, else INTEGER (integer columns and literals,
     * parameters, which H2 types by the other operand); null for anything else.
     */
    private static ColumnType.Kind numberKind(Expression e, EncryptedTable table) {
        if (e instanceof Parenthesis p) {
            return numberKind(p.getExpression(), table);
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return numberKind(p.get(0), table);
        }
        if (e instanceof SignedExpression s) {
            return numberKind(s.getExpression(), table);
        }
        if (e instanceof DoubleValue) {
            return ColumnType.Kind.DECIMAL;
        }
        if (e instanceof LongValue || e instanceof JdbcParameter) {
            return ColumnType.Kind.INTEGER;
        }
        if (e instanceof Column c) {
            EncryptedColumn col = table.column(Identifiers.normalize(c.getColumnName()));
            ColumnType t = col == null ? null : col.type();
            if (t == null) {
                return null;
            }
            return switch (t.kind()) {
                case INTEGER, BIGINT -> ColumnType.Kind.INTEGER;
                case DECIMAL, DOUBLE -> t.kind();
                default -> null;
            };
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication || e instanceof Division) {
            var be = (net.sf.jsqlparser.expression.BinaryExpression) e;
            ColumnType.Kind a = numberKind(be.getLeftExpression(), table);
            ColumnType.Kind b = numberKind(be.getRightExpression(), table);
            if (a == null || b == null) {
                return null;
            }
            return a == ColumnType.Kind.DOUBLE || b == ColumnType.Kind.DOUBLE ? ColumnType.Kind.DOUBLE
                    : a == ColumnType.Kind.DECIMAL || b == ColumnType.Kind.DECIMAL ? ColumnType.Kind.DECIMAL
                    : ColumnType.Kind.INTEGER;
        }
        return null;
    }
}
