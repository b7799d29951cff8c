package org.maat.encdb.advise;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;
import org.maat.encdb.rewrite.StatementParser;
import org.maat.encdb.schema.Identifiers;

/**
 * Walks a workload's SELECTs block by block (each query block: the statement, its subqueries, derived
 * tables, WITH items and set-operation branches) and records in {@link ColumnNeeds} what each base column
 * is used for. Columns resolve through the block's FROM (aliases included) and then the enclosing blocks
 * (correlation). Views of the schema are not expanded: a name that is no table is a derived source.
 *
 * <p>A block is <em>runnable in H2</em> when everything in it is what the rewriter evaluates over onions
 * (bare columns, COUNT, MIN/MAX and SUM/AVG of bare columns, comparisons of a column with constants,
 * equi-joins, IN lists, LIKE without aggregates, ORDER BY columns); only then can a SUM be computed by H2
 * with Paillier, so only then is an Add onion worth its encryption cost.
 */
final class WorkloadUsage {

    private final SchemaTables schema;
    private final Map<SchemaTables.Column, ColumnNeeds> needs = new LinkedHashMap<>();

    WorkloadUsage(SchemaTables schema) {
        this.schema = schema;
    }

    ColumnNeeds of(SchemaTables.Column column) {
        return needs.computeIfAbsent(column, c -> new ColumnNeeds());
    }

    void add(String label, String sql) throws SQLException {
        Statement st = StatementParser.parse(sql);
        if (!(st instanceof Select select)) {
            throw new SQLSyntaxErrorException(label + ": the workload holds queries only, not " + sql, "42000");
        }
        select(select, new Scope(null), label);
    }

    /** Names visible in one block: alias or table name to the base table (null for a derived source). */
    private final class Scope {
        final Scope outer;
        final Map<String, String> sources = new LinkedHashMap<>();
        final Map<String, Boolean> ctes;
        final int depth;

        Scope(Scope outer) {
            this.outer = outer;
            this.ctes = outer == null ? new HashMap<>() : outer.ctes;
            this.depth = outer == null ? 0 : outer.depth + 1;
        }

        void table(Table t) {
            String name = Identifiers.normalize(t.getName());
            String alias = t.getAlias() == null ? name : Identifiers.normalize(t.getAlias().getName());
            sources.put(alias, ctes.containsKey(name) || schema.table(name) == null ? null : name);
        }

        /** The base column {@code c} names, searching this block then the enclosing ones; null if none. */
        Resolved resolve(Column c) {
            String col = Identifiers.normalize(c.getColumnName());
            String qualifier = c.getTable() == null || c.getTable().getName() == null ? null
                    : Identifiers.normalize(c.getTable().getName());
            for (Scope s = this; s != null; s = s.outer) {
                if (qualifier != null) {
                    if (s.sources.containsKey(qualifier)) {
                        String table = s.sources.get(qualifier);
                        return new Resolved(table == null ? null : schema.table(table).columns().get(col), s.depth);
                    }
                    continue;
                }
                for (Map.Entry<String, String> e : s.sources.entrySet()) {
                    if (e.getValue() != null && schema.table(e.getValue()).columns().containsKey(col)) {
                        return new Resolved(schema.table(e.getValue()).columns().get(col), s.depth);
                    }
                }
            }
            return new Resolved(null, Integer.MAX_VALUE);
        }
    }

    /** A column reference: the base column (null if none) and the depth of the block whose FROM has it. */
    private record Resolved(SchemaTables.Column column, int depth) {
    }

    /** One query block being walked: what keeps it from running wholly in H2, and its bare SUM/AVGs. */
    private static final class Block {
        final String label;
        final Scope scope;
        final List<String> blockers = new ArrayList<>();
        final List<SchemaTables.Column> sums = new ArrayList<>();
        final Map<String, Expression> aliases = new HashMap<>();
        boolean aggregates;
        boolean like;
        /** The shallowest block depth a column of this block or of its subqueries resolved to. */
        int reach = Integer.MAX_VALUE;

        Block(String label, Scope scope) {
            this.label = label;
            this.scope = scope;
        }

        void blocker(String why) {
            if (!blockers.contains(why)) {
                blockers.add(why);
            }
        }
    }

    /** Walks a query expression; returns the shallowest block depth its columns resolved to. */
    private int select(Select select, Scope outer, String label) throws SQLException {
        int reach = Integer.MAX_VALUE;
        Scope withScope = outer;
        if (select.getWithItemsList() != null) {
            for (WithItem<?> w : select.getWithItemsList()) {
                reach = Math.min(reach, select(w.getSelect(), outer, label + " (WITH " + w.getAlias().getName() + ")"));
                outer.ctes.put(Identifiers.normalize(w.getAlias().getName()), true);
            }
        }
        if (select instanceof PlainSelect ps) {
            reach = Math.min(reach, plain(ps, withScope, label));
        } else if (select instanceof SetOperationList set) {
            for (Select s : set.getSelects()) {
                reach = Math.min(reach, select(s, withScope, label));
            }
        } else if (select instanceof ParenthesedSelect p) {
            reach = Math.min(reach, select(p.getSelect(), withScope, label));
        } else {
            throw new SQLSyntaxErrorException(label + ": cannot read " + select.getClass().getSimpleName(), "42000");
        }
        return reach;
    }

    /** Walks one block; returns the shallowest block depth its columns (and its subqueries') resolved to. */
    private int plain(PlainSelect ps, Scope outer, String label) throws SQLException {
        Block b = new Block(label, new Scope(outer));
        List<Expression> joinConditions = new ArrayList<>();
        from(ps.getFromItem(), b);
        if (ps.getJoins() != null) {
            for (Join j : ps.getJoins()) {
                from(j.getRightItem(), b);
                if (j.getOnExpressions() != null) {
                    joinConditions.addAll(j.getOnExpressions());
                }
                if (j.isFull() || j.isCross() && j.getOnExpressions() != null && !j.getOnExpressions().isEmpty()) {
                    b.blocker("a " + (j.isFull() ? "FULL" : "CROSS") + " join");
                }
            }
        }
        if (ps.getSelectItems() != null) {
            for (SelectItem<?> item : ps.getSelectItems()) {
                if (item.getAlias() != null) {
                    b.aliases.put(Identifiers.normalize(item.getAlias().getName()), item.getExpression());
                }
                selectItem(item.getExpression(), b);
            }
        }
        for (Expression on : joinConditions) {
            condition(on, b, true);
        }
        if (ps.getWhere() != null) {
            condition(ps.getWhere(), b, true);
        }
        GroupByElement g = ps.getGroupBy();
        if (g != null && g.getGroupByExpressionList() != null) {
            for (Object o : g.getGroupByExpressionList()) {
                Expression e = (Expression) o;
                if (!(e instanceof Column c && b.scope.resolve(c).column() != null)) {
                    opaque(e, b, "GROUP BY " + e);
                }
            }
        }
        if (ps.getHaving() != null) {
            opaque(ps.getHaving(), b, "HAVING " + ps.getHaving());
        }
        if (ps.getOrderByElements() != null) {
            for (OrderByElement o : ps.getOrderByElements()) {
                orderBy(o.getExpression(), b);
            }
        }
        if (b.like && b.aggregates) {
            b.blocker("LIKE together with aggregates");
        }
        for (SchemaTables.Column c : b.sums) {
            if (b.blockers.isEmpty()) {
                of(c).add.add(label + ": SUM/AVG(" + c.name() + ") in a block H2 runs over onions");
            } else {
                of(c).clientOnly.add(label + ": SUM/AVG(" + c.name() + ") summed by the client (the block also has "
                        + String.join(", ", b.blockers) + ")");
            }
        }
        return b.reach;
    }

    private void from(FromItem item, Block b) throws SQLException {
        if (item == null) {
            return;
        }
        if (item instanceof Table t) {
            b.scope.table(t);
        } else if (item instanceof ParenthesedSelect p) {
            reach(b, select(p.getSelect(), b.scope.outer, b.label + " (derived table)"));
            b.scope.sources.put(p.getAlias() == null ? "?" + b.scope.sources.size()
                    : Identifiers.normalize(p.getAlias().getName()), null);
            b.blocker("a derived table");
        } else if (item instanceof ParenthesedFromItem p) {
            from(p.getFromItem(), b);
            if (p.getJoins() != null) {
                for (Join j : p.getJoins()) {
                    from(j.getRightItem(), b);
                    if (j.getOnExpressions() != null) {
                        for (Expression on : j.getOnExpressions()) {
                            condition(on, b, true);
                        }
                    }
                }
            }
        } else {
            b.blocker("FROM " + item);
        }
    }

    private void selectItem(Expression e, Block b) throws SQLException {
        if (e instanceof Column c && b.scope.resolve(c).column() != null) {
            use(b, c);
            return;
        }
        if (e instanceof Column || e instanceof net.sf.jsqlparser.statement.select.AllColumns
                || e instanceof net.sf.jsqlparser.statement.select.AllTableColumns) {
            return;
        }
        if (e instanceof Function f && !(e instanceof AnalyticExpression) && aggregate(f, b)) {
            return;
        }
        opaque(e, b, "expression " + e + " in the select list");
    }

    /** An aggregate of a bare column (or COUNT(*)); false when the argument is an expression. */
    private boolean aggregate(Function f, Block b) throws SQLException {
        String name = f.getName().toUpperCase(Locale.ROOT);
        if (!Set.of("COUNT", "SUM", "AVG", "MIN", "MAX").contains(name)) {
            return false;
        }
        b.aggregates = true;
        if (f.isAllColumns()) {
            return name.equals("COUNT");
        }
        ExpressionList<?> args = f.getParameters();
        if (args == null || args.size() != 1 || !(args.get(0) instanceof Column c)) {
            return false;
        }
        Resolved r = resolve(b, c);
        if (r.column() == null) {
            return true;
        }
        SchemaTables.Column col = r.column();
        switch (name) {
            case "MIN", "MAX" -> {
                if (ordered(col)) {
                    of(col).ord.add(b.label + ": " + name + "(" + col.name() + ")");
                }
            }
            case "SUM", "AVG" -> b.sums.add(col);
            default -> {
            }
        }
        return true;
    }

    private void orderBy(Expression e, Block b) throws SQLException {
        if (e instanceof Column c) {
            Resolved r = resolve(b, c);
            if (r.column() != null) {
                SchemaTables.Column col = r.column();
                if (ordered(col)) {
                    of(col).ord.add(b.label + ": ORDER BY " + col.name());
                } else if (col.type() != null && col.type().isText()) {
                    of(col).clientOnly.add(b.label + ": ORDER BY text (sorted by the client)");
                }
                return;
            }
            if (c.getTable() == null && b.aliases.containsKey(Identifiers.normalize(c.getColumnName()))) {
                return;
            }
        }
        if (e instanceof LongValue) {
            return;
        }
        opaque(e, b, "ORDER BY " + e);
    }

    /** A condition of WHERE or ON; {@code conjunct}: reached through ANDs only (not under OR, NOT). */
    private void condition(Expression e, Block b, boolean conjunct) throws SQLException {
        if (e instanceof AndExpression and) {
            condition(and.getLeftExpression(), b, conjunct);
            condition(and.getRightExpression(), b, conjunct);
        } else if (e instanceof OrExpression or) {
            condition(or.getLeftExpression(), b, false);
            condition(or.getRightExpression(), b, false);
        } else if (e instanceof Parenthesis p) {
            condition(p.getExpression(), b, conjunct);
        } else if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
            condition(list.get(0), b, conjunct);
        } else if (e instanceof NotExpression not) {
            condition(not.getExpression(), b, false);
        } else if (e instanceof LikeExpression like) {
            like(like, b, conjunct);
        } else if (e instanceof ComparisonOperator cmp) {
            comparison(cmp, b);
        } else if (e instanceof Between between && between.getLeftExpression() instanceof Column c
                && constant(between.getBetweenExpressionStart(), b) && constant(between.getBetweenExpressionEnd(), b)) {
            range(b, c, "BETWEEN");
        } else if (e instanceof InExpression in && in.getLeftExpression() instanceof Column c
                && in.getRightExpression() instanceof ExpressionList<?> list && allConstant(list, b)) {
            use(b, c);
        } else if (e instanceof InExpression in && in.getRightExpression() instanceof ParenthesedSelect sub) {
            b.blocker("a subquery");
            reach(b, select(sub.getSelect(), b.scope, b.label + " (subquery)"));
            if (in.getLeftExpression() instanceof Column c) {
                use(b, c);
            } else {
                opaque(in.getLeftExpression(), b, "IN over an expression");
            }
        } else if (e instanceof IsNullExpression isNull && isNull.getLeftExpression() instanceof Column c) {
            use(b, c);
        } else if (e instanceof ExistsExpression exists && exists.getRightExpression() instanceof Select sub) {
            b.blocker("a subquery (EXISTS)");
            reach(b, select(sub, b.scope, b.label + " (EXISTS)"));
        } else {
            opaque(e, b, "condition " + e);
        }
    }

    private void like(LikeExpression like, Block b, boolean conjunct) throws SQLException {
        b.like = true;
        if (!(like.getLeftExpression() instanceof Column c) || resolve(b, c).column() == null) {
            opaque(like, b, "LIKE over an expression");
            return;
        }
        SchemaTables.Column col = resolve(b, c).column();
        if (like.isNot() || !conjunct) {
            of(col).clientOnly.add(b.label + ": " + (like.isNot() ? "NOT LIKE" : "LIKE under OR/NOT")
                    + " (checked by the client)");
            if (!(like.getRightExpression() instanceof StringValue)) {
                opaque(like.getRightExpression(), b, "LIKE pattern " + like.getRightExpression());
            }
            return;
        }
        if (like.getRightExpression() instanceof StringValue pattern) {
            of(col).search.add(b.label + ": LIKE '" + pattern.getValue() + "'");
            of(col).likePatterns.add(pattern.getValue());
        } else if (like.getRightExpression() instanceof JdbcParameter) {
            of(col).search.add(b.label + ": LIKE ? (pattern unknown: keyword assumed)");
        } else {
            opaque(like.getRightExpression(), b, "LIKE pattern " + like.getRightExpression());
        }
    }

    private void comparison(ComparisonOperator cmp, Block b) throws SQLException {
        Expression l = unwrap(cmp.getLeftExpression());
        Expression r = unwrap(cmp.getRightExpression());
        boolean equality = cmp instanceof EqualsTo || cmp.getStringExpression().equals("<>")
                || cmp.getStringExpression().equals("!=");
        if (l instanceof Column lc && r instanceof Column rc) {
            Resolved a = resolve(b, lc);
            Resolved z = resolve(b, rc);
            if (!equality) {
                b.blocker("comparison " + cmp + " of two columns");
                for (Resolved x : List.of(a, z)) {
                    if (x.column() != null) {
                        of(x.column()).clientOnly.add(b.label + ": " + cmp + " (two columns: compared by the client)");
                    }
                }
            } else if (!(cmp instanceof EqualsTo)) {
                b.blocker("comparison " + cmp + " of two columns");
            } else {
                use(b, lc);
                use(b, rc);
            }
            return;
        }
        if (l instanceof Column c && constant(r, b)) {
            compareWithConstant(b, c, cmp, equality, r);
        } else if (r instanceof Column c && constant(l, b)) {
            compareWithConstant(b, c, cmp, equality, l);
        } else {
            opaque(cmp, b, "comparison " + cmp);
        }
    }

    private void compareWithConstant(Block b, Column c, ComparisonOperator cmp, boolean equality, Expression other)
            throws SQLException {
        if (other instanceof ParenthesedSelect sub) {
            // Run first and bound as a parameter (it is uncorrelated): the column is compared with a constant.
            reach(b, select(sub.getSelect(), b.scope, b.label + " (subquery)"));
            b.blocker("a subquery");
        }
        if (equality) {
            use(b, c);
        } else {
            range(b, c, cmp.getStringExpression());
        }
    }

    private void range(Block b, Column c, String op) {
        Resolved r = resolve(b, c);
        if (r.column() == null) {
            return;
        }
        if (ordered(r.column())) {
            of(r.column()).ord.add(b.label + ": " + r.column().name() + " " + op + " a constant");
        } else {
            of(r.column()).clientOnly.add(b.label + ": " + op + " on a type without an order-preserving encoding");
            b.blocker(op + " on " + r.column().name());
        }
    }

    private static Expression unwrap(Expression e) {
        Expression x = e;
        while (x instanceof Parenthesis p) {
            x = p.getExpression();
        }
        return x;
    }

    /**
     * Whether {@code e} is a value the driver can compute before H2 sees the statement: literals,
     * parameters, arithmetic and functions over them (DATEADD of a date literal), or an uncorrelated subquery.
     */
    private boolean constant(Expression e, Block b) throws SQLException {
        Expression x = unwrap(e);
        if (x instanceof ParenthesedSelect sub) {
            return !mentionsOuter(sub, b);
        }
        boolean[] columns = {false};
        x.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Column column, S context) {
                columns[0] = true;
                return null;
            }

            @Override
            public <S> Void visit(ParenthesedSelect select, S context) {
                columns[0] = true;
                return null;
            }
        }, null);
        return !columns[0];
    }

    private boolean allConstant(ExpressionList<?> list, Block b) throws SQLException {
        for (Expression e : list) {
            if (!constant(e, b)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a subquery names a column of {@code b} or of a block enclosing it (it is correlated). */
    private boolean mentionsOuter(ParenthesedSelect sub, Block b) throws SQLException {
        // Walked by a throw-away usage, so that the probe records nothing.
        return new WorkloadUsage(schema).select(sub.getSelect(), b.scope, "probe") <= b.scope.depth;
    }

    /**
     * An expression the rewriter does not run in H2: its columns are used by the client, its subqueries are
     * blocks of their own, and the block cannot run wholly in H2.
     */
    private void opaque(Expression e, Block b, String what) throws SQLException {
        b.blocker(what.length() > 60 ? what.substring(0, 57) + "..." : what);
        List<ParenthesedSelect> subs = new ArrayList<>();
        List<Column> cols = new ArrayList<>();
        e.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Column column, S context) {
                cols.add(column);
                return null;
            }

            @Override
            public <S> Void visit(ParenthesedSelect select, S context) {
                subs.add(select);
                return null;
            }
        }, null);
        for (ParenthesedSelect s : subs) {
            reach(b, select(s.getSelect(), b.scope, b.label + " (subquery)"));
        }
        for (Column c : cols) {
            Resolved r = resolve(b, c);
            if (r.column() != null) {
                of(r.column()).clientOnly.add(b.label + ": in an expression (evaluated by the client)");
            }
        }
    }

    private void use(Block b, Column c) {
        Resolved r = resolve(b, c);
        if (r.column() != null) {
            of(r.column()).equality.add(b.label);
        }
    }

    private Resolved resolve(Block b, Column c) {
        Resolved r = b.scope.resolve(c);
        reach(b, r.depth());
        return r;
    }

    private static void reach(Block b, int depth) {
        b.reach = Math.min(b.reach, depth);
    }

    private static boolean ordered(SchemaTables.Column col) {
        return col.type() != null && org.maat.encdb.rewrite.OrderCipher.supports(col.type());
    }
}
