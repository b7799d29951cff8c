package org.maat.encdb.rewrite;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.rewrite.Scope.ColumnRef;
import org.maat.encdb.rewrite.Scope.TableRef;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.SqlValues;
import org.maat.encdb.schema.ViewDefinition;

/**
 * Rewrites a SELECT: FROM (tables, inner and outer equi-joins, views expanded in place), WHERE,
 * the select list (columns, COUNT/MIN/MAX/SUM/AVG, {@code col + v} and {@code col * k} over HOM,
 * plaintext expressions), GROUP BY, DISTINCT, ORDER BY and LIMIT/OFFSET.
 */
final class SelectRewriter {

    private final CatalogSnapshot catalog;
    private final KeyRing keys;

    private final SqlBuilder root = new SqlBuilder();
    private final Scope scope = new Scope();
    private final List<String> selectExprs = new ArrayList<>();
    private final List<ResultColumn> columns = new ArrayList<>();
    /** For each result column that is a plain column reference, the column (for ORDER BY reuse). */
    private final Map<Integer, ColumnRef> columnItems = new HashMap<>();
    private final Map<Integer, Expression> itemExpressions = new HashMap<>();
    private final Map<String, Integer> aliases = new HashMap<>();

    private boolean withRowId;
    /** H2 removes duplicate rows (DISTINCT): only over values that are functions one-to-one of what it sees. */
    private boolean deduplicatedByH2;

    private final RewriteOptions options;

    SelectRewriter(CatalogSnapshot catalog, KeyRing keys, RewriteOptions options) {
        this.catalog = catalog;
        this.keys = keys;
        this.options = options;
    }

    /** Makes result column 0 the row id ({@code _ROWID_}) of the single table in FROM. */
    SelectRewriter withRowId() {
        this.withRowId = true;
        return this;
    }

    /** The FROM clause with the conditions of expanded views, and the WHERE clause as H2 evaluates it. */
    private record Source(SqlBuilder from, List<SqlBuilder> viewConditions, SqlBuilder where,
            List<ExpressionWriter.LikeCheck> likeChecks) {
    }

    /** GROUP BY keys as written for H2, the encrypted columns among them, and HAVING (or null). */
    private record Grouping(List<String> keys, List<ColumnRef> columns, String having) {
    }

    /** ORDER BY: on H2 ({@code server}), or on the decrypted rows ({@code client}) when a key needs it. */
    private record Ordering(List<String> server, List<QueryPlan.SortKey> client) {
    }

    /** LIMIT/OFFSET: appended for H2 ({@code tail}), or applied after the client-side steps. */
    private record Window(SqlBuilder tail, ValueSource limit, ValueSource offset) {
    }

    /**
     * Rewrites one SELECT. The parts are rewritten in this order (which numbers the physical
     * parameters): FROM and WHERE, the select list, GROUP BY and HAVING, ORDER BY, LIMIT and OFFSET.
     */
    QueryPlan plan(PlainSelect ps) throws SQLException, PeelRequired {
        refuseUnsupportedClauses(ps);
        Source source = source(ps);
        boolean grouped = ps.getGroupBy() != null || hasAggregate(ps.getSelectItems());
        if (grouped && !source.likeChecks().isEmpty()) {
            throw Unsupported.onColumn(source.likeChecks().get(0).column().name(),
                    "LIKE together with GROUP BY or aggregates");
        }
        if (ps.getDistinct() != null && ps.getDistinct().getOnSelectItems() != null) {
            throw Unsupported.construct("DISTINCT ON");
        }
        boolean distinct = ps.getDistinct() != null;
        boolean clientFilter = !source.likeChecks().isEmpty();
        // H2 can deduplicate only what it sees: the onions of columns. A value computed on the client from
        // them (col + NULL, col * 0, col + ?) may collapse rows H2 keeps apart, so those are deduplicated after.
        boolean serverDistinct = distinct && !clientFilter && !computesOnClient(ps.getSelectItems(), false);
        deduplicatedByH2 = serverDistinct;

        ExpressionWriter items = selectList(ps, grouped || serverDistinct);
        int visible = columns.size();
        List<QueryPlan.LikeFilter> filters = new ArrayList<>();
        for (ExpressionWriter.LikeCheck check : source.likeChecks()) {
            filters.add(new QueryPlan.LikeFilter(decoded(check.column(), false), check.pattern(), check.escape()));
        }
        Grouping grouping = grouping(ps, items);
        Ordering ordering = ordering(ps, grouped, distinct, grouping, items);
        // H2 computes the select list of every row before it sorts and cuts at LIMIT: a value the client computes
        // that can fail (an overflow) must be computed on every row, so the cut is made after it, on the client.
        boolean everyRowComputed = !grouped && ps.getOrderByElements() != null && computesOnClient(ps.getSelectItems(),
                true);
        Window window = window(ps, clientFilter || !ordering.client().isEmpty() || (distinct && !serverDistinct)
                || everyRowComputed);
        QueryPlan.Physical physical = new QueryPlan.Physical(sql(source, serverDistinct, grouping, ordering, window),
                root.binders, root.appParameters(), columns, visible);
        QueryPlan.ClientSteps after = new QueryPlan.ClientSteps(filters, distinct && !serverDistinct,
                ordering.client(), window.limit(), window.offset());
        return new QueryPlan(physical, after);
    }

    /** FROM (tables, joins, views expanded in place) and WHERE; LIKE beside an equality is re-checked on the client. */
    private Source source(PlainSelect ps) throws SQLException, PeelRequired {
        SqlBuilder from = root.fork();
        List<SqlBuilder> viewConditions = new ArrayList<>();
        from(ps, from, viewConditions);
        SqlBuilder where = root.fork();
        ExpressionWriter w = new ExpressionWriter(scope, where, keys);
        if (ps.getWhere() != null && hasEqualityConjunct(ps.getWhere())) {
            w.likeOnClientOnly();
        }
        if (ps.getWhere() != null) {
            w.condition(ps.getWhere(), true);
        }
        return new Source(from, viewConditions, ps.getWhere() == null ? null : where, w.likeChecks);
    }

    /** The select list (after the row id, if asked for); {@code needDet} when H2 groups or deduplicates. */
    private ExpressionWriter selectList(PlainSelect ps, boolean needDet) throws SQLException, PeelRequired {
        ExpressionWriter items = new ExpressionWriter(scope, root.fork(), keys);
        if (withRowId) {
            selectExprs.add(Identifiers.quote(scope.tables().get(0).alias()) + "._ROWID_");
            columns.add(ResultColumn.plain("_ROWID_", 1));
        }
        for (SelectItem<?> item : ps.getSelectItems()) {
            addItem(item, needDet, items);
        }
        return items;
    }

    /** GROUP BY on DET (or plaintext) keys, and HAVING over COUNT(*) and plaintext columns only. */
    private Grouping grouping(PlainSelect ps, ExpressionWriter items) throws SQLException, PeelRequired {
        List<String> groupExprs = new ArrayList<>();
        List<ColumnRef> groupColumns = new ArrayList<>();
        if (ps.getGroupBy() != null) {
            ExpressionList<?> list = ps.getGroupBy().getGroupByExpressionList();
            for (Expression g : list) {
                ColumnRef c = items.columnOrNull(g);
                if (c != null && !c.column().plaintext()) {
                    ExpressionWriter.need(c, Onion.EQ, Layer.DET, "GROUP BY");
                    groupExprs.add(c.physical(Onion.EQ));
                    groupColumns.add(c);
                } else if (!items.referencesEncrypted(g)) {
                    SqlBuilder b = root.fork();
                    new ExpressionWriter(scope, b, keys).plain(g);
                    groupExprs.add(b.toString());
                } else {
                    throw Unsupported.onColumn(items.firstEncrypted(g).name(), "GROUP BY expression " + g);
                }
            }
        }
        String having = null;
        if (ps.getHaving() != null) {
            if (items.referencesEncrypted(ps.getHaving())) {
                throw Unsupported.onColumn(items.firstEncrypted(ps.getHaving()).name(), "HAVING " + ps.getHaving()
                        + " (HAVING may use COUNT(*) and plaintext columns only)");
            }
            SqlBuilder b = root.fork();
            new ExpressionWriter(scope, b, keys).plain(ps.getHaving());
            having = b.toString();
        }
        return new Grouping(groupExprs, groupColumns, having);
    }

    /** ORDER BY: on H2 when every key is plaintext or has an exact Ord onion, else on decrypted rows. */
    private Ordering ordering(PlainSelect ps, boolean grouped, boolean distinct, Grouping grouping,
            ExpressionWriter items) throws SQLException, PeelRequired {
        List<String> serverOrder = new ArrayList<>();
        List<QueryPlan.SortKey> clientSort = new ArrayList<>();
        List<OrderByElement> order = ps.getOrderByElements() == null ? List.of() : ps.getOrderByElements();
        for (OrderByElement o : order) {
            // A position beyond the select list would name a physical column (an onion, an IV): H2's error instead.
            if (o.getExpression() instanceof LongValue k && (k.getValue() < 1 || k.getValue() > columns.size())) {
                throw new SQLException("Order by expression \"" + k.getStringValue()
                        + "\" must be in the result list in this case", "90068");
            }
        }
        boolean client = false;
        for (OrderByElement o : order) {
            if (serverKey(o, grouped, grouping.columns(), grouping.keys(), items, true) == null) {
                client = true;
            }
        }
        for (OrderByElement o : order) {
            boolean asc = o.isAsc();
            boolean nullsFirst = o.getNullOrdering() == null ? asc
                    : o.getNullOrdering() == OrderByElement.NullOrdering.NULLS_FIRST;
            if (client) {
                clientSort.add(new QueryPlan.SortKey(clientKey(o, items, distinct || grouped), asc, nullsFirst));
            } else {
                String key = serverKey(o, grouped, grouping.columns(), grouping.keys(), items, false);
                serverOrder.add(key + (asc ? "" : " DESC") + (o.getNullOrdering() == null ? ""
                        : nullsFirst ? " NULLS FIRST" : " NULLS LAST"));
            }
        }
        return new Ordering(serverOrder, clientSort);
    }

    /** LIMIT/OFFSET (or FETCH): bound on H2, or kept for after the client-side steps when {@code clientRows}. */
    private Window window(PlainSelect ps, boolean clientRows) throws SQLException {
        ValueSource limit = null;
        ValueSource offset = null;
        Expression limitExpr = ps.getLimit() == null ? null : ps.getLimit().getRowCount();
        Expression offsetExpr = ps.getOffset() != null ? ps.getOffset().getOffset()
                : ps.getLimit() == null ? null : ps.getLimit().getOffset();
        if (ps.getFetch() != null) {
            limitExpr = ps.getFetch().getExpression();
        }
        SqlBuilder tail = root.fork();
        if (limitExpr != null || offsetExpr != null) {
            ValueSource l = limitExpr == null ? null : Literals.source(limitExpr, tail);
            ValueSource f = offsetExpr == null ? null : Literals.source(offsetExpr, tail);
            if ((limitExpr != null && l == null) || (offsetExpr != null && f == null)) {
                throw Unsupported.construct("LIMIT/OFFSET with an expression");
            }
            if (clientRows) {
                limit = l;
                offset = f;
                if (limitExpr instanceof net.sf.jsqlparser.expression.LongValue zero && zero.getValue() == 0) {
                    // H2 evaluates nothing under LIMIT 0, so raises no error of evaluation (a column outside
                    // GROUP BY): neither must the server's query.
                    tail.append(" LIMIT 0");
                }
            } else {
                if (l != null) {
                    tail.append(" LIMIT ");
                    int n = tail.parameter();
                    tail.bind((params, st) -> st.setObject(n, number(l.value(params))));
                }
                if (f != null) {
                    tail.append(" OFFSET ");
                    int n = tail.parameter();
                    tail.bind((params, st) -> st.setObject(n, number(f.value(params))));
                }
            }
        }
        return new Window(tail, limit, offset);
    }

    /** The physical SELECT assembled from its rewritten parts. */
    private String sql(Source source, boolean serverDistinct, Grouping grouping, Ordering ordering,
            Window window) {
        StringBuilder sql = new StringBuilder("SELECT ");
        if (serverDistinct) {
            sql.append("DISTINCT ");
        }
        sql.append(String.join(", ", selectExprs)).append(" ").append(source.from());
        List<String> conds = new ArrayList<>();
        source.viewConditions().forEach(v -> conds.add(v.toString()));
        if (source.where() != null) {
            conds.add(source.where().toString());
        }
        if (!conds.isEmpty()) {
            sql.append(" WHERE ").append(String.join(" AND ", conds));
        }
        if (!grouping.keys().isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", grouping.keys()));
        }
        if (grouping.having() != null) {
            sql.append(" HAVING ").append(grouping.having());
        }
        if (!ordering.server().isEmpty()) {
            sql.append(" ORDER BY ").append(String.join(", ", ordering.server()));
        }
        return sql.append(window.tail()).toString();
    }

    /** A LIMIT or OFFSET bound as H2 takes it: a whole number (a decimal literal arrives as BigDecimal). */
    private static Object number(Object v) throws SQLException {
        if (v == null) {
            return null;
        }
        return v instanceof BigDecimal b ? b.longValueExact() : v;
    }

    private static void refuseUnsupportedClauses(PlainSelect ps) throws SQLException {
        if (ps.getIntoTables() != null) {
            throw Unsupported.construct("SELECT INTO");
        }
        if (ps.getTop() != null) {
            throw Unsupported.construct("TOP");
        }
        if (ps.getFromItem() == null) {
            throw Unsupported.construct("SELECT without FROM");
        }
        if (ps.getOracleHierarchical() != null) {
            throw Unsupported.construct("CONNECT BY");
        }
        if (ps.getQualify() != null) {
            throw Unsupported.construct("QUALIFY");
        }
        if (ps.getForMode() != null) {
            throw Unsupported.construct("SELECT ... FOR " + ps.getForMode());
        }
    }

    private void from(PlainSelect ps, SqlBuilder from, List<SqlBuilder> viewConditions)
            throws SQLException, PeelRequired {
        from.append("FROM ");
        fromItem(ps.getFromItem(), from, viewConditions);
        if (ps.getJoins() != null) {
            for (Join j : ps.getJoins()) {
                if (j.isNatural() || (j.getUsingColumns() != null && !j.getUsingColumns().isEmpty())) {
                    throw Unsupported.construct(j.isNatural() ? "NATURAL JOIN" : "JOIN ... USING");
                }
                if (j.isFull() || j.isCross() && !j.getOnExpressions().isEmpty() || j.isApply() || j.isSemi()) {
                    throw Unsupported.construct("join " + j);
                }
                boolean simple = j.isSimple() || j.isCross();
                if (!simple && isView(j.getFromItem())) {
                    throw Unsupported.construct("a view in JOIN ... ON (list it in FROM and put the condition in WHERE)");
                }
                from.append(simple ? ", " : j.isLeft() ? " LEFT JOIN " : j.isRight() ? " RIGHT JOIN " : " JOIN ");
                fromItem(j.getFromItem(), from, viewConditions);
                if (!simple) {
                    from.append(" ON ");
                    ExpressionWriter on = new ExpressionWriter(scope, from, keys);
                    List<Expression> ons = new ArrayList<>(j.getOnExpressions());
                    if (ons.isEmpty()) {
                        from.append("TRUE");
                    }
                    for (int i = 0; i < ons.size(); i++) {
                        from.append(i == 0 ? "" : " AND ");
                        on.condition(ons.get(i), false);
                    }
                }
            }
        }
    }

    private boolean isView(FromItem item) {
        return item instanceof Table t && catalog.view(Identifiers.normalize(t.getName())) != null
                && catalog.table(Identifiers.normalize(t.getName())) == null;
    }

    private void fromItem(FromItem item, SqlBuilder from, List<SqlBuilder> viewConditions)
            throws SQLException, PeelRequired {
        if (!(item instanceof Table t)) {
            throw Unsupported.construct("subquery or function in FROM: " + item);
        }
        String name = Identifiers.normalize(t.getName());
        String qualifier = t.getAlias() != null ? Identifiers.normalize(t.getAlias().getName()) : name;
        EncryptedTable table = catalog.table(name);
        if (table != null) {
            scope.addTable(qualifier, table);
            from.append(Identifiers.quote(name)).append(" ").append(Identifiers.quote(qualifier));
            return;
        }
        ViewDefinition view = catalog.view(name);
        if (view == null) {
            throw new SQLException("Table \"" + name + "\" not found (tables must be created through the Maat driver)",
                    "42S02");
        }
        expandView(qualifier, view, from, viewConditions);
    }

    /**
     * Expands a view in place: its tables join the FROM clause under aliases prefixed by the view's
     * qualifier, its join conditions join the WHERE clause, and its output columns become columns
     * of the qualifier.
     */
    private void expandView(String qualifier, ViewDefinition view, SqlBuilder from, List<SqlBuilder> viewConditions)
            throws SQLException, PeelRequired {
        PlainSelect vs = ViewParser.parse(view);
        Scope inner = new Scope();
        Map<String, TableRef> innerTables = new LinkedHashMap<>();
        List<FromItem> items = new ArrayList<>();
        items.add(vs.getFromItem());
        List<Join> joins = vs.getJoins() == null ? List.of() : vs.getJoins();
        joins.forEach(j -> items.add(j.getFromItem()));
        for (FromItem fi : items) {
            Table t = (Table) fi;
            String tn = Identifiers.normalize(t.getName());
            String q = t.getAlias() != null ? Identifiers.normalize(t.getAlias().getName()) : tn;
            EncryptedTable table = catalog.table(tn);
            if (table == null) {
                throw Unsupported.construct("view " + view.name() + " over " + tn + " (views over views or unknown tables)");
            }
            TableRef ref = inner.addTable(q, qualifier + "__" + q, table);
            innerTables.put(q, ref);
        }
        ExpressionWriter w = new ExpressionWriter(inner, from, keys);
        for (int i = 0; i < items.size(); i++) {
            TableRef ref = innerTables.values().stream().toList().get(i);
            if (i > 0) {
                Join j = joins.get(i - 1);
                from.append(j.isSimple() ? ", " : j.isLeft() ? " LEFT JOIN " : " JOIN ");
            }
            from.append(Identifiers.quote(ref.table().name())).append(" ").append(Identifiers.quote(ref.alias()));
            if (i > 0 && !joins.get(i - 1).isSimple()) {
                from.append(" ON ");
                List<Expression> ons = new ArrayList<>(joins.get(i - 1).getOnExpressions());
                for (int k = 0; k < ons.size(); k++) {
                    from.append(k == 0 ? "" : " AND ");
                    w.condition(ons.get(k), false);
                }
            }
        }
        if (vs.getWhere() != null) {
            SqlBuilder cond = from.fork();
            new ExpressionWriter(inner, cond, keys).condition(vs.getWhere(), false);
            viewConditions.add(cond);
        }
        LinkedHashMap<String, ColumnRef> outputs = new LinkedHashMap<>();
        for (SelectItem<?> si : vs.getSelectItems()) {
            Expression e = si.getExpression();
            if (e instanceof AllColumns && !(e instanceof AllTableColumns)) {
                for (TableRef ref : innerTables.values()) {
                    ref.table().columns().forEach(c -> outputs.put(c.name(), new ColumnRef(ref, c)));
                }
                continue;
            }
            if (!(e instanceof Column c)) {
                throw Unsupported.construct("view " + view.name() + " column " + si + " (views may select columns only)");
            }
            ColumnRef ref = Scope.resolveIn(innerTables, c);
            String outName = si.getAlias() != null ? Identifiers.normalize(si.getAlias().getName()) : ref.column().name();
            outputs.put(outName, ref);
        }
        for (TableRef ref : innerTables.values()) {
            scope.addHidden(ref.alias(), ref.table());
        }
        scope.addView(qualifier, outputs);
    }

    private void addItem(SelectItem<?> item, boolean needDet, ExpressionWriter w) throws SQLException, PeelRequired {
        Expression e = item.getExpression();
        String alias = item.getAlias() == null ? null : Identifiers.normalize(item.getAlias().getName());
        if (e instanceof AllTableColumns atc) {
            String q = Identifiers.normalize(atc.getTable().getName());
            for (Map.Entry<String, ColumnRef> c : scope.allColumns(q)) {
                addColumn(c.getKey(), c.getValue(), needDet);
            }
            return;
        }
        if (e instanceof AllColumns) {
            for (Map.Entry<String, ColumnRef> c : scope.allColumns(null)) {
                addColumn(c.getKey(), c.getValue(), needDet);
            }
            return;
        }
        int index = columns.size();
        if (alias != null) {
            aliases.put(alias, index);
        }
        itemExpressions.put(index, e);
        if (e instanceof Column c) {
            ColumnRef ref = scope.resolve(c);
            addColumn(alias != null ? alias : Identifiers.normalize(c.getColumnName()), ref, needDet);
            return;
        }
        ExpressionWriter.SignedColumn signed = e instanceof SignedExpression ? w.signedColumnOrNull(e) : null;
        if (signed != null && !signed.column().column().plaintext()) {
            String label = alias != null ? alias : e.toString();
            if (signed.minusSigns() == 0) {
                addColumn(label, signed.column(), needDet); // unary plus: the value itself
                return;
            }
            if (needDet) {
                ExpressionWriter.need(signed.column(), Onion.EQ, Layer.DET, "GROUP BY / DISTINCT");
            }
            ResultColumn value = decodedColumn(label, signed.column());
            for (int k = 0; k < signed.minusSigns(); k++) {
                value = ResultColumn.negated(label, value); // each negation, as H2 computes it, can overflow
            }
            columns.add(value);
            return;
        }
        String label = alias != null ? alias : e.toString();
        if (!w.referencesEncrypted(e)) {
            SqlBuilder b = root.fork();
            new ExpressionWriter(scope, b, keys).plain(e);
            selectExprs.add(b.toString());
            columns.add(ResultColumn.plain(label, selectExprs.size()));
            return;
        }
        if (e instanceof Function f && f.getName() != null) {
            aggregate(label, f, w);
            return;
        }
        // Under DISTINCT, H2 would compare HOM results, fresh ciphertexts per row: computed on the client instead.
        boolean homCase = options.homArithmetic() && !deduplicatedByH2
                && (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication);
        // Not under DISTINCT or GROUP BY: H2 would deduplicate the onions of the operands, not the results.
        if (!homCase && !needDet && ClientArithmetic.applies(e, w)) {
            columns.add(ClientArithmetic.column(label, ClientArithmetic.compile(e, w, this::readColumn)));
            return;
        }
        if (e instanceof Addition || e instanceof Subtraction || e instanceof Multiplication) {
            if (options.homArithmetic()) {
                homArithmetic(label, (net.sf.jsqlparser.expression.BinaryExpression) e, w);
            } else {
                clientArithmetic(label, (net.sf.jsqlparser.expression.BinaryExpression) e, w, needDet);
            }
            return;
        }
        throw Unsupported.onColumn(w.firstEncrypted(e).name(), ExpressionWriter.describe(e) + " in the select list");
    }

    private void addColumn(String label, ColumnRef ref, boolean needDet) throws SQLException, PeelRequired {
        int index = columns.size();
        columnItems.put(index, ref);
        if (ref.column().plaintext()) {
            selectExprs.add(ref.plain());
            columns.add(ResultColumn.plain(label, selectExprs.size()));
            return;
        }
        if (needDet) {
            ExpressionWriter.need(ref, Onion.EQ, Layer.DET, "GROUP BY / DISTINCT");
        }
        columns.add(decodedColumn(label, ref));
    }

    /** A column an expression computed on the client reads: its decrypted value, or its plaintext. */
    private ResultColumn readColumn(ColumnRef ref) throws SQLException {
        if (ref.column().plaintext()) {
            selectExprs.add(ref.plain());
            return ResultColumn.plain(ref.column().name(), selectExprs.size());
        }
        return decodedColumn(ref.column().name(), ref);
    }

    /** Selects what decrypting {@code ref} needs (the Eq onion and, at RND, the IV). */
    private ResultColumn decodedColumn(String label, ColumnRef ref) throws SQLException {
        Layer layer = ref.column().layer(Onion.EQ);
        selectExprs.add(ref.physical(Onion.EQ));
        int ct = selectExprs.size();
        int iv = -1;
        if (layer == Layer.RND) {
            selectExprs.add(ref.iv());
            iv = selectExprs.size();
        }
        return ResultColumn.eq(label, keys.cipher(ref.column()), layer, ct, iv);
    }

    /** Index of a result column holding {@code ref}'s value, adding a hidden one if needed. */
    private int decoded(ColumnRef ref, boolean mustBeVisible) throws SQLException {
        for (Map.Entry<Integer, ColumnRef> e : columnItems.entrySet()) {
            if (e.getValue().ref() == ref.ref() && e.getValue().column() == ref.column()) {
                return e.getKey();
            }
        }
        if (mustBeVisible) {
            throw Unsupported.onColumn(ref.name(), "ORDER BY a column that is not selected, with DISTINCT or GROUP BY");
        }
        int index = columns.size();
        columnItems.put(index, ref);
        if (ref.column().plaintext()) {
            selectExprs.add(ref.plain());
            columns.add(ResultColumn.plain(ref.column().name(), selectExprs.size()));
        } else {
            columns.add(decodedColumn(ref.column().name(), ref));
        }
        return index;
    }

    private void aggregate(String label, Function f, ExpressionWriter w) throws SQLException, PeelRequired {
        String name = f.getName().toUpperCase(Locale.ROOT);
        ExpressionList<?> params = f.getParameters();
        if (params == null || params.size() != 1) {
            throw Unsupported.onColumn(w.firstEncrypted(f).name(), "function " + f);
        }
        ColumnRef c = w.columnOrNull(params.get(0));
        if (c == null) {
            throw Unsupported.onColumn(w.firstEncrypted(f).name(), name + " over an expression");
        }
        switch (name) {
            case "COUNT": {
                if (f.isDistinct()) {
                    ExpressionWriter.need(c, Onion.EQ, Layer.DET, "COUNT(DISTINCT)");
                }
                selectExprs.add("COUNT(" + (f.isDistinct() ? "DISTINCT " : "") + c.physical(Onion.EQ) + ")");
                columns.add(ResultColumn.count(label, selectExprs.size()));
                return;
            }
            case "MIN", "MAX": {
                if (!c.column().has(Onion.ORD)) {
                    throw Unsupported.onColumn(c.name(), name + " (no ORD onion)");
                }
                ExpressionWriter.need(c, Onion.ORD, Layer.OPE, name);
                selectExprs.add(name + "(" + c.physical(Onion.ORD) + ")");
                columns.add(ResultColumn.ope(label, keys.cipher(c.column()), selectExprs.size()));
                return;
            }
            case "SUM", "AVG": {
                if (!c.column().has(Onion.ADD)) {
                    throw Unsupported.onColumn(c.name(), name + " (no ADD onion)");
                }
                if (f.isDistinct()) {
                    throw Unsupported.onColumn(c.name(), name + "(DISTINCT)");
                }
                ColumnCipher cipher = keys.cipher(c.column());
                SqlBuilder b = root.fork();
                b.append("MAAT_HOM_SUM(").append(c.physical(Onion.ADD)).append(", CAST(");
                int n = b.parameter();
                b.append(" AS VARBINARY))");
                byte[] nsq = cipher.add().nSquared();
                b.bind((p, st) -> st.setBytes(n, nsq));
                selectExprs.add(b.toString());
                int sum = selectExprs.size();
                selectExprs.add("COUNT(" + c.physical(Onion.ADD) + ")");
                int count = selectExprs.size();
                columns.add(name.equals("SUM") ? ResultColumn.homSum(label, cipher, sum, count)
                        : ResultColumn.homAvg(label, cipher, sum, count));
                return;
            }
            default:
                throw Unsupported.onColumn(c.name(), "function " + name);
        }
    }

    /**
     * {@code col + v}, {@code v + col}, {@code col - v}, {@code col * v}, {@code v * col} on the decrypted
     * value of {@code col}: exact, and the same value H2 computes on plaintext.
     */
    private void clientArithmetic(String label, net.sf.jsqlparser.expression.BinaryExpression e, ExpressionWriter w,
            boolean needDet) throws SQLException, PeelRequired {
        ColumnRef left = w.columnOrNull(e.getLeftExpression());
        ColumnRef right = w.columnOrNull(e.getRightExpression());
        ColumnRef c;
        Expression other;
        if (left != null && !left.column().plaintext() && right == null) {
            c = left;
            other = e.getRightExpression();
        } else if (right != null && !right.column().plaintext() && left == null && !(e instanceof Subtraction)) {
            c = right;
            other = e.getLeftExpression();
        } else {
            throw Unsupported.onColumn(w.firstEncrypted(e).name(), "expression " + e);
        }
        ColumnType type = c.column().type();
        if (!type.isExactNumber()) {
            throw Unsupported.onColumn(c.name(), "arithmetic on " + type.ddl());
        }
        ValueSource v = Literals.source(other, root);
        if (v == null) {
            throw Unsupported.onColumn(c.name(), "arithmetic with " + other + " (only parameters and literals)");
        }
        if (deduplicatedByH2 && e instanceof Multiplication && !(Literals.constant(other) instanceof BigDecimal k
                && k.signum() != 0)) {
            // H2 deduplicates the column's values; c * k has as many distinct values only when k is not 0
            throw Unsupported.onColumn(c.name(), "DISTINCT over " + e + " (multiplier not a non-zero literal)");
        }
        if (needDet) {
            ExpressionWriter.need(c, Onion.EQ, Layer.DET, "GROUP BY / DISTINCT");
        }
        ResultColumn base = decodedColumn(label, c);
        char op = e instanceof Addition ? '+' : e instanceof Subtraction ? '-' : '*';
        Object constant = Literals.isConstant(other) ? Literals.constant(other) : null;
        ColumnType result = type.kind() == ColumnType.Kind.DECIMAL ? decimalResult(type, op, constant)
                : integerResult(type, op, constant);
        columns.add(ResultColumn.arithmetic(label, base, op, v, result));
    }

    /**
     * H2's type of a NUMERIC column with a number constant (typed as H2 types the literal: an integer as
     * INTEGER or BIGINT, of 10 or 19 digits), by H2's rule: a sum's scale is the larger one and its precision
     * one digit more than the wider operand's at that scale; a product adds precisions and scales. With a
     * parameter or NULL: one digit more than the column.
     */
    private static ColumnType decimalResult(ColumnType column, char op, Object constant) {
        int p = column.precision();
        int s = column.scale();
        if (!(constant instanceof BigDecimal k)) {
            return new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC, p + 1, s);
        }
        int kBits = k.scale() <= 0 ? k.toBigInteger().bitLength() : Integer.MAX_VALUE;
        int kp = kBits < 32 ? 10 : kBits < 64 ? 19 : k.precision();
        int ks = Math.max(k.scale(), 0);
        if (op == '*') {
            return new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC, p + kp, s + ks);
        }
        int scale = Math.max(s, ks);
        return new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC,
                Math.max(p + scale - s, kp + scale - ks) + 1, scale);
    }

    /**
     * H2's type of an integer column with an integer constant: the wider of the two, as H2 types the literal
     * (INTEGER when it fits, else BIGINT, else NUMERIC), so {@code SMALLINT * 2} is an INTEGER and overflows
     * only beyond one; with a parameter or NULL, the column's type.
     */
    private static ColumnType integerResult(ColumnType column, char op, Object constant) {
        if (!(constant instanceof BigDecimal k) || k.scale() > 0) {
            return column;
        }
        int columnBits = column.kind() == ColumnType.Kind.BIGINT ? 64 : column.precision();
        int bitLength = k.toBigInteger().bitLength();
        if (bitLength >= 64) {
            // NUMERIC in H2, with its precision rule: a sum has one digit more than the wider operand, a
            // product the digits of both (an integer column counts as 3, 5, 10 or 19 digits)
            int columnDigits = switch (columnBits) {
                case 8 -> 3;
                case 16 -> 5;
                case 32 -> 10;
                default -> 19;
            };
            int digits = k.precision();
            return new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC,
                    op == '*' ? columnDigits + digits : Math.max(columnDigits, digits) + 1, 0);
        }
        int constantBits = bitLength < 32 ? 32 : 64;
        if (constantBits <= columnBits) {
            return column;
        }
        return constantBits == 32 ? ColumnType.of("INTEGER", "INTEGER", Types.INTEGER, 32, 0)
                : ColumnType.of("BIGINT", "BIGINT", Types.BIGINT, 64, 0);
    }

    /** {@code col + v}, {@code v + col}, {@code col - v}, {@code col * k}, {@code k * col} on the Add onion. */
    private void homArithmetic(String label, net.sf.jsqlparser.expression.BinaryExpression e, ExpressionWriter w)
            throws SQLException {
        ColumnRef left = w.columnOrNull(e.getLeftExpression());
        ColumnRef right = w.columnOrNull(e.getRightExpression());
        ColumnRef c;
        Expression other;
        if (left != null && !left.column().plaintext() && right == null) {
            c = left;
            other = e.getRightExpression();
        } else if (right != null && !right.column().plaintext() && left == null && !(e instanceof Subtraction)) {
            c = right;
            other = e.getLeftExpression();
        } else {
            throw Unsupported.onColumn(w.firstEncrypted(e).name(), "expression " + e);
        }
        if (!c.column().has(Onion.ADD)) {
            throw Unsupported.onColumn(c.name(), "arithmetic " + e + " (no ADD onion)");
        }
        SqlBuilder b = root.fork();
        ValueSource v = Literals.source(other, b);
        if (v == null) {
            throw Unsupported.onColumn(c.name(), "arithmetic with " + other + " (only parameters and literals)");
        }
        ColumnCipher cipher = keys.cipher(c.column());
        ColumnType type = c.column().type();
        byte[] nsq = cipher.add().nSquared();
        String where = c.name();
        boolean multiply = e instanceof Multiplication;
        boolean negate = e instanceof Subtraction;
        b.append(multiply ? "MAAT_HOM_MULTIPLY(" : "MAAT_HOM_ADD(").append(c.physical(Onion.ADD)).append(", ");
        int n = b.parameter();
        b.append(", ");
        int m = b.parameter();
        b.append(")");
        b.bind((params, st) -> {
            Object value = v.value(params);
            if (value == null) {
                throw new SQLException("NULL operand in " + e + " over encrypted column " + where, "22004");
            }
            BigDecimal d = SqlValues.toBigDecimal(value);
            if (multiply) {
                try {
                    st.setLong(n, d.longValueExact());
                } catch (ArithmeticException ex) {
                    throw Unsupported.onColumn(where, "multiplication by non-integer " + value + " (HOM multiplies by integers)");
                }
            } else {
                int scale = type.kind() == ColumnType.Kind.DECIMAL ? type.scale() : 0;
                long scaled;
                try {
                    scaled = d.movePointRight(scale).longValueExact();
                } catch (ArithmeticException ex) {
                    throw Unsupported.onColumn(where, "adding " + value + " (more fractional digits than the column)");
                }
                st.setBytes(n, cipher.add().encrypt(negate ? -scaled : scaled));
            }
            st.setBytes(m, nsq);
        });
        selectExprs.add(b.toString());
        ColumnType result = type.kind() == ColumnType.Kind.DECIMAL
                ? new ColumnType(ColumnType.Kind.DECIMAL, "NUMERIC", Types.NUMERIC, type.precision() + 1, type.scale())
                : type;
        columns.add(ResultColumn.homExpression(label, cipher, result, selectExprs.size()));
    }

    /**
     * The physical ORDER BY key H2 can sort on, or null when only the client can (text columns,
     * decrypted aggregates). With {@code probe}, checks only and never adds GROUP BY keys.
     */
    private String serverKey(OrderByElement o, boolean grouped, List<ColumnRef> groupColumns,
            List<String> groupExprs, ExpressionWriter w, boolean probe) throws SQLException, PeelRequired {
        Expression e = o.getExpression();
        Integer item = itemIndex(e);
        ColumnRef c = item != null ? columnItems.get(item) : null;
        if (item != null && c == null) {
            Expression ie = itemExpressions.get(item);
            if (ie != null && !w.referencesEncrypted(ie)) {
                return String.valueOf(physicalPositionOf(item));
            }
            return null;
        }
        if (c == null) {
            c = w.columnOrNull(e);
        }
        if (c == null) {
            if (w.referencesEncrypted(e)) {
                return null;
            }
            SqlBuilder b = root.fork();
            new ExpressionWriter(scope, b, keys).plain(e);
            return b.toString();
        }
        if (c.column().plaintext()) {
            return c.plain();
        }
        if (!c.column().has(Onion.ORD)) {
            return null;
        }
        if (probe) {
            return "";
        }
        ExpressionWriter.need(c, Onion.ORD, Layer.OPE, "ORDER BY");
        String ord = c.physical(Onion.ORD);
        if (grouped && !groupExprs.contains(ord)) {
            if (!groupColumns.contains(c)) {
                throw Unsupported.onColumn(c.name(), "ORDER BY a column that is not grouped");
            }
            groupExprs.add(ord); // same groups: Eq and Ord of one column are both functions of its value
        }
        if (deduplicatedByH2 && !selectExprs.contains(ord)) {
            // H2 orders DISTINCT rows only by what it returns; the Ord onion is a function of the value the
            // Eq onion already deduplicates on, so selecting it too keeps the same rows.
            selectExprs.add(ord);
        }
        return ord;
    }

    private int physicalPositionOf(int item) {
        return columns.get(item).plainPosition();
    }

    private int clientKey(OrderByElement o, ExpressionWriter w, boolean mustBeVisible) throws SQLException {
        Expression e = o.getExpression();
        Integer item = itemIndex(e);
        if (item != null) {
            return item;
        }
        ColumnRef c = w.columnOrNull(e);
        if (c == null) {
            throw Unsupported.construct("ORDER BY " + e + " together with a key sorted after decryption");
        }
        return decoded(c, mustBeVisible);
    }

    /** The select item an ORDER BY expression names: by position, alias, or the same expression text. */
    private Integer itemIndex(Expression e) {
        if (e instanceof LongValue l) {
            int k = (int) l.getValue();
            return k >= 1 && k <= columns.size() ? k - 1 : null;
        }
        if (e instanceof Column c && c.getTable() == null) {
            Integer a = aliases.get(Identifiers.normalize(c.getColumnName()));
            if (a != null) {
                return a;
            }
        }
        for (Map.Entry<Integer, Expression> ie : itemExpressions.entrySet()) {
            if (!(ie.getValue() instanceof Column) && ie.getValue().toString().equalsIgnoreCase(e.toString())) {
                return ie.getKey();
            }
        }
        return null;
    }

    /** Whether a top-level conjunct of WHERE is {@code column = value}. */
    private static boolean hasEqualityConjunct(Expression e) {
        if (e instanceof net.sf.jsqlparser.expression.operators.conditional.AndExpression a) {
            return hasEqualityConjunct(a.getLeftExpression()) || hasEqualityConjunct(a.getRightExpression());
        }
        if (e instanceof net.sf.jsqlparser.expression.Parenthesis p) {
            return hasEqualityConjunct(p.getExpression());
        }
        if (e instanceof net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<?> p
                && p.size() == 1) {
            return hasEqualityConjunct(p.get(0));
        }
        if (e instanceof net.sf.jsqlparser.expression.operators.relational.EqualsTo eq) {
            boolean leftColumn = eq.getLeftExpression() instanceof Column;
            boolean rightColumn = eq.getRightExpression() instanceof Column;
            return leftColumn != rightColumn; // a column against a value, not a join condition
        }
        return false;
    }

    /**
     * Whether a select item is a value computed from encrypted columns other than the column itself or (unless
     * {@code negations}) its negation (arithmetic, functions, aggregates over HOM): DISTINCT over it cannot be
     * left to H2, and (with {@code negations}, where an integer's negation can overflow) it may fail on a row.
     */
    private boolean computesOnClient(List<SelectItem<?>> items, boolean negations) throws SQLException {
        ExpressionWriter w = new ExpressionWriter(scope, root.fork(), keys);
        for (SelectItem<?> item : items) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns || e instanceof AllTableColumns || e instanceof Column) {
                continue;
            }
            if (e instanceof SignedExpression && w.signedColumnOrNull(e) != null
                    && !(negations && w.signedColumnOrNull(e).negationMayOverflow())) {
                continue;
            }
            if (w.referencesEncrypted(e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasAggregate(List<SelectItem<?>> items) {
        for (SelectItem<?> i : items) {
            if (i.getExpression() instanceof Function f && f.getName() != null) {
                String n = f.getName().toUpperCase(Locale.ROOT);
                if (n.equals("COUNT") || n.equals("MIN") || n.equals("MAX") || n.equals("SUM") || n.equals("AVG")) {
                    return true;
                }
            }
        }
        return false;
    }
}
