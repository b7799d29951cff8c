package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.statement.ExplainStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.execute.Execute;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.update.Update;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.RoutineDefinition;
import org.maat.encdb.schema.TriggerDefinition;
import org.maat.encdb.schema.ViewDefinition;
import org.maat.encdb.split.SplitExplain;
import org.maat.encdb.split.SplitPlanner;
import org.maat.encdb.split.TableStatistics;

/**
 * The rewriter's entry point: parses one statement of the application's SQL and returns its
 * {@link Plan} for the current catalog snapshot. Throws {@link PeelRequired} when the statement needs
 * a layer not exposed yet, and an SQLException (SQLState 0A000) naming anything unsupported.
 */
public final class StatementRewriter {

    private static final Pattern CREATE_ALIAS = Pattern.compile(
            "(?is)\\s*CREATE\\s+(?:FORCE\\s+)?ALIAS\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\\S+)\\s+FOR\\s+\"([^\"]+)\"\\s*;?\\s*");
    private static final Pattern CREATE_TRIGGER = Pattern.compile(
            "(?is)\\s*CREATE\\s+TRIGGER\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\\S+)\\s+(BEFORE|AFTER|INSTEAD\\s+OF)\\s+(.+?)"
                    + "\\s+ON\\s+(\\S+)\\s+(FOR\\s+EACH\\s+ROW\\s+)?(?:QUEUE\\s+\\d+\\s+)?(?:NOWAIT\\s+)?CALL\\s+\"([^\"]+)\"\\s*;?\\s*");

    private static final Pattern EXPLAIN = Pattern.compile("(?is)\\s*EXPLAIN\\s+(.*)");

    private StatementRewriter() {
    }

    public static Plan plan(String sql, CatalogSnapshot catalog, KeyRing keys, RewriteOptions options)
            throws SQLException, PeelRequired {
        return plan(sql, catalog, keys, options, TableStatistics.UNKNOWN);
    }

    /**
     * As {@link #plan(String, CatalogSnapshot, KeyRing, RewriteOptions)}; a SELECT that H2 cannot run whole
     * over the onions is split ({@link SplitPlanner}), its choices estimated from {@code statistics}.
     */
    public static Plan plan(String sql, CatalogSnapshot catalog, KeyRing keys, RewriteOptions options,
            TableStatistics statistics) throws SQLException, PeelRequired {
        return plan(sql, catalog, keys, options, statistics, Peeling.onDemand());
    }

    /** As {@link #plan(String, CatalogSnapshot, KeyRing, RewriteOptions, TableStatistics)}; a query peels as {@code peeling} says. */
    public static Plan plan(String sql, CatalogSnapshot catalog, KeyRing keys, RewriteOptions options,
            TableStatistics statistics, Peeling peeling) throws SQLException, PeelRequired {
        Matcher alias = CREATE_ALIAS.matcher(sql);
        if (alias.matches()) {
            return new Plan.CreateRoutine(new RoutineDefinition(Identifiers.normalize(alias.group(1)), alias.group(2)));
        }
        Matcher trigger = CREATE_TRIGGER.matcher(sql);
        if (trigger.matches()) {
            return new Plan.CreateTrigger(trigger(trigger));
        }
        Statement st = StatementParser.parse(sql);
        if (st instanceof ExplainStatement explain) {
            return explain(sql, explain, catalog, keys, options, statistics);
        }
        if (st instanceof Select) {
            return query(sql, (Select) st, catalog, keys, options, statistics, peeling);
        }
        if (st instanceof Insert i) {
            return new InsertRewriter(catalog, keys).planAny(i);
        }
        if (st instanceof Update u) {
            return new ModifyRewriter(catalog, keys).planUpdate(u);
        }
        if (st instanceof Delete d) {
            return new ModifyRewriter(catalog, keys).planDelete(d);
        }
        if (st instanceof CreateTable ct) {
            return new DdlRewriter(catalog, keys).createTable(ct);
        }
        if (st instanceof Alter a) {
            return new DdlRewriter(catalog, keys).alter(a);
        }
        if (st instanceof CreateIndex ci) {
            return new Plan.PassThrough(new DdlRewriter(catalog, keys).createIndex(ci));
        }
        if (st instanceof CreateView cv) {
            return createView(cv);
        }
        if (st instanceof Drop d) {
            String kind = d.getType().toUpperCase(Locale.ROOT);
            if (!kind.equals("TABLE") && !kind.equals("VIEW") && !kind.equals("INDEX") && !kind.equals("TRIGGER")) {
                throw Unsupported.construct("DROP " + kind);
            }
            boolean cascade = d.getParameters() != null
                    && d.getParameters().stream().anyMatch(p -> p.equalsIgnoreCase("CASCADE"));
            return new Plan.Drop(kind, Identifiers.normalize(d.getName().getName()), d.isIfExists(), cascade);
        }
        if (st instanceof Execute e) {
            return call(e);
        }
        if (st instanceof net.sf.jsqlparser.statement.SetStatement set) {
            refuseSessionVariable(set);
            return new Plan.PassThrough(sql);
        }
        if (st instanceof net.sf.jsqlparser.statement.Commit
                || st instanceof net.sf.jsqlparser.statement.RollbackStatement) {
            return new Plan.PassThrough(sql);
        }
        throw Unsupported.construct(st.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2")
                .toUpperCase(Locale.ROOT) + " statement");
    }

    /**
     * {@code SET @name = value} is refused: a session variable lives in the server's session, so its value
     * (a literal, or what an expression over the tables computes) would reach H2 in plaintext. Other SET
     * statements change settings (null ordering, time zone, mode) and pass through as written.
     */
    private static void refuseSessionVariable(net.sf.jsqlparser.statement.SetStatement set)
            throws SQLFeatureNotSupportedException {
        for (int i = 0; i < set.getCount(); i++) {
            String name = String.valueOf(set.getName(i)).trim();
            if (name.startsWith("@")) {
                throw new SQLFeatureNotSupportedException("unsupported SQL on the encrypted layer: session variable "
                        + name + " (SET @name: H2 would hold its value in plaintext in the server's session; keep "
                        + "the value in the application and pass it as a parameter, ?)", "0A000");
            }
        }
    }

    /** A query: wholly in H2 when the rewriter can run it there, else split between H2 and the client. */
    private static Plan query(String sql, Select st, CatalogSnapshot catalog, KeyRing keys, RewriteOptions options,
            TableStatistics statistics, Peeling peeling) throws SQLException, PeelRequired {
        String refusal;
        if (st instanceof PlainSelect ps && (ps.getWithItemsList() == null || ps.getWithItemsList().isEmpty())) {
            try {
                QueryPlan whole = new SelectRewriter(catalog, keys, options).plan(ps);
                SQLFeatureNotSupportedException constant = whole.refusedConstant();
                if (constant == null) {
                    return whole;
                }
                refusal = reason(constant);
            } catch (SQLFeatureNotSupportedException e) {
                refusal = reason(e);
            } catch (PeelRequired p) {
                peeling.without(p);
                refusal = "needs a peel (" + Peeling.describe(p) + "), not done: " + peeling.whyAvoided();
            }
        } else if (st instanceof PlainSelect) {
            refusal = "WITH";
        } else {
            refusal = st.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        }
        // The rewriter may have changed the tree it was given: the planner parses the text afresh.
        Select fresh = (Select) StatementParser.parse(sql);
        return new SplitPlanner(catalog, keys, options, statistics, peeling).plan(sql, fresh, refusal);
    }

    private static String reason(SQLFeatureNotSupportedException e) {
        return e.getMessage().replaceFirst("^unsupported (SQL )?(on the encrypted layer|on encrypted column):? ?", "");
    }

    /**
     * The split plan of a query whose whole-in-H2 plan H2 refused when it ran ({@code refused}: a value it
     * could not take, such as a LIKE pattern without a searchable word).
     */
    public static SplitPlan planSplit(String sql, SQLFeatureNotSupportedException refused, CatalogSnapshot catalog,
            KeyRing keys, RewriteOptions options, TableStatistics statistics, Peeling peeling)
            throws SQLException, PeelRequired {
        Statement st = StatementParser.parse(sql);
        if (!(st instanceof Select select)) {
            throw refused;
        }
        return new SplitPlanner(catalog, keys, options, statistics, peeling).plan(sql, select, reason(refused));
    }

    /**
     * The row-by-row plan of an UPDATE or DELETE whose physical statement H2 refused a value of when it ran
     * ({@code refused}: a number compared with a text column): its rows are read by the application query,
     * which the driver's query path runs as H2 would. Any other statement is refused with {@code refused}.
     */
    public static Plan planRowwise(String sql, SQLFeatureNotSupportedException refused, CatalogSnapshot catalog,
            KeyRing keys) throws SQLException, PeelRequired {
        Statement st = StatementParser.parse(sql);
        if (st instanceof Update u) {
            return new ModifyRewriter(catalog, keys, refused).planUpdate(u);
        }
        if (st instanceof Delete d) {
            return new ModifyRewriter(catalog, keys, refused).planDelete(d);
        }
        throw refused;
    }

    /** {@code EXPLAIN SELECT ...}: the query's plan as lines of text. */
    private static Plan explain(String sql, ExplainStatement explain, CatalogSnapshot catalog, KeyRing keys,
            RewriteOptions options, TableStatistics statistics) throws SQLException, PeelRequired {
        if (!(explain.getStatement() instanceof Select)) {
            throw Unsupported.construct("EXPLAIN of a statement other than SELECT");
        }
        Matcher m = EXPLAIN.matcher(sql);
        if (!m.matches()) {
            throw Unsupported.construct("EXPLAIN with options (EXPLAIN SELECT ... only)");
        }
        String inner = m.group(1);
        // EXPLAIN changes nothing: a peel the plan needs is named and assumed done on a copy of the catalog,
        // so the plan shown is the one running the statement would use (after its peels).
        CatalogSnapshot assumed = catalog;
        List<String> peels = new ArrayList<>();
        Plan plan = null;
        for (int attempt = 0; plan == null; attempt++) {
            try {
                plan = query(inner, (Select) StatementParser.parse(inner), assumed, keys, options, statistics,
                        Peeling.onDemand());
            } catch (PeelRequired p) {
                if (attempt == 32) {
                    throw new SQLException("cannot settle the layers for: " + inner);
                }
                peels.add("would peel " + Peeling.describe(p) + " (EXPLAIN does not peel; running the statement does)");
                assumed = Peeling.assume(assumed, p);
            }
        }
        List<String> lines = new ArrayList<>(plan instanceof SplitPlan split ? split.explain()
                : SplitExplain.whole((QueryPlan) plan, assumed, inner));
        lines.addAll(1, peels);
        return new Plan.Explain(lines, plan.parameters());
    }

    /**
     * A single-table scan of the split planner, planned like any query; when {@code rowId}, result column 0
     * is the physical {@code _ROWID_}.
     */
    public static QueryPlan planScan(String sql, CatalogSnapshot catalog, KeyRing keys, RewriteOptions options,
            boolean rowId) throws SQLException, PeelRequired {
        SelectRewriter rewriter = new SelectRewriter(catalog, keys, options);
        return (rowId ? rewriter.withRowId() : rewriter).plan((PlainSelect) StatementParser.parse(sql));
    }

    private static TriggerDefinition trigger(Matcher m) throws SQLException {
        if (m.group(5) == null) {
            throw Unsupported.construct("statement-level trigger (only FOR EACH ROW)");
        }
        Set<String> events = new LinkedHashSet<>();
        String spec = m.group(3).toUpperCase(Locale.ROOT).replaceAll("\\bOF\\b[^,]*?(?=,\\s*(INSERT|UPDATE|DELETE)|$)", "");
        for (String e : spec.split("[,\\s]+|\\bOR\\b")) {
            String ev = e.strip();
            if (ev.isEmpty()) {
                continue;
            }
            if (!ev.equals("UPDATE") && !ev.equals("DELETE")) {
                if (ev.equals("INSERT") || ev.equals("SELECT") || ev.equals("ROLLBACK")) {
                    throw Unsupported.construct("trigger on " + ev + " over encrypted tables (UPDATE and DELETE only)");
                }
                continue; // column names after OF
            }
            events.add(ev);
        }
        if (events.isEmpty()) {
            throw Unsupported.construct("trigger " + m.group(1) + " without UPDATE or DELETE");
        }
        boolean before = m.group(2).toUpperCase(Locale.ROOT).startsWith("BEFORE");
        if (before || m.group(2).toUpperCase(Locale.ROOT).startsWith("INSTEAD")) {
            throw Unsupported.construct(m.group(2).toUpperCase(Locale.ROOT) + " trigger (AFTER triggers only)");
        }
        return new TriggerDefinition(Identifiers.normalize(m.group(1)), Identifiers.normalize(m.group(4)), false,
                events, m.group(6));
    }

    private static Plan.CreateView createView(CreateView cv) throws SQLException {
        if (!(cv.getSelect() instanceof PlainSelect ps)) {
            throw Unsupported.construct("view that is not a single SELECT");
        }
        if (cv.getColumnNames() != null && !cv.getColumnNames().isEmpty()) {
            throw Unsupported.construct("CREATE VIEW with a column list (alias the select items)");
        }
        if (ps.getGroupBy() != null || ps.getDistinct() != null || ps.getOrderByElements() != null
                || ps.getLimit() != null) {
            throw Unsupported.construct("view with GROUP BY, DISTINCT, ORDER BY or LIMIT (views are expanded in place)");
        }
        // Constants in the view's text are safe: the catalog keeps the text sealed (ViewTextSeal), never in H2.
        return new Plan.CreateView(new ViewDefinition(Identifiers.normalize(cv.getView().getName()), ps.toString()),
                cv.isOrReplace());
    }

    private static Plan.Call call(Execute e) throws SQLException {
        SqlBuilder out = new SqlBuilder();
        List<ValueSource> args = new ArrayList<>();
        if (e.getExprList() != null) {
            for (Object o : e.getExprList()) {
                Expression x = (Expression) o;
                ValueSource v = Literals.source(x, out);
                if (v == null) {
                    throw Unsupported.construct("CALL argument " + x + " (only parameters and literals)");
                }
                args.add(v);
            }
        }
        return new Plan.Call(Identifiers.normalize(e.getName()), args, out.appParameters());
    }
}
