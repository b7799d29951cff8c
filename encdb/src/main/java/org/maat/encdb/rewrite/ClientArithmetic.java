package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import org.maat.encdb.rewrite.Scope.ColumnRef;
import org.maat.encdb.schema.ColumnType;

/**
 * A select-list expression of {@code +}, {@code -}, {@code *}, {@code /} and unary signs over INTEGER,
 * BIGINT and DOUBLE columns (encrypted ones decrypted) and integer literals, computed on the client with
 * H2's rules: the result is DOUBLE if an operand is, else BIGINT if an operand is, else INTEGER (BIGINT with
 * DOUBLE is H2's exact DECFLOAT, left to the split); an integer
 * result outside its type fails with 22003 and a division by zero with 22012, as in H2; integer division
 * truncates toward zero; NULL gives NULL. Anything else (NUMERIC, text, functions) is not compiled here.
 */
final class ClientArithmetic {

    /** A result type, ordered by H2's promotion. */
    enum NumberType {
        INTEGER, BIGINT, DOUBLE;

        ColumnType columnType() {
            return switch (this) {
                case INTEGER -> ColumnType.of("INTEGER", "INTEGER", Types.INTEGER, 32, 0);
                case BIGINT -> ColumnType.of("BIGINT", "BIGINT", Types.BIGINT, 64, 0);
                case DOUBLE -> ColumnType.of("DOUBLE", "DOUBLE PRECISION", Types.DOUBLE, 53, 0);
            };
        }
    }

    /** A node of a compiled expression. */
    interface Node {
        NumberType type();

        Object value(ResultSet rs, Object[] params) throws SQLException;
    }

    /** Supplies the result column that reads a column's value (selecting what decryption needs). */
    @FunctionalInterface
    interface Columns {
        ResultColumn read(ColumnRef column) throws SQLException;
    }

    private ClientArithmetic() {
    }

    /** Whether {@code e} is such an expression, every column resolved in {@code w}'s scope. */
    static boolean applies(Expression e, ExpressionWriter w) throws SQLException {
        return type(e, w) != null;
    }

    private static NumberType type(Expression e, ExpressionWriter w) throws SQLException {
        if (isLiteral(e)) {
            Object v = Literals.constant(e);
            if (v == null) {
                return NumberType.INTEGER;
            }
            if (!(v instanceof BigDecimal d) || d.scale() != 0) {
                return null;
            }
            return fits(d, Integer.MIN_VALUE, Integer.MAX_VALUE) ? NumberType.INTEGER
                    : fits(d, Long.MIN_VALUE, Long.MAX_VALUE) ? NumberType.BIGINT : null;
        }
        if (e instanceof CastExpression c && Literals.isConstant(c)) {
            String to = c.getColDataType().getDataType().toUpperCase(java.util.Locale.ROOT);
            return to.equals("INTEGER") || to.equals("INT") ? NumberType.INTEGER
                    : to.equals("BIGINT") ? NumberType.BIGINT : null;
        }
        Expression inner = unwrap(e);
        if (inner != e) {
            return type(inner, w);
        }
        if (e instanceof SignedExpression s) {
            return type(s.getExpression(), w);
        }
        if (e instanceof Column c) {
            ColumnType t = w.columnOrNull(c).column().type();
            if (t == null) {
                return null;
            }
            return t.kind() == ColumnType.Kind.INTEGER && t.sqlType() == Types.INTEGER ? NumberType.INTEGER
                    : t.kind() == ColumnType.Kind.BIGINT ? NumberType.BIGINT
                    : t.kind() == ColumnType.Kind.DOUBLE ? NumberType.DOUBLE : null;
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication || e instanceof Division) {
            NumberType a = type(((BinaryExpression) e).getLeftExpression(), w);
            NumberType b = type(((BinaryExpression) e).getRightExpression(), w);
            if (a == null || b == null || (a == NumberType.BIGINT && b == NumberType.DOUBLE)
                    || (a == NumberType.DOUBLE && b == NumberType.BIGINT)) {
                return null; // BIGINT with DOUBLE is DECFLOAT in H2 (exact): not compiled here
            }
            return a.compareTo(b) >= 0 ? a : b;
        }
        return null;
    }

    /** Compiles {@code e}, which {@link #applies}; {@code columns} reads each column it uses. */
    static Node compile(Expression e, ExpressionWriter w, Columns columns) throws SQLException {
        NumberType type = type(e, w);
        if (isLiteral(e) || e instanceof CastExpression) {
            Object v = Literals.constant(e);
            Object value = v == null ? null : type == NumberType.INTEGER ? (Object) ((BigDecimal) v).intValueExact()
                    : (Object) ((BigDecimal) v).longValueExact();
            return node(type, (rs, p) -> value);
        }
        Expression inner = unwrap(e);
        if (inner != e) {
            return compile(inner, w, columns);
        }
        if (e instanceof SignedExpression s) {
            Node x = compile(s.getExpression(), w, columns);
            if (s.getSign() != '-') {
                return x;
            }
            if (!usesColumn(s.getExpression())) {
                // H2 negates a constant when it prepares the statement: -(-2147483648) fails even over no row.
                Object folded = negate(x.value(null, null), type);
                return node(type, (rs, p) -> folded);
            }
            return node(type, (rs, p) -> negate(x.value(rs, p), type));
        }
        if (e instanceof Column c) {
            ResultColumn read = columns.read(w.columnOrNull(c));
            return node(type, read::decode);
        }
        BinaryExpression b = (BinaryExpression) e;
        Node x = compile(b.getLeftExpression(), w, columns);
        Node y = compile(b.getRightExpression(), w, columns);
        char op = e instanceof Addition ? '+' : e instanceof Subtraction ? '-' : e instanceof Multiplication ? '*' : '/';
        if (!usesColumn(b.getLeftExpression()) && !usesColumn(b.getRightExpression())) {
            // H2 folds a constant operation when it prepares the statement: 1/0 fails even over no row.
            Object folded = apply(op, x.value(null, null), y.value(null, null), type);
            return node(type, (rs, p) -> folded);
        }
        return node(type, (rs, p) -> apply(op, x.value(rs, p), y.value(rs, p), type));
    }

    /** The result column of a compiled expression. */
    static ResultColumn column(String label, Node node) {
        return new ResultColumn(label, node.type().columnType(), true) {
            @Override
            public Object decode(ResultSet rs, Object[] params) throws SQLException {
                return node.value(rs, params);
            }
        };
    }

    @FunctionalInterface
    private interface Value {
        Object of(ResultSet rs, Object[] params) throws SQLException;
    }

    private static Node node(NumberType type, Value value) {
        return new Node() {
            @Override
            public NumberType type() {
                return type;
            }

            @Override
            public Object value(ResultSet rs, Object[] params) throws SQLException {
                return value.of(rs, params);
            }
        };
    }

    private static Object apply(char op, Object a, Object b, NumberType type) throws SQLException {
        if (a == null || b == null) {
            return null;
        }
        if (type == NumberType.DOUBLE) {
            double x = ((Number) a).doubleValue();
            double y = ((Number) b).doubleValue();
            if (op == '/' && y == 0) {
                throw divisionByZero(a);
            }
            return h2Double(switch (op) {
                case '+' -> x + y;
                case '-' -> x - y;
                case '*' -> x * y;
                default -> x / y;
            });
        }
        long x = ((Number) a).longValue();
        long y = ((Number) b).longValue();
        long r;
        try {
            r = switch (op) {
                case '+' -> Math.addExact(x, y);
                case '-' -> Math.subtractExact(x, y);
                case '*' -> Math.multiplyExact(x, y);
                default -> {
                    if (y == 0) {
                        throw divisionByZero(a);
                    }
                    if (x == Long.MIN_VALUE && y == -1) {
                        throw new ArithmeticException(); // the one quotient beyond BIGINT, which H2 reports
                    }
                    yield x / y; // truncates toward zero, as H2 does
                }
            };
        } catch (ArithmeticException overflow) {
            throw outOfRange(a + " " + op + " " + b);
        }
        return narrow(r, type);
    }

    private static Object negate(Object v, NumberType type) throws SQLException {
        if (v == null) {
            return null;
        }
        if (type == NumberType.DOUBLE) {
            return h2Double(-((Number) v).doubleValue());
        }
        long x = ((Number) v).longValue();
        if (x == Long.MIN_VALUE) {
            throw outOfRange("-(" + v + ")");
        }
        return narrow(-x, type);
    }

    /** H2 keeps no negative zero: {@code -0.0} is {@code 0.0} (and prints so). */
    private static double h2Double(double d) {
        return d == 0 ? 0.0 : d;
    }

    /**
     * Whether {@code e} is a literal H2 types by its value: a number (INTEGER when it fits, else BIGINT), with
     * a sign written directly before it (H2 reads {@code - 2147483648} as one INTEGER literal), or NULL. A sign
     * before a parenthesis is a negation of the operand's type: {@code - (2147483648)} is a BIGINT.
     */
    private static boolean isLiteral(Expression e) {
        return e instanceof LongValue || e instanceof NullValue
                || e instanceof SignedExpression s && s.getExpression() instanceof LongValue;
    }

    private static Object narrow(long r, NumberType type) throws SQLException {
        if (type == NumberType.INTEGER) {
            if (r < Integer.MIN_VALUE || r > Integer.MAX_VALUE) {
                throw outOfRange(Long.toString(r));
            }
            return (int) r;
        }
        return r;
    }

    private static SQLException outOfRange(String what) {
        return new SQLException("Numeric value out of range: \"" + what + "\"", "22003");
    }

    private static SQLException divisionByZero(Object dividend) {
        return new SQLException("Division by zero: \"" + dividend + "\"", "22012");
    }

    /** Whether {@code e} (which {@link #applies}) reads a column; else it is made of literals only. */
    private static boolean usesColumn(Expression e) {
        Expression inner = unwrap(e);
        if (inner != e) {
            return usesColumn(inner);
        }
        if (e instanceof SignedExpression s) {
            return usesColumn(s.getExpression());
        }
        if (e instanceof BinaryExpression b) {
            return usesColumn(b.getLeftExpression()) || usesColumn(b.getRightExpression());
        }
        return e instanceof Column;
    }

    private static Expression unwrap(Expression e) {
        if (e instanceof Parenthesis p) {
            return p.getExpression();
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return p.get(0);
        }
        return e;
    }

    private static boolean fits(BigDecimal d, long min, long max) {
        return d.compareTo(BigDecimal.valueOf(min)) >= 0 && d.compareTo(BigDecimal.valueOf(max)) <= 0;
    }
}
