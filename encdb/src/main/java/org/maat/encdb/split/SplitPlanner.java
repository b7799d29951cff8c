package org.maat.encdb.split;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;
import org.maat.encdb.lex.SqlLexer;
import org.maat.encdb.rewrite.KeyRing;
import org.maat.encdb.rewrite.PeelRequired;
import org.maat.encdb.rewrite.Peeling;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.RewriteOptions;
import org.maat.encdb.rewrite.RowSource;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.rewrite.StatementParser;
import org.maat.encdb.rewrite.StatementRewriter;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.ViewDefinition;
import org.maat.encdb.split.StatementShape.Block;
import org.maat.encdb.split.StatementShape.Occurrence;
import org.maat.encdb.split.StatementShape.Parts;

/**
 * Plans a SELECT that H2 cannot run whole over the onions as a {@link SplitPlan}: one scan per table
 * the statement (or a view it uses) reads, with the columns the statement names and the conditions it
 * is safe to push (see below), then the application's own statement on the client H2.
 *
 * <p>Guarantees: the client H2 evaluates the whole statement, so a pushed condition only has to keep
 * every row the statement can use. A conjunct is pushed to a table's scan only when it is a conjunct of
 * the WHERE (or an inner join's ON, or a LEFT JOIN's ON for its right side) of a block where the table
 * is not on the nullable side of an outer join, names only that table's columns, literals and
 * parameters, and has no subquery and no function whose value depends on when or where it runs; a table
 * named several times gets the OR of each naming's conditions, or none if one naming has none. A
 * condition the rewriter refuses is left to the client. Scans are planned by the rewriter, which encrypts
 * constants, so no plaintext value of an encrypted column reaches H2.
 *
 * <p>Refused (0A000, naming why) only where the client cannot give H2's answer: functions that read the
 * server's state (sessions, sequences, the database file), system tables, user-defined functions (H2
 * cannot run them over ciphertext and the client H2 does not have them), {@code FOR UPDATE} (row locks
 * would be taken on the client's copy), and {@code _ROWID_} of a view.
 */
public final class SplitPlanner {

    /** Functions that read the server's state: the client H2 would answer with its own. */
    private static final Set<String> SERVER_STATE = Set.of("DATABASE", "USER", "CURRENT_USER", "SESSION_USER",
            "SYSTEM_USER", "CURRENT_SCHEMA", "CURRENT_CATALOG", "SCHEMA", "SESSION_ID", "IDENTITY", "SCOPE_IDENTITY",
            "LAST_INSERT_ID", "DATABASE_PATH", "LOCK_MODE", "LOCK_TIMEOUT", "READONLY", "TRANSACTION_ID",
            "DISK_SPACE_USED", "ESTIMATED_ENVELOPE", "FILE_READ", "FILE_WRITE", "LINK_SCHEMA", "CSVREAD", "CSVWRITE",
            "MEMORY_FREE", "MEMORY_USED", "ABORT_SESSION", "CANCEL_SESSION", "DB_OBJECT_ID", "DB_OBJECT_SQL",
            "NEXTVAL", "CURRVAL", "SET", "TABLE", "TABLE_DISTINCT");
    /** Functions whose value changes between evaluations: evaluated by the client only, never pushed. */
    private static final Set<String> VOLATILE = Set.of("RAND", "RANDOM", "RANDOM_UUID", "UUID", "SECURE_RAND",
            "NOW", "CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP", "SYSDATE",
            "SYSTIMESTAMP", "GETDATE", "TODAY");
    private static final Pattern FIXED_PARAMETER = Pattern.compile("\\?(\\d+)");

    private final CatalogSnapshot catalog;
    private final KeyRing keys;
    private final RewriteOptions options;
    private final TableStatistics statistics;
    private final Peeling peeling;
    private final StatementShape shape = new StatementShape();
    private boolean rowIdsAsked;
    private final List<String> views = new ArrayList<>();
    /** Every column name of the catalog's tables. */
    private final Set<String> knownColumns = new java.util.HashSet<>();

    public SplitPlanner(CatalogSnapshot catalog, KeyRing keys, RewriteOptions options, TableStatistics statistics) {
        this(catalog, keys, options, statistics, Peeling.onDemand());
    }

    /** As above; a pushed condition that needs a peel is pushed after peeling or left to the client, as {@code peeling} says. */
    public SplitPlanner(CatalogSnapshot catalog, KeyRing keys, RewriteOptions options, TableStatistics statistics,
            Peeling peeling) {
        this.peeling = peeling;
        this.catalog = catalog;
        this.keys = keys;
        this.options = options;
        this.statistics = statistics;
        catalog.tables().values().forEach(t -> t.columns().forEach(c -> knownColumns.add(c.name())));
    }

    /**
     * The split plan of {@code sql} (parsed as {@code statement}); {@code wholeRefusal} says why H2 cannot
     * run it whole (for EXPLAIN).
     */
    public SplitPlan plan(String sql, Select statement, String wholeRefusal) throws SQLException, PeelRequired {
        try {
            shape.add(statement);
        } catch (UnsupportedOperationException e) {
            throw refused("a construct the planner cannot analyse (" + e.getMessage() + ")");
        }
        refuseServerState();
        Map<String, List<Occurrence>> byTable = occurrences(0);
        if (shape.forUpdate) {
            throw refused("SELECT ... FOR UPDATE over a split query (row locks would be taken on the client's "
                    + "copy of the rows, not in H2)");
        }
        // The parser's tree does not reach every column (SUBSTRING(x FROM 1) hides x): the names written in
        // the text count too, so a column the statement uses is always shipped.
        shape.columnNames.addAll(identifiers(sql));
        for (String v : views) {
            shape.columnNames.addAll(identifiers(catalog.view(v).selectSql()));
        }
        rowIdsAsked = sql.startsWith(RowSource.PHYSICAL_ROW_IDS);
        Set<String> rowIdTables = rowIdTables(byTable);
        List<SplitPlan.Scan> scans = new ArrayList<>();
        List<String> explain = new ArrayList<>();
        double cost = 0;
        for (Map.Entry<String, List<Occurrence>> e : byTable.entrySet()) {
            SplitPlan.Scan scan = scan(catalog.table(e.getKey()), e.getValue(), rowIdTables.contains(e.getKey()));
            scans.add(scan);
            cost += scan.estimate().rows() * Math.max(1, scan.columns().size());
        }
        List<String> ddl = new ArrayList<>(indexes(scans));
        for (String v : views) {
            ddl.add("CREATE VIEW " + Identifiers.quote(v) + " AS " + catalog.view(v).selectSql());
        }
        String clientSql = sql; // the client table's row key is the server's row id: _ROWID_ needs no rewriting
        explain.add(String.format(Locale.ROOT, "strategy: split (cost %,.0f rows x cols; whole-in-H2 refused: %s)",
                cost, wholeRefusal));
        explain.addAll(SplitExplain.lines(scans, ddl, clientSql, shape));
        for (String peel : peeling.avoided()) {
            explain.add(peel + " (" + peeling.whyAvoided() + "; without it, its condition is left to the client)");
        }
        return new SplitPlan(scans, ddl, clientSql, parameterCount(sql), explain);
    }

    private static SQLFeatureNotSupportedException refused(String why) {
        return new SQLFeatureNotSupportedException("unsupported SQL on the encrypted layer: " + why, "0A000");
    }

    private void refuseServerState() throws SQLException {
        for (String f : shape.functions) {
            if (SERVER_STATE.contains(f)) {
                throw refused("function " + f + " in a query H2 cannot run whole (its value is the server's state, "
                        + "which the client does not have)");
            }
            if (catalog.routines().containsKey(f)) {
                throw refused("user-defined function " + f + " in a query H2 cannot run whole (H2 cannot call it "
                        + "on ciphertext; call it on the rows a supported query returns)");
            }
        }
        if (shape.sequences) {
            throw refused("NEXT VALUE FOR a sequence in a query H2 cannot run whole (the sequence is H2's)");
        }
    }

    /**
     * Table namings by table, adding the blocks of the views used (their tables are scanned; the views
     * themselves are created on the client, after the views they use).
     */
    private Map<String, List<Occurrence>> occurrences(int depth) throws SQLException {
        Map<String, List<Occurrence>> byTable = new LinkedHashMap<>();
        Set<String> done = new LinkedHashSet<>();
        int block = 0;
        int table = 0;
        while (block < shape.blocks.size() || table < shape.tables.size()) {
            for (; block < shape.blocks.size(); block++) {
                for (Occurrence o : shape.blocks.get(block).items) {
                    if (o != null) {
                        add(o, byTable, done, depth);
                    }
                }
            }
            // A table named outside any block's FROM list (inside a parenthesized join): scanned whole.
            for (; table < shape.tables.size(); table++) {
                Table t = shape.tables.get(table);
                if (!shape.fromItems.contains(t)) {
                    String name = Identifiers.normalize(t.getName());
                    add(new Occurrence(t.getSchemaName() == null ? null : Identifiers.normalize(t.getSchemaName()),
                            name, name, new Block(null), true, true), byTable, done, depth);
                }
            }
        }
        return byTable;
    }

    private void add(Occurrence o, Map<String, List<Occurrence>> byTable, Set<String> done, int depth)
            throws SQLException {
        if (o.schema() != null && !o.schema().equals("PUBLIC")) {
            throw refused("table " + o.schema() + "." + o.name() + " (system tables describe the physical, "
                    + "encrypted database; the client cannot answer for them)");
        }
        ViewDefinition view = catalog.view(o.name());
        if (view != null) {
            addView(view, done, depth);
        } else if (catalog.table(o.name()) != null) {
            byTable.computeIfAbsent(o.name(), k -> new ArrayList<>()).add(o);
        } else {
            throw new SQLException("Table \"" + o.name() + "\" not found (tables must be created through "
                    + "the Maat driver)", "42S02");
        }
    }

    private void addView(ViewDefinition view, Set<String> done, int depth) throws SQLException {
        if (!done.add(view.name())) {
            return;
        }
        if (depth > 32) {
            throw refused("views nested deeper than 32");
        }
        Statement st = StatementParser.parse(view.selectSql());
        // Views it uses come first on the client.
        for (String t : new net.sf.jsqlparser.util.TablesNamesFinder<Void>().getTables(st)) {
            ViewDefinition inner = catalog.view(Identifiers.normalize(t.substring(t.lastIndexOf('.') + 1)));
            if (inner != null) {
                addView(inner, done, depth + 1);
            }
        }
        shape.add(st); // its blocks are visited by the caller's loop
        views.add(view.name());
    }

    private Set<String> rowIdTables(Map<String, List<Occurrence>> byTable) throws SQLException {
        Set<String> out = new LinkedHashSet<>();
        for (Column c : shape.rowIds) {
            String q = c.getTable() == null || c.getTable().getName() == null ? null
                    : Identifiers.normalize(c.getTable().getName());
            boolean matched = false;
            for (Block b : shape.blocks) {
                for (Occurrence o : b.items) {
                    if (o != null && (q == null || o.alias().equals(q))) {
                        if (catalog.view(o.name()) != null && q != null) {
                            throw refused("_ROWID_ of view " + o.name() + " (a view's rows have no row id)");
                        }
                        if (byTable.containsKey(o.name())) {
                            refuseKeyedRowId(catalog.table(o.name()));
                            out.add(o.name());
                            matched = true;
                        }
                    }
                }
            }
            if (!matched && q != null && catalog.view(q) != null) {
                throw refused("_ROWID_ of view " + q + " (a view's rows have no row id)");
            }
        }
        return out;
    }

    /**
     * Plain H2's row id of a table keyed by one integer column is that key; behind the driver the key is an
     * onion, so the row id is a physical row number. Only the driver's own row-by-row writes, which mark
     * their query, ask for it.
     */
    private void refuseKeyedRowId(EncryptedTable table) throws SQLException {
        if (rowIdsAsked) {
            return;
        }
        List<EncryptedColumn> key = table.columns().stream()
                .filter(c -> !c.plaintext() && c.pinned() != null && c.pinned().startsWith("PRIMARY KEY")).toList();
        if (key.size() == 1 && (key.get(0).type().kind() == ColumnType.Kind.INTEGER
                || key.get(0).type().kind() == ColumnType.Kind.BIGINT)) {
            throw refused("_ROWID_ of " + table.name() + " (plain H2's row id is its integer primary key "
                    + key.get(0).name() + ", which is encrypted here, so H2's row number differs: select "
                    + key.get(0).name() + " instead)");
        }
    }

    /** One table's scan: its columns, and the pushable conditions the rewriter accepts. */
    private SplitPlan.Scan scan(EncryptedTable table, List<Occurrence> namings, boolean rowId)
            throws SQLException, PeelRequired {
        boolean all = namings.stream().anyMatch(Occurrence::allColumns);
        List<EncryptedColumn> cols = new ArrayList<>();
        for (EncryptedColumn c : table.columns()) {
            if (all || shape.columnNames.contains(c.name())) {
                cols.add(c);
            }
        }
        List<List<Expression>> perNaming = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Occurrence o : namings) {
            perNaming.add(candidates(o));
        }
        boolean filtered = perNaming.stream().noneMatch(List::isEmpty);
        // Usually the rewriter takes every candidate at once; otherwise each is tried alone and the
        // ones it refuses are left to the client.
        Attempt pushed = filtered ? trial(table, cols, rowId, perNaming) : null;
        if (filtered && pushed == null) {
            for (List<Expression> conjuncts : perNaming) {
                for (java.util.Iterator<Expression> it = conjuncts.iterator(); it.hasNext();) {
                    Expression c = it.next();
                    if (trial(table, cols, rowId, List.of(List.of(c))) == null) {
                        left.add(c.toString());
                        it.remove();
                    }
                }
            }
            filtered = perNaming.stream().noneMatch(List::isEmpty);
            pushed = filtered ? trial(table, cols, rowId, perNaming) : null;
        }
        Attempt plain = trial(table, cols, rowId, List.of());
        if (plain == null) {
            throw refused("table " + table.name() + " cannot be read through the rewriter");
        }
        double rows = statistics.rows(table.name());
        double width = Math.max(1, cols.size());
        // The cheapest of the alternatives: all rows, or the rows the pushed conditions keep.
        Attempt chosen = plain;
        double estimate = rows;
        if (pushed != null) {
            double filteredRows = rows * CostEstimate.selectivity(perNaming);
            if (filteredRows * width <= rows * width) {
                chosen = pushed;
                estimate = filteredRows;
            }
        }
        // A reducer: another table of the same block, joined on equal keys, whose own conditions drop the
        // rows of this one that no answer can use (a semi-join, after Bernstein's SDD-1 reducers).
        String reducedBy = null;
        if (namings.size() == 1) {
            List<Expression> own = chosen == pushed ? perNaming.get(0) : List.of();
            for (Reducer r : reducers(table, namings.get(0))) {
                double reducedRows = rows * CostEstimate.selectivity(List.of(own)) * r.selectivity();
                if (reducedRows >= estimate) {
                    continue;
                }
                Attempt a = reducedTrial(table, cols, own, r);
                if (a != null) {
                    chosen = a;
                    estimate = reducedRows;
                    reducedBy = r.describe();
                    break;
                }
            }
        }
        List<String> pushedText = new ArrayList<>();
        if (chosen != plain) {
            pushedText.add(chosen.condition());
        } else {
            perNaming.forEach(l -> l.forEach(c -> left.add(c.toString())));
        }
        List<SplitPlan.ClientColumn> clientCols = new ArrayList<>();
        for (EncryptedColumn c : cols) {
            // A plaintext column is declared on the server exactly as the application wrote it: its type is
            // taken from there (null here); an encrypted one has the catalog's logical type.
            clientCols.add(new SplitPlan.ClientColumn(c.name(), c.plaintext() || c.type() == null ? null
                    : c.type().ddl(), c.nullable()));
        }
        SplitPlan.Read read = new SplitPlan.Read(chosen.plan(), chosen.parameterMap(), chosen.rowId(),
                chosen == plain ? null : plain.plan(), reducedBy);
        return new SplitPlan.Scan(table.name(), clientCols, read,
                new SplitPlan.Estimate(estimate, rows, pushedText, left));
    }

    /** Another naming of the block joined to this one on {@code own = key} of the same join group, with its filters. */
    private record Reducer(Occurrence other, String own, String key, List<Expression> filters, double selectivity) {
        String describe() {
            return "joined with " + other.name() + " on " + own + " = " + other.name() + "." + key;
        }
    }

    /** The possible reducers of one naming, most selective first. */
    private List<Reducer> reducers(EncryptedTable table, Occurrence o) {
        List<Reducer> out = new ArrayList<>();
        if (o.nullable()) {
            return out;
        }
        Block b = o.block();
        for (Expression c : b.conjuncts) {
            if (!(c instanceof EqualsTo eq) || !(eq.getLeftExpression() instanceof Column l)
                    || !(eq.getRightExpression() instanceof Column r)) {
                continue;
            }
            for (Column[] pair : List.of(new Column[] {l, r}, new Column[] {r, l})) {
                Occurrence other = resolve(pair[1], b);
                if (resolve(pair[0], b) != o || other == null || other == o || other.nullable()) {
                    continue;
                }
                EncryptedColumn a = table.column(Identifiers.normalize(pair[0].getColumnName()));
                EncryptedColumn k = catalog.table(other.name()).column(Identifiers.normalize(pair[1].getColumnName()));
                boolean comparable = a.plaintext() && k.plaintext() || !a.plaintext() && !k.plaintext()
                        && a.joinGroup() != null && a.joinGroup().equals(k.joinGroup());
                List<Expression> filters = candidates(other);
                if (!comparable || filters.isEmpty()) {
                    continue; // another join group would need a re-key: a security cost a reducer does not pay
                }
                out.add(new Reducer(other, a.name(), k.name(), filters, CostEstimate.selectivity(List.of(filters))));
            }
        }
        out.sort(java.util.Comparator.comparingDouble(Reducer::selectivity));
        return out;
    }

    /**
     * The scan joined with a reducer. Its rows carry this table's row id, by which the client drops the
     * duplicates a reducer key that is not unique would make.
     */
    private Attempt reducedTrial(EncryptedTable table, List<EncryptedColumn> cols, List<Expression> own, Reducer r)
            throws SQLException, PeelRequired {
        Table self = new Table("MAAT_S");
        Table other = new Table("MAAT_R");
        StringBuilder sql = new StringBuilder("SELECT ");
        if (cols.isEmpty()) {
            sql.append("1");
        }
        for (int i = 0; i < cols.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("MAAT_S.").append(Identifiers.quote(cols.get(i).name()));
        }
        sql.append(" FROM ").append(Identifiers.quote(table.name())).append(" MAAT_S JOIN ")
                .append(Identifiers.quote(r.other().name())).append(" MAAT_R ON MAAT_S.").append(Identifiers.quote(r.own()))
                .append(" = MAAT_R.").append(Identifiers.quote(r.key()));
        List<Integer> params = new ArrayList<>();
        List<String> conds = new ArrayList<>();
        for (Expression c : own) {
            conds.add("(" + render(c, params, self) + ")");
        }
        for (Expression c : r.filters()) {
            conds.add("(" + render(c, params, other) + ")");
        }
        String condition = String.join(" AND ", conds);
        sql.append(" WHERE ").append(condition);
        return attempt(sql.toString(), condition + " [" + r.describe() + "]", params, true);
    }

    /**
     * The scan {@code sql} as the rewriter plans it, or null when this alternative cannot run; the one policy
     * for every alternative of a scan (pushed conditions, one condition alone, a reducer join, the whole
     * table). A refusal (0A000, also one of a constant) or a peel not done means it cannot run: the caller
     * tries the next, leaving the conditions to the client. So does any other error of a scan that carries
     * conditions ({@code condition} not null): the client H2 evaluates the whole statement, so it raises an
     * error of a condition exactly as plain H2 would (22012 of a constant {@code 1 / 0}, 22018 of text
     * compared with a number), and none that H2 would not (22003 of a constant the driver cannot encode at an
     * INTEGER column's type, which H2 compares as a BIGINT). Errors of running a scan are H2's and reach the
     * caller ({@link ClientEngine}). Only the whole table's scan failing otherwise is the statement's answer:
     * nothing else can read the table.
     */
    private Attempt attempt(String sql, String condition, List<Integer> params, boolean rowId)
            throws SQLException, PeelRequired {
        try {
            QueryPlan plan = StatementRewriter.planScan(sql, catalog, keys, options, rowId);
            if (plan.refusedConstant() != null) {
                return null;
            }
            return new Attempt(plan, condition, params.stream().mapToInt(Integer::intValue).toArray(), rowId);
        } catch (SQLFeatureNotSupportedException refusedByRewriter) {
            return null;
        } catch (PeelRequired p) {
            peeling.without(p); // rethrown when peels are done on demand
            return null;
        } catch (SQLException other) {
            if (condition == null) {
                throw other;
            }
            return null;
        }
    }

    /** A scan the rewriter accepted: its plan, its condition as written, and where its parameters come from. */
    private record Attempt(QueryPlan plan, String condition, int[] parameterMap, boolean rowId) {
    }

    /** The scan with the OR over namings of the AND of each one's conditions, or null if the rewriter refuses it. */
    private Attempt trial(EncryptedTable table, List<EncryptedColumn> cols, boolean rowId,
            List<List<Expression>> namings) throws SQLException, PeelRequired {
        boolean withRowId = rowId || cols.isEmpty(); // a table read only for its row count ships its row ids
        StringBuilder sql = new StringBuilder("SELECT ");
        if (cols.isEmpty()) {
            sql.append("1");
        }
        for (int i = 0; i < cols.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(Identifiers.quote(cols.get(i).name()));
        }
        sql.append(" FROM ").append(Identifiers.quote(table.name()));
        List<Integer> params = new ArrayList<>();
        String condition = null;
        if (!namings.isEmpty()) {
            List<String> ors = new ArrayList<>();
            for (List<Expression> conjuncts : namings) {
                List<String> ands = new ArrayList<>();
                for (Expression c : conjuncts) {
                    ands.add("(" + render(c, params) + ")");
                }
                ors.add(String.join(" AND ", ands));
            }
            condition = ors.size() == 1 ? ors.get(0) : "(" + String.join(") OR (", ors) + ")";
            sql.append(" WHERE ").append(condition);
        }
        return attempt(sql.toString(), condition, params, withRowId);
    }

    /** The conditions that may filter one naming's rows (see the class comment). */
    private List<Expression> candidates(Occurrence o) {
        Block b = o.block();
        int pos = b.items.indexOf(o);
        List<Expression> out = new ArrayList<>();
        List<Expression> from = new ArrayList<>();
        if (!o.nullable()) {
            from.addAll(b.conjuncts);
        }
        from.addAll(b.ownOn.getOrDefault(pos, List.of()));
        for (Expression c : from) {
            if (local(c, o, b)) {
                out.add(c);
            } else {
                Expression implied = impliedByEveryBranch(c, o, b);
                if (implied != null) {
                    out.add(implied);
                }
            }
        }
        return out;
    }

    /** Whether condition {@code c} of block {@code b} filters only naming {@code o}'s rows and may run in H2. */
    private boolean local(Expression c, Occurrence o, Block b) {
        Parts p = Parts.of(c);
        if (p.subquery || p.clock || p.columns.isEmpty()
                || p.functions.stream().anyMatch(f -> VOLATILE.contains(f) || SERVER_STATE.contains(f)
                        || catalog.routines().containsKey(f))) {
            return false;
        }
        Set<String> seen = new java.util.HashSet<>();
        p.columns.forEach(col -> seen.add(Identifiers.normalize(col.getColumnName())));
        for (String id : identifiers(c.toString())) {
            if (!seen.contains(id) && knownColumns.contains(id)) {
                return false; // a column the tree hides: its table is unknown
            }
        }
        for (Column col : p.columns) {
            if (Identifiers.normalize(col.getColumnName()).equals("_ROWID_") || resolve(col, b) != o) {
                return false;
            }
        }
        return true;
    }

    /**
     * For {@code b1 OR ... OR bn} over several tables, the OR of each branch's conditions on naming {@code o}
     * alone, when every branch has one (else null): a row of {@code o} that satisfies no branch's own part
     * satisfies no branch, so H2 may drop it; the client still checks the whole OR (TPC-H Q19's three
     * branches each filter PART and LINEITEM).
     */
    private Expression impliedByEveryBranch(Expression c, Occurrence o, Block b) {
        List<Expression> branches = new ArrayList<>();
        disjuncts(c, branches);
        if (branches.size() < 2) {
            return null;
        }
        Expression implied = null;
        for (Expression branch : branches) {
            List<Expression> parts = new ArrayList<>();
            StatementShape.conjuncts(unwrap(branch), parts);
            Expression own = null;
            for (Expression part : parts) {
                if (local(part, o, b)) {
                    own = own == null ? part : new net.sf.jsqlparser.expression.operators.conditional.AndExpression(
                            own, part);
                }
            }
            if (own == null) {
                return null;
            }
            Expression grouped = new net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<>(own);
            implied = implied == null ? grouped
                    : new net.sf.jsqlparser.expression.operators.conditional.OrExpression(implied, grouped);
        }
        return new net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<>(implied);
    }

    private static void disjuncts(Expression e, List<Expression> out) {
        Expression x = unwrap(e);
        if (x instanceof net.sf.jsqlparser.expression.operators.conditional.OrExpression or) {
            disjuncts(or.getLeftExpression(), out);
            disjuncts(or.getRightExpression(), out);
        } else {
            out.add(x);
        }
    }

    private static Expression unwrap(Expression e) {
        Expression x = e;
        while (true) {
            if (x instanceof net.sf.jsqlparser.expression.Parenthesis p) {
                x = p.getExpression();
            } else if (x instanceof net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<?> l
                    && l.size() == 1) {
                x = l.get(0);
            } else {
                return x;
            }
        }
    }

    /** Identifiers written in {@code sql} outside string literals, as H2 normalizes them. */
    static Set<String> identifiers(String sql) {
        Set<String> out = new LinkedHashSet<>();
        Pattern word = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");
        forEachSegment(sql, (segment, quoted) -> {
            if (quoted) {
                if (segment.startsWith("\"") && segment.endsWith("\"") && segment.length() >= 2) {
                    out.add(segment.substring(1, segment.length() - 1).replace("\"\"", "\""));
                }
                return;
            }
            Matcher m = word.matcher(segment);
            while (m.find()) {
                out.add(m.group().toUpperCase(Locale.ROOT));
            }
        });
        return out;
    }

    /** The naming of block {@code b} a column reference resolves to, or null (outer, ambiguous, unknown). */
    private Occurrence resolve(Column c, Block b) {
        String q = c.getTable() == null || c.getTable().getName() == null ? null
                : Identifiers.normalize(c.getTable().getName());
        String name = Identifiers.normalize(c.getColumnName());
        Occurrence found = null;
        for (Occurrence o : b.items) {
            if (o == null) {
                if (q == null) {
                    return null; // a derived table or CTE might have the column
                }
                continue;
            }
            boolean matches;
            if (q != null) {
                matches = o.alias().equals(q);
            } else {
                EncryptedTable t = catalog.table(o.name());
                if (t == null) {
                    return null; // a view: its columns are not known here
                }
                matches = t.column(name) != null;
            }
            if (matches) {
                if (found != null) {
                    return null;
                }
                found = o;
            }
        }
        if (found != null && catalog.table(found.name()) == null) {
            return null;
        }
        if (found != null && catalog.table(found.name()).column(name) == null) {
            return null;
        }
        return found;
    }

    /**
     * The condition's text for a scan: columns unqualified (the scan reads one table), each {@code ?}
     * kept and its application parameter (0-based) appended to {@code params}.
     */
    static String render(Expression e, List<Integer> params) {
        return render(e, params, null);
    }

    /** As {@link #render(Expression, List)}, every column qualified with {@code qualifier} (null: unqualified). */
    static String render(Expression e, List<Integer> params, Table qualifier) {
        Parts p = Parts.of(e);
        List<Table> tables = new ArrayList<>();
        for (Column c : p.columns) {
            tables.add(c.getTable());
            c.setTable(qualifier);
        }
        List<Boolean> fixed = new ArrayList<>();
        for (JdbcParameter j : p.parameters) {
            fixed.add(j.isUseFixedIndex());
            j.setUseFixedIndex(true);
        }
        String text;
        try {
            text = e.toString();
        } finally {
            for (int i = 0; i < p.columns.size(); i++) {
                p.columns.get(i).setTable(tables.get(i));
            }
            for (int i = 0; i < p.parameters.size(); i++) {
                p.parameters.get(i).setUseFixedIndex(fixed.get(i));
            }
        }
        StringBuilder out = new StringBuilder();
        forEachSegment(text, (segment, quoted) -> {
            if (quoted) {
                out.append(segment);
                return;
            }
            Matcher m = FIXED_PARAMETER.matcher(segment);
            while (m.find()) {
                params.add(Integer.parseInt(m.group(1)) - 1);
                m.appendReplacement(out, "?");
            }
            m.appendTail(out);
        });
        return out.toString();
    }

    private interface SegmentSink {
        void accept(String segment, boolean quoted);
    }

    /**
     * Cuts {@code sql} into plain text and opaque segments ({@code quoted}): string literals, quoted names,
     * and comments, as {@link SqlLexer} reads them; their words, quotes and {@code ?} are no identifiers and
     * no parameters.
     */
    private static void forEachSegment(String sql, SegmentSink sink) {
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            sink.accept(span.of(sql), span.kind() != SqlLexer.Kind.CODE);
        }
    }

    /** Indexes on shipped columns the statement compares with {@code =} to another column (H2 has no hash join). */
    private List<String> indexes(List<SplitPlan.Scan> scans) {
        Map<String, Set<String>> shipped = new LinkedHashMap<>();
        for (SplitPlan.Scan s : scans) {
            Set<String> names = new LinkedHashSet<>();
            s.columns().forEach(c -> names.add(c.name()));
            shipped.put(s.table(), names);
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (EqualsTo eq : shape.columnEqualities) {
            List<Expression> sides = List.of(eq.getLeftExpression(), eq.getRightExpression());
            List<Set<ColumnType>> types = List.of(sideTypes((Column) sides.get(0)), sideTypes((Column) sides.get(1)));
            for (int i = 0; i < 2; i++) {
                Column c = (Column) sides.get(i);
                String name = Identifiers.normalize(c.getColumnName());
                String q = c.getTable() == null || c.getTable().getName() == null ? null
                        : Identifiers.normalize(c.getTable().getName());
                for (Block b : shape.blocks) {
                    for (Occurrence o : b.items) {
                        if (o != null && (q == null || o.alias().equals(q)) && shipped.containsKey(o.name())
                                && shipped.get(o.name()).contains(name) && holdsEvery(
                                        catalog.table(o.name()).column(name), types.get(1 - i))) {
                            wanted.add(Identifiers.quote(o.name()) + "(" + Identifiers.quote(name) + ")");
                        }
                    }
                }
            }
        }
        List<String> out = new ArrayList<>();
        int n = 0;
        for (String w : wanted) {
            out.add("CREATE INDEX MAAT_IX_" + (++n) + " ON " + w);
        }
        return out;
    }

    /** The logical types the column {@code c} may name in the statement's tables (null: a type not known here). */
    private Set<ColumnType> sideTypes(Column c) {
        String name = Identifiers.normalize(c.getColumnName());
        Set<ColumnType> out = new java.util.HashSet<>();
        for (Block b : shape.blocks) {
            for (Occurrence o : b.items) {
                EncryptedTable t = o == null ? null : catalog.table(o.name());
                EncryptedColumn col = t == null ? null : t.column(name);
                if (col != null) {
                    out.add(col.plaintext() ? null : col.type());
                }
            }
        }
        return out;
    }

    /**
     * Whether an index on {@code indexed} can look up every value of the other side's types: H2 converts the
     * value looked up to the indexed column's type, and fails (22004) where it does not fit (-2147483648 into a
     * SMALLINT), where plain H2, comparing without that index, converts to the wider type and finds no row. An
     * integer column holds every narrower integer; other types only their own (unknown types: as before, indexed).
     */
    private static boolean holdsEvery(EncryptedColumn indexed, Set<ColumnType> others) {
        ColumnType t = indexed == null || indexed.plaintext() ? null : indexed.type();
        for (ColumnType o : others) {
            if (t == null || o == null || t.equals(o)) {
                continue;
            }
            boolean integers = (t.kind() == ColumnType.Kind.INTEGER || t.kind() == ColumnType.Kind.BIGINT)
                    && (o.kind() == ColumnType.Kind.INTEGER || o.kind() == ColumnType.Kind.BIGINT);
            if (!integers || bits(t) < bits(o)) {
                return false;
            }
        }
        return true;
    }

    private static int bits(ColumnType integer) {
        return integer.kind() == ColumnType.Kind.BIGINT ? 64 : integer.precision();
    }

    /** H2's count of a statement's parameters: each {@code ?}, or the highest {@code ?n}. */
    static int parameterCount(String sql) {
        int[] count = new int[2];
        forEachSegment(sql, (segment, quoted) -> {
            if (quoted) {
                return;
            }
            for (int i = 0; i < segment.length(); i++) {
                if (segment.charAt(i) == '?') {
                    int j = i + 1;
                    while (j < segment.length() && Character.isDigit(segment.charAt(j))) {
                        j++;
                    }
                    if (j > i + 1) {
                        count[1] = Math.max(count[1], Integer.parseInt(segment.substring(i + 1, j)));
                    } else {
                        count[0]++;
                    }
                }
            }
        });
        return Math.max(count[0], count[1]);
    }
}
