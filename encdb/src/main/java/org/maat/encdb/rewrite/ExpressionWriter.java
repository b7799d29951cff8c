package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.util.deparser.ExpressionDeParser;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.rewrite.Scope.ColumnRef;
import org.maat.encdb.schema.ColumnType;

/**
 * Writes conditions and expressions of the application's statement onto the physical schema: a
 * predicate on an encrypted column becomes a predicate on the onion that supports it, at the layer
 * it needs (raising {@link PeelRequired} when that layer is not exposed yet), with the constant
 * encrypted by a binder; expressions over plaintext columns are written as they are. Anything else on
 * an encrypted column is refused by name.
 */
final class ExpressionWriter {

    /** A LIKE the server over-approximates with SEARCH; the driver re-checks it on the decrypted value. */
    record LikeCheck(ColumnRef column, ValueSource pattern, char escape) {
    }

    private final Scope scope;
    private final SqlBuilder out;
    private final KeyRing keys;
    final List<LikeCheck> likeChecks = new ArrayList<>();
    private boolean searchOnServer = true;

    ExpressionWriter(Scope scope, SqlBuilder out, KeyRing keys) {
        this.scope = scope;
        this.out = out;
        this.keys = keys;
    }

    /**
     * Leaves LIKE on encrypted columns to the client's exact re-check alone: when another conjunct
     * of WHERE is an equality, H2 finds the few candidate rows by it, and decrypting one value per
     * candidate costs less than matching a SEARCH token against all of the candidate's words.
     */
    void likeOnClientOnly() {
        this.searchOnServer = false;
    }

    /** Fails with PeelRequired unless {@code c}'s {@code onion} is at {@code target} or below. */
    static void need(ColumnRef c, Onion onion, Layer target, String what) throws SQLException, PeelRequired {
        if (!c.column().has(onion)) {
            throw Unsupported.onColumn(c.name(), what + " (no " + onion + " onion)");
        }
        if (!c.column().reached(onion, target)) {
            throw new PeelRequired(c.column(), onion, onion.layers().get(onion.layers().indexOf(
                    c.column().layer(onion)) + 1));
        }
    }

    /**
     * Writes a WHERE or ON condition. {@code top} says the condition is a conjunct of the whole
     * WHERE clause, where a LIKE on an encrypted column may over-approximate (it is re-checked).
     */
    void condition(Expression e, boolean top) throws SQLException, PeelRequired {
        if (!referencesEncrypted(e)) {
            plain(e);
            return;
        }
        if (e instanceof AndExpression a) {
            out.append("(");
            condition(a.getLeftExpression(), top);
            out.append(" AND ");
            condition(a.getRightExpression(), top);
            out.append(")");
        } else if (e instanceof OrExpression o) {
            out.append("(");
            condition(o.getLeftExpression(), false);
            out.append(" OR ");
            condition(o.getRightExpression(), false);
            out.append(")");
        } else if (e instanceof NotExpression n) {
            out.append("NOT (");
            condition(n.getExpression(), false);
            out.append(")");
        } else if (e instanceof Parenthesis p) {
            condition(p.getExpression(), top);
        } else if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            condition(p.get(0), top);
        } else if (e instanceof ComparisonOperator c) {
            comparison(c);
        } else if (e instanceof InExpression in) {
            in(in);
        } else if (e instanceof Between b) {
            between(b);
        } else if (e instanceof LikeExpression l) {
            like(l, top);
        } else if (e instanceof IsNullExpression n) {
            // -c and +c are NULL exactly when c is, unless -c overflows (signedColumn refuses that case)
            ColumnRef c = signedColumn(n.getLeftExpression(), n, "IS NULL over an expression").column();
            out.append(c.physical(Onion.EQ)).append(n.isNot() ? " IS NOT NULL" : " IS NULL");
        } else {
            throw refusal(e, describe(e));
        }
    }

    private void comparison(ComparisonOperator c) throws SQLException, PeelRequired {
        String op = c instanceof EqualsTo ? "=" : c instanceof NotEqualsTo ? "<>" : c instanceof GreaterThan ? ">"
                : c instanceof GreaterThanEquals ? ">=" : c instanceof MinorThan ? "<"
                : c instanceof MinorThanEquals ? "<=" : null;
        if (op == null) {
            throw refusal(c, "operator " + c.getStringExpression());
        }
        SignedColumn left = signedColumnOrNull(c.getLeftExpression());
        SignedColumn right = signedColumnOrNull(c.getRightExpression());
        refuseOverflowingSigns(left, c);
        refuseOverflowingSigns(right, c);
        if (left != null && right != null) {
            if (left.negated() || right.negated()) {
                throw refusal(c, "comparison of two columns under a minus sign " + c);
            }
            columnComparison(left.column(), op, right.column());
            return;
        }
        Expression valueSide;
        SignedColumn signed;
        if (left != null && !left.column().column().plaintext()) {
            signed = left;
            valueSide = c.getRightExpression();
        } else if (right != null && !right.column().column().plaintext()) {
            signed = right;
            valueSide = c.getLeftExpression();
            op = flip(op);
        } else {
            throw refusal(c, "expression " + c);
        }
        ColumnRef col = signed.column();
        ValueSource value = Literals.source(valueSide, out);
        if (value == null) {
            throw Unsupported.onColumn(col.name(), "comparison with " + describe(valueSide)
                    + " (only parameters and literals)");
        }
        refuseConvertedColumn(col, valueSide, value);
        if (signed.negated()) {
            // -c op v  <=>  c flip(op) -v: exact for numbers, and NULL stays NULL
            value = negated(value, col.name());
            op = flip(op);
        }
        if (op.equals("=") || op.equals("<>")) {
            need(col, Onion.EQ, Layer.DET, op);
            out.append(col.physical(Onion.EQ)).append(" ").append(op).append(" ");
            equalityParameter(col, value);
        } else {
            needOrder(col, op);
            boolean lower = op.startsWith(">");
            boolean strict = op.length() == 1;
            out.append(col.physical(Onion.ORD)).append(lower ? " >= " : " <= ");
            boundParameter(col, value, lower, strict);
        }
    }

    private void columnComparison(ColumnRef a, String op, ColumnRef b) throws SQLException, PeelRequired {
        boolean ap = a.column().plaintext();
        boolean bp = b.column().plaintext();
        if (ap && bp) {
            out.append(a.plain()).append(" ").append(op).append(" ").append(b.plain());
            return;
        }
        if (ap || bp) {
            throw Unsupported.onColumn((ap ? b : a).name(), "comparison with plaintext column "
                    + (ap ? a : b).name());
        }
        if (!op.equals("=") && !op.equals("<>")) {
            throw Unsupported.onColumn(a.name(), "comparison " + op + " with another encrypted column " + b.name()
                    + " (only equi-joins)");
        }
        if (a.column() == b.column() && a.ref() == b.ref()) {
            need(a, Onion.EQ, Layer.DET, op);
            out.append(a.physical(Onion.EQ)).append(" ").append(op).append(" ").append(b.physical(Onion.EQ));
            return;
        }
        if (a.column().table().equals(b.column().table()) && a.column().name().equals(b.column().name())) {
            // the same column under two aliases (a self-join): DET suffices, one key
            need(a, Onion.EQ, Layer.DET, "join");
        } else {
            need(a, Onion.EQ, Layer.JOIN, "join");
            need(b, Onion.EQ, Layer.JOIN, "join");
            if (!a.column().joinGroup().equals(b.column().joinGroup())) {
                // Re-key the group named after one of the two columns (founded by it, it bound by no key
                // constraint): the peeler moves every column of that group into the other.
                if (movable(b.column())) {
                    throw PeelRequired.rejoin(b.column(), a.column().joinGroup());
                }
                if (movable(a.column())) {
                    throw PeelRequired.rejoin(a.column(), b.column().joinGroup());
                }
                throw Unsupported.onColumn(a.name(), "equi-join with " + b.name() + " (different join groups, both "
                        + "shared with other columns or fixed by keys)");
            }
        }
        out.append(a.physical(Onion.EQ)).append(" ").append(op).append(" ").append(b.physical(Onion.EQ));
    }

    /** Whether {@code c} founded its join group and no key constraint binds it: its group may move. */
    private static boolean movable(org.maat.encdb.schema.EncryptedColumn c) {
        return c.pinned() == null && c.joinGroup().equals(c.qualifiedName());
    }

    private void in(InExpression in) throws SQLException, PeelRequired {
        SignedColumn signed = signedColumn(in.getLeftExpression(), in, "IN over an expression");
        ColumnRef col = signed.column();
        if (in.getRightExpression() instanceof Select || in.getRightExpression() instanceof ParenthesedSelect) {
            throw Unsupported.onColumn(col.name(), "IN (subquery)");
        }
        if (!(in.getRightExpression() instanceof ExpressionList<?> list)) {
            throw Unsupported.onColumn(col.name(), "IN " + in.getRightExpression());
        }
        List<ValueSource> values = new ArrayList<>();
        for (Expression v : list) {
            ValueSource s = Literals.source(v, out);
            if (s == null) {
                throw Unsupported.onColumn(col.name(), "IN list element " + describe(v));
            }
            refuseConvertedColumn(col, v, s);
            values.add(signed.negated() ? negated(s, col.name()) : s);
        }
        need(col, Onion.EQ, Layer.DET, "IN");
        out.append(col.physical(Onion.EQ)).append(in.isNot() ? " NOT IN (" : " IN (");
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ", ");
            equalityParameter(col, values.get(i));
        }
        out.append(")");
    }

    private void between(Between b) throws SQLException, PeelRequired {
        ColumnRef col = columnOrNull(b.getLeftExpression());
        if (col == null || col.column().plaintext() || Literals.source(b.getBetweenExpressionStart(), new SqlBuilder()) == null
                || Literals.source(b.getBetweenExpressionEnd(), new SqlBuilder()) == null) {
            // x BETWEEN lo AND hi is, by the standard's definition, x >= lo AND x <= hi (NOT BETWEEN its negation)
            Expression both = new AndExpression(new GreaterThanEquals(b.getLeftExpression(), b.getBetweenExpressionStart()),
                    new MinorThanEquals(b.getLeftExpression(), b.getBetweenExpressionEnd()));
            condition(b.isNot() ? new NotExpression(both) : both, false);
            return;
        }
        ValueSource lo = Literals.source(b.getBetweenExpressionStart(), out);
        ValueSource hi = Literals.source(b.getBetweenExpressionEnd(), out);
        needOrder(col, "BETWEEN");
        out.append(b.isNot() ? "NOT (" : "(").append(col.physical(Onion.ORD)).append(" >= ");
        boundParameter(col, lo, true, false);
        out.append(" AND ").append(col.physical(Onion.ORD)).append(" <= ");
        boundParameter(col, hi, false, false);
        out.append(")");
    }

    private void like(LikeExpression l, boolean top) throws SQLException, PeelRequired {
        ColumnRef col = encryptedColumn(l.getLeftExpression(), l, "LIKE over an expression");
        if (l.isNot()) {
            throw Unsupported.onColumn(col.name(), "NOT LIKE");
        }
        if (l.getLikeKeyWord() != LikeExpression.KeyWord.LIKE) {
            throw Unsupported.onColumn(col.name(), l.getLikeKeyWord().name());
        }
        if (!top) {
            throw Unsupported.onColumn(col.name(), "LIKE under OR or NOT (only as a conjunct of WHERE)");
        }
        if (!col.column().has(Onion.SEARCH)) {
            throw Unsupported.onColumn(col.name(), "LIKE (no SEARCH onion)");
        }
        ValueSource pattern = Literals.source(l.getRightExpression(), out);
        if (pattern == null) {
            throw Unsupported.onColumn(col.name(), "LIKE with pattern " + describe(l.getRightExpression()));
        }
        char escape = '\\';
        if (l.getEscape() != null) {
            Object esc = Literals.constant(l.getEscape());
            if (!(esc instanceof String s) || s.length() != 1) {
                throw Unsupported.onColumn(col.name(), "LIKE ESCAPE " + l.getEscape());
            }
            escape = s.charAt(0);
        }
        if (!searchOnServer) {
            out.append("TRUE");
            likeChecks.add(new LikeCheck(col, pattern, escape));
            return;
        }
        ColumnCipher cipher = keys.cipher(col.column());
        char esc = escape;
        String where = col.name();
        out.append("MAAT_SWP_MATCH(").append(col.physical(Onion.SEARCH)).append(", ");
        int n = out.parameter();
        out.append(")");
        out.bind((params, ps) -> {
            Object p = pattern.value(params);
            if (p == null) {
                ps.setNull(n, java.sql.Types.VARBINARY);
            } else {
                ps.setBytes(n, cipher.search().token(p.toString(), esc, where));
            }
        });
        likeChecks.add(new LikeCheck(col, pattern, escape));
    }

    private void needOrder(ColumnRef col, String what) throws SQLException, PeelRequired {
        if (!col.column().has(Onion.ORD)) {
            throw Unsupported.onColumn(col.name(), "range comparison " + what + " (no ORD onion: "
                    + (col.column().type() != null && col.column().type().isText()
                    ? "text has no exact order-preserving encoding)" : "type has none)"));
        }
        need(col, Onion.ORD, Layer.OPE, what);
    }

    /** Writes a parameter holding {@code value} encrypted at {@code col}'s current Eq layer. */
    void equalityParameter(ColumnRef col, ValueSource value) throws SQLException {
        ColumnCipher cipher = keys.cipher(col.column());
        Layer layer = col.column().layer(Onion.EQ);
        ColumnType type = col.column().type();
        String where = col.name();
        int n = out.parameter();
        out.bind((params, ps) -> {
            Object v = value.value(params);
            if (v == null) {
                ps.setNull(n, java.sql.Types.VARBINARY);
                return;
            }
            refuseConvertedColumn(type, v, where);
            Object stored = type.exactStored(v, where);
            // No value of the column's type equals v: bind bytes no ciphertext equals (SIV adds 16 bytes).
            ps.setBytes(n, stored == null ? new byte[0] : cipher.eqEncrypt(stored, layer, null));
        });
    }

    private void boundParameter(ColumnRef col, ValueSource value, boolean lower, boolean strict)
            throws SQLException {
        ColumnCipher cipher = keys.cipher(col.column());
        ColumnType type = col.column().type();
        String where = col.name();
        int n = out.parameter();
        out.bind((params, ps) -> {
            Object v = value.value(params);
            if (v == null) {
                ps.setNull(n, java.sql.Types.VARBINARY);
            } else {
                refuseConvertedColumn(type, v, where);
                ps.setBytes(n, cipher.order().bound(v, lower, strict, where));
            }
        });
    }

    /**
     * Refuses a literal H2 would compare with {@code col} by converting the column's values rather than the
     * literal (see {@link #refuseConvertedColumn(ColumnType, Object, String)}); a parameter is checked when bound.
     */
    private static void refuseConvertedColumn(ColumnRef col, Expression valueSide, ValueSource value)
            throws SQLException {
        if (Literals.isConstant(valueSide)) {
            refuseConvertedColumn(col.column().type(), value.value(new Object[0]), col.name());
        }
    }

    /**
     * Refuses comparing a column of {@code type} with {@code v} where H2 converts the column to {@code v}'s
     * type: text compared with a number (H2 compares numerically: {@code '01' = 1}), a truth value or a
     * date/time, and a DATE compared with a timestamp carrying a time zone. The onion holds the column's
     * values encrypted as its own type, so the constant cannot be encrypted to match them; refused, the
     * comparison is left to the client (split). A DATE against a local timestamp is exact (see
     * {@link ColumnType#exactStored} and {@link OrderCipher#bound}).
     */
    static void refuseConvertedColumn(ColumnType type, Object v, String where) throws SQLException {
        if (v == null || type == null) {
            return;
        }
        boolean temporal = v instanceof java.util.Date || v instanceof java.time.temporal.Temporal;
        boolean converted = type.isText() && (v instanceof Number || v instanceof Boolean || temporal)
                || type.kind() == ColumnType.Kind.DATE && (v instanceof java.time.OffsetDateTime
                        || v instanceof java.time.ZonedDateTime || v instanceof java.time.Instant);
        if (converted) {
            throw Unsupported.onColumn(where, "comparison of " + type.ddl() + " with a " + v.getClass().getSimpleName()
                    + " (H2 converts the column's values to the constant's type)");
        }
    }

    private static String flip(String op) {
        return switch (op) {
            case ">" -> "<";
            case "<" -> ">";
            case ">=" -> "<=";
            case "<=" -> ">=";
            default -> op;
        };
    }

    /** The encrypted column {@code e} is, or a refusal naming {@code what} within {@code context}. */
    private ColumnRef encryptedColumn(Expression e, Expression context, String what) throws SQLException {
        ColumnRef c = columnOrNull(e);
        if (c == null) {
            throw refusal(context, what);
        }
        return c;
    }

    /**
     * A column under any number of unary signs: {@code c}, {@code -c}, {@code + - c}; {@code minusSigns} of them
     * minus signs, each a negation in H2 (which can overflow), so the value is negated when they are odd.
     */
    record SignedColumn(ColumnRef column, int minusSigns) {
        boolean negated() {
            return minusSigns % 2 == 1;
        }

        /** Whether one of the negations can fail: on an integer type (or a plaintext column of any type). */
        boolean negationMayOverflow() {
            ColumnType type = column.column().type();
            return minusSigns > 0 && (type == null || type.kind() == ColumnType.Kind.INTEGER
                    || type.kind() == ColumnType.Kind.BIGINT);
        }
    }

    /** {@code e} as a signed column, or null. A sign on an encrypted column that is not a number is refused. */
    SignedColumn signedColumnOrNull(Expression e) throws SQLException {
        int minus = 0;
        boolean signed = false;
        Expression x = e;
        while (true) {
            if (x instanceof SignedExpression s && (s.getSign() == '-' || s.getSign() == '+')) {
                minus += s.getSign() == '-' ? 1 : 0;
                signed = true;
                x = s.getExpression();
            } else if (x instanceof Parenthesis p) {
                x = p.getExpression();
            } else if (x instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
                x = p.get(0);
            } else {
                break;
            }
        }
        if (!(x instanceof Column c)) {
            return null;
        }
        ColumnRef ref = scope.resolve(c);
        if (signed && !ref.column().plaintext() && !isNumber(ref.column().type())) {
            throw Unsupported.onColumn(ref.name(), "unary sign on " + ref.column().type().ddl() + " (numbers only)");
        }
        return new SignedColumn(ref, minus);
    }

    /** A signed encrypted column in a condition (IN, IS NULL), or a refusal naming {@code what}. */
    private SignedColumn signedColumn(Expression e, Expression context, String what) throws SQLException {
        SignedColumn c = signedColumnOrNull(e);
        if (c == null || c.column().column().plaintext()) {
            throw refusal(context, what);
        }
        refuseOverflowingSigns(c, context);
        return c;
    }

    /**
     * Refuses a condition over {@code c} under minus signs H2 might fail to apply: H2 negates the value once
     * per minus sign, and negating an integer type's minimum overflows (22003), so {@code - - c < 10} is not
     * {@code c < 10} on a row where c is -2147483648. The client (a split) evaluates such a condition as
     * written, as H2 does; a number that cannot overflow (NUMERIC, DOUBLE, REAL) keeps the signs moved onto
     * the constant.
     */
    private void refuseOverflowingSigns(SignedColumn c, Expression context) throws SQLException {
        if (c != null && c.negationMayOverflow()) {
            throw Unsupported.onColumn(c.column().name(), "minus sign on an integer column in a condition "
                    + context + " (negating the type's minimum fails in H2: evaluated by the client)");
        }
    }

    private static boolean isNumber(ColumnType type) {
        return type != null && (type.isExactNumber() || type.kind() == ColumnType.Kind.DOUBLE
                || type.kind() == ColumnType.Kind.REAL);
    }

    /** {@code -v} for the value {@code source} gives when the statement runs (NULL stays NULL). */
    static ValueSource negated(ValueSource source, String where) {
        return params -> {
            Object v = source.value(params);
            if (v == null) {
                return null;
            }
            try {
                return (v instanceof BigDecimal d ? d : new BigDecimal(v.toString().trim())).negate();
            } catch (NumberFormatException e) {
                throw new SQLException("cannot compare " + where + " under a minus sign with '" + v
                        + "': not a number", "22018");
            }
        };
    }

    /** The refusal of {@code what} in {@code context}, naming its first encrypted column when it has one. */
    SQLException refusal(Expression context, String what) throws SQLException {
        ColumnRef c = firstEncryptedOrNull(context);
        return c == null ? Unsupported.construct(what) : Unsupported.onColumn(c.name(), what);
    }

    ColumnRef columnOrNull(Expression e) throws SQLException {
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return columnOrNull(p.get(0));
        }
        if (e instanceof Parenthesis p) {
            return columnOrNull(p.getExpression());
        }
        return e instanceof Column c ? scope.resolve(c) : null;
    }

    /** Whether {@code e} mentions an encrypted column. */
    boolean referencesEncrypted(Expression e) throws SQLException {
        return firstEncryptedOrNull(e) != null;
    }

    /** The first encrypted column {@code e} mentions; callers know there is one ({@link #referencesEncrypted}). */
    ColumnRef firstEncrypted(Expression e) throws SQLException {
        ColumnRef c = firstEncryptedOrNull(e);
        if (c == null) {
            throw Unsupported.construct("expression " + e); // a caller's check missed: refuse rather than fail
        }
        return c;
    }

    private ColumnRef firstEncryptedOrNull(Expression e) throws SQLException {
        List<Column> columns = new ArrayList<>();
        e.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Column column, S context) {
                columns.add(column);
                return null;
            }
        }, null);
        for (Column c : columns) {
            if (isBooleanLiteralName(c)) {
                continue;
            }
            ColumnRef ref = scope.resolve(c);
            if (!ref.column().plaintext()) {
                return ref;
            }
        }
        return null;
    }

    private static boolean isBooleanLiteralName(Column c) {
        String n = c.getColumnName().toUpperCase(java.util.Locale.ROOT);
        return c.getTable() == null && (n.equals("TRUE") || n.equals("FALSE"));
    }

    /**
     * Writes an expression over plaintext columns as it is, with columns qualified physically and
     * parameters passed through. Subqueries are refused.
     */
    void plain(Expression e) throws SQLException {
        StringBuilder target = out.sql;
        SQLException[] failure = new SQLException[1];
        ExpressionDeParser deparser = new ExpressionDeParser() {
            @Override
            public <S> StringBuilder visit(Column column, S context) {
                if (isBooleanLiteralName(column)) {
                    target.append(column.getColumnName());
                    return target;
                }
                try {
                    ColumnRef ref = scope.resolve(column);
                    if (!ref.column().plaintext()) {
                        throw Unsupported.onColumn(ref.name(), "expression " + e);
                    }
                    target.append(ref.plain());
                } catch (SQLException ex) {
                    if (failure[0] == null) {
                        failure[0] = ex;
                    }
                }
                return target;
            }

            @Override
            public <S> StringBuilder visit(JdbcParameter p, S context) {
                if (p.isUseFixedIndex()) {
                    failure[0] = Unsupported.construct("numbered parameters ?" + p.getIndex());
                    return target;
                }
                out.sawAppParameter(p.getIndex());
                ValueSource src = ValueSource.parameter(p.getIndex() - 1);
                int n = out.parameter();
                out.bind((params, ps) -> ps.setObject(n, src.value(params)));
                return target;
            }

            @Override
            public <S> StringBuilder visit(Select select, S context) {
                failure[0] = Unsupported.construct("subquery " + select);
                return target;
            }

            @Override
            public <S> StringBuilder visit(ParenthesedSelect select, S context) {
                failure[0] = Unsupported.construct("subquery " + select);
                return target;
            }
        };
        deparser.setBuilder(target);
        e.accept(deparser, null);
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    static String describe(Expression e) {
        String kind = e.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
        return kind + " " + e;
    }
}
