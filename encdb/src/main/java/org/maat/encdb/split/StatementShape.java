package org.maat.encdb.split;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;
import org.maat.encdb.schema.Identifiers;

/**
 * What the split planner needs to know of a parsed SELECT (and of the views it uses): every query
 * block with its FROM items, which of them are on the nullable side of an outer join, the conditions
 * that filter each item's rows (WHERE and inner-join ON conjuncts; a LEFT JOIN's ON conjuncts for its
 * right side), the column names referenced anywhere, {@code *} per block, the {@code col = col}
 * comparisons, CTE names, and the functions called.
 */
final class StatementShape {

    /** One table or view named in a FROM clause; {@code alias} is the alias, or the name. */
    record Occurrence(String schema, String name, String alias, Block block, boolean nullable, boolean allColumns) {
    }

    /** One query block (a PlainSelect). */
    static final class Block {
        final PlainSelect select;
        final List<Occurrence> items = new ArrayList<>();
        /** Conjuncts that filter the rows of every inner item (WHERE, inner-join ON). */
        final List<Expression> conjuncts = new ArrayList<>();
        /** Per item position: ON conjuncts of its own LEFT JOIN (filters of that item only). */
        final Map<Integer, List<Expression>> ownOn = new java.util.HashMap<>();
        /** Whether a FROM item is not a named table (derived table, CTE, function): unqualified names are then unsure. */
        boolean opaqueItems;

        Block(PlainSelect select) {
            this.select = select;
        }
    }

    final List<Block> blocks = new ArrayList<>();
    final Set<String> columnNames = new LinkedHashSet<>();
    /** Bodies of EXISTS subqueries (by identity): their select list means nothing. */
    private final Set<PlainSelect> existsBodies = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    final List<EqualsTo> columnEqualities = new ArrayList<>();
    final Set<String> cteNames = new LinkedHashSet<>();
    final Set<String> functions = new LinkedHashSet<>();
    boolean forUpdate;
    boolean sequences;
    boolean serverClock;
    final List<Column> rowIds = new ArrayList<>();
    /** Every table reference the statement makes, and those that are a block's FROM items. */
    final List<Table> tables = new ArrayList<>();
    final Set<Table> fromItems = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /** Adds a statement's blocks (call again for each view's SELECT). */
    void add(Statement statement) {
        new TablesNamesFinder<Void>() { // CTE names first: a block may name one before the finder reaches its WITH
            {
                init(false);
            }

            @Override
            public <S> Void visit(WithItem<?> w, S context) {
                cteNames.add(Identifiers.normalize(w.getAliasName()));
                return super.visit(w, context);
            }
        }.getTables(statement);
        Map<PlainSelect, Boolean> seen = new IdentityHashMap<>();
        new TablesNamesFinder<Void>() {
            {
                init(false);
            }

            @Override
            public <S> Void visit(PlainSelect ps, S context) {
                if (seen.put(ps, Boolean.TRUE) == null) {
                    block(ps);
                }
                return super.visit(ps, context);
            }

            @Override
            public <S> Void visit(Table t, S context) {
                if (!(t.getSchemaName() == null && cteNames.contains(Identifiers.normalize(t.getName())))) {
                    tables.add(t);
                }
                return super.visit(t, context);
            }

            @Override
            public <S> Void visit(Column c, S context) {
                String name = Identifiers.normalize(c.getColumnName());
                columnNames.add(name);
                if (name.equals("_ROWID_")) {
                    rowIds.add(c);
                }
                return super.visit(c, context);
            }

            @Override
            public <S> Void visit(EqualsTo e, S context) {
                if (e.getLeftExpression() instanceof Column && e.getRightExpression() instanceof Column) {
                    columnEqualities.add(e);
                }
                return super.visit(e, context);
            }

            @Override
            public <S> Void visit(Function f, S context) {
                functions.add(f.getName() == null ? "" : f.getName().toUpperCase(Locale.ROOT));
                return super.visit(f, context);
            }

            @Override
            public <S> Void visit(net.sf.jsqlparser.expression.operators.relational.ExistsExpression e, S context) {
                Expression body = e.getRightExpression();
                if (body instanceof net.sf.jsqlparser.statement.select.ParenthesedSelect ps
                        && ps.getSelect() instanceof PlainSelect inner) {
                    existsBodies.add(inner);
                }
                return super.visit(e, context);
            }

            @Override
            public <S> Void visit(NextValExpression n, S context) {
                sequences = true;
                return super.visit(n, context);
            }

            @Override
            public <S> Void visit(TimeKeyExpression t, S context) {
                serverClock = true;
                return super.visit(t, context);
            }
        }.getTables(statement);
    }

    private void block(PlainSelect ps) {
        Block b = new Block(ps);
        blocks.add(b);
        if (ps.getForMode() != null) {
            forUpdate = true;
        }
        boolean star = false;
        Set<String> starTables = new LinkedHashSet<>();
        // EXISTS (SELECT * ...) asks whether a row exists, not for its columns: its * ships nothing.
        boolean existsOnly = existsBodies.contains(ps) && ps.getGroupBy() == null && ps.getHaving() == null
                && ps.getDistinct() == null;
        for (SelectItem<?> item : existsOnly ? List.<SelectItem<?>>of() : ps.getSelectItems()) {
            if (item.getExpression() instanceof AllTableColumns atc) {
                starTables.add(Identifiers.normalize(atc.getTable().getName()));
            } else if (item.getExpression() instanceof AllColumns) {
                star = true;
            }
        }
        List<FromItem> items = new ArrayList<>();
        List<Join> joins = ps.getJoins() == null ? List.of() : ps.getJoins();
        if (ps.getFromItem() != null) {
            items.add(ps.getFromItem());
        }
        joins.forEach(j -> items.add(j.getFromItem()));
        boolean[] nullable = new boolean[items.size()];
        for (int k = 0; k < joins.size(); k++) {
            Join j = joins.get(k);
            int pos = k + 1;
            if (j.isNatural() || (j.getUsingColumns() != null && !j.getUsingColumns().isEmpty())) {
                star = true; // the join compares columns the text does not name
            }
            if (j.isFull() || (j.isOuter() && !j.isLeft() && !j.isRight())) {
                java.util.Arrays.fill(nullable, true);
            } else if (j.isRight()) {
                for (int i = 0; i < pos; i++) {
                    nullable[i] = true;
                }
            } else if (j.isLeft()) {
                nullable[pos] = true;
                List<Expression> own = new ArrayList<>();
                j.getOnExpressions().forEach(e -> conjuncts(e, own));
                b.ownOn.put(pos, own);
            } else {
                j.getOnExpressions().forEach(e -> conjuncts(e, b.conjuncts));
            }
        }
        for (int i = 0; i < items.size(); i++) {
            FromItem f = items.get(i);
            if (f instanceof Table t && !(t.getSchemaName() == null && cteNames.contains(Identifiers.normalize(t.getName())))) {
                String name = Identifiers.normalize(t.getName());
                String alias = f.getAlias() == null ? name : Identifiers.normalize(f.getAlias().getName());
                String schema = t.getSchemaName() == null ? null : Identifiers.normalize(t.getSchemaName());
                b.items.add(new Occurrence(schema, name, alias, b, nullable[i], star || starTables.contains(alias)));
                fromItems.add(t);
            } else {
                b.opaqueItems = true;
                b.items.add(null);
            }
        }
        if (ps.getWhere() != null) {
            conjuncts(ps.getWhere(), b.conjuncts);
        }
    }

    /** Splits {@code e} at top-level ANDs. */
    static void conjuncts(Expression e, List<Expression> out) {
        if (e instanceof AndExpression a) {
            conjuncts(a.getLeftExpression(), out);
            conjuncts(a.getRightExpression(), out);
        } else if (e instanceof Parenthesis p && p.getExpression() instanceof AndExpression) {
            conjuncts(p.getExpression(), out);
        } else {
            out.add(e);
        }
    }

    /** The columns, parameters and subqueries an expression contains. */
    static final class Parts {
        final List<Column> columns = new ArrayList<>();
        final List<JdbcParameter> parameters = new ArrayList<>();
        boolean subquery;
        final Set<String> functions = new LinkedHashSet<>();
        boolean clock;

        static Parts of(Expression e) {
            Parts p = new Parts();
            new TablesNamesFinder<Void>() {
                {
                    init(false);
                }

                @Override
                public <S> Void visit(PlainSelect ps, S context) {
                    p.subquery = true;
                    return super.visit(ps, context);
                }

                @Override
                public <S> Void visit(Column c, S context) {
                    p.columns.add(c);
                    return super.visit(c, context);
                }

                @Override
                public <S> Void visit(JdbcParameter j, S context) {
                    p.parameters.add(j);
                    return super.visit(j, context);
                }

                @Override
                public <S> Void visit(Function f, S context) {
                    p.functions.add(f.getName() == null ? "" : f.getName().toUpperCase(Locale.ROOT));
                    return super.visit(f, context);
                }

                @Override
                public <S> Void visit(TimeKeyExpression t, S context) {
                    p.clock = true;
                    return super.visit(t, context);
                }

                @Override
                public <S> Void visit(NextValExpression n, S context) {
                    p.clock = true;
                    return super.visit(n, context);
                }
            }.getTables(e);
            return p;
        }
    }
}
