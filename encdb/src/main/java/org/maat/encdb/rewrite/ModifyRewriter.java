package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.update.UpdateSet;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.TriggerDefinition;

/**
 * Rewrites UPDATE and DELETE. When H2 can do all of it (SET to parameters or literals, a WHERE
 * without LIKE on encrypted columns, no triggers) the result is one physical statement; otherwise a
 * {@link RowwisePlan} the driver runs row by row on decrypted values. The rows it changes are read by a
 * query the rewriter plans onto the physical schema when it can (the SET expressions then computed on
 * the client); when it refuses the WHERE or a SET expression, by the application-level query
 * {@code SELECT q._ROWID_, q.c1, ..., q.cn, <SET expressions> FROM t q WHERE <where>} run through the
 * driver's query path, which evaluates WHERE and SET as H2 would. A statement neither can run is
 * refused with the rewriter's first reason.
 */
final class ModifyRewriter {

    private final CatalogSnapshot catalog;
    private final KeyRing keys;
    /**
     * Why H2 refused a value this statement bound at run time (a number compared with a text column), or
     * null: when set, the rows are read through the application query, whatever the rewriter accepts.
     */
    private final SQLFeatureNotSupportedException refusedValue;

    ModifyRewriter(CatalogSnapshot catalog, KeyRing keys) {
        this(catalog, keys, null);
    }

    ModifyRewriter(CatalogSnapshot catalog, KeyRing keys, SQLFeatureNotSupportedException refusedValue) {
        this.catalog = catalog;
        this.keys = keys;
        this.refusedValue = refusedValue;
    }

    Plan planUpdate(Update update) throws SQLException, PeelRequired {
        if (update.getFromItem() != null || (update.getJoins() != null && !update.getJoins().isEmpty())
                || update.getStartJoins() != null && !update.getStartJoins().isEmpty()) {
            throw Unsupported.construct("UPDATE with FROM or JOIN");
        }
        if (update.getReturningClause() != null || update.getLimit() != null || update.getOrderByElements() != null) {
            throw Unsupported.construct("UPDATE with RETURNING, ORDER BY or LIMIT");
        }
        EncryptedTable table = table(update.getTable());
        String qualifier = qualifier(update.getTable());
        Map<String, Integer> positions = positions(table);
        LinkedHashMap<Integer, Expression> sets = new LinkedHashMap<>();
        for (UpdateSet set : update.getUpdateSets()) {
            if (set.getColumns().size() != set.getValues().size()) {
                throw Unsupported.construct("UPDATE SET (a, b) = (subquery)");
            }
            for (int i = 0; i < set.getColumns().size(); i++) {
                Column c = set.getColumns().get(i);
                Integer pos = positions.get(Identifiers.normalize(c.getColumnName()));
                if (pos == null) {
                    throw new SQLException("Column \"" + c.getColumnName() + "\" not found", "42S22");
                }
                if (sets.containsKey(pos)) {
                    throw new SQLException("Duplicate column name \"" + table.columns().get(pos).name() + "\"",
                            "42S21", 42121);
                }
                sets.put(pos, (Expression) set.getValues().get(i));
            }
        }
        List<TriggerDefinition> triggers = catalog.triggers(table.name(), "UPDATE");
        boolean allValues = true;
        for (Expression e : sets.values()) {
            allValues &= Literals.source(e, new SqlBuilder()) != null;
        }
        if (allValues && triggers.isEmpty() && refusedValue == null) {
            SqlBuilder out = new SqlBuilder();
            out.append("UPDATE ").append(Identifiers.quote(table.name())).append(" ")
                    .append(Identifiers.quote(qualifier)).append(" SET ");
            boolean first = true;
            for (Map.Entry<Integer, Expression> s : sets.entrySet()) {
                ColumnWriter w = new ColumnWriter(table.columns().get(s.getKey()), keys);
                ValueSource src = Literals.source(s.getValue(), out);
                int start = -1;
                for (String phys : w.physicalColumns()) {
                    out.append(first ? "" : ", ").append(phys).append(" = ");
                    int n = out.parameter();
                    start = start < 0 ? n : start;
                    first = false;
                }
                int p = start;
                out.bind((params, ps) -> w.write(w.stored(src.value(params)), ps, p));
            }
            Scope scope = new Scope();
            scope.addTable(qualifier, table);
            SqlBuilder cond = out.fork();
            if (wholeInH2(new ExpressionWriter(scope, cond, keys), update.getWhere())) {
                if (update.getWhere() != null) {
                    out.append(" WHERE ").append(cond.toString());
                }
                return new WritePlan(out.toString(), out.binders, out.appParameters());
            }
        }
        return rowwise(table, qualifier, update.getWhere(), sets, triggers);
    }

    Plan planDelete(Delete delete) throws SQLException, PeelRequired {
        if (delete.getJoins() != null && !delete.getJoins().isEmpty()
                || delete.getUsingFromItemList() != null && !delete.getUsingFromItemList().isEmpty()
                || delete.getTables() != null && delete.getTables().size() > 1) {
            throw Unsupported.construct("DELETE with JOIN or USING");
        }
        if (delete.getReturningClause() != null || delete.getLimit() != null || delete.getOrderByElements() != null) {
            throw Unsupported.construct("DELETE with RETURNING, ORDER BY or LIMIT");
        }
        EncryptedTable table = table(delete.getTable());
        String qualifier = qualifier(delete.getTable());
        List<TriggerDefinition> triggers = catalog.triggers(table.name(), "DELETE");
        SqlBuilder out = new SqlBuilder();
        out.append("DELETE FROM ").append(Identifiers.quote(table.name())).append(" ")
                .append(Identifiers.quote(qualifier));
        Scope scope = new Scope();
        scope.addTable(qualifier, table);
        SqlBuilder cond = out.fork();
        if (triggers.isEmpty() && refusedValue == null
                && wholeInH2(new ExpressionWriter(scope, cond, keys), delete.getWhere())) {
            if (delete.getWhere() != null) {
                out.append(" WHERE ").append(cond.toString());
            }
            return new WritePlan(out.toString(), out.binders, out.appParameters());
        }
        return rowwise(table, qualifier, delete.getWhere(), new LinkedHashMap<>(), triggers);
    }

    /** Whether H2 evaluates {@code where} alone (written into {@code writer}'s builder); false when it refuses it. */
    private static boolean wholeInH2(ExpressionWriter writer, Expression where) throws SQLException, PeelRequired {
        if (where == null) {
            return true;
        }
        try {
            writer.condition(where, true);
        } catch (SQLFeatureNotSupportedException refused) {
            return false;
        }
        return writer.likeChecks.isEmpty();
    }

    private RowwisePlan rowwise(EncryptedTable table, String qualifier, Expression where,
            LinkedHashMap<Integer, Expression> sets, List<TriggerDefinition> triggers)
            throws SQLException, PeelRequired {
        List<ColumnWriter> writers = new ArrayList<>();
        for (Integer column : sets.keySet()) {
            writers.add(new ColumnWriter(table.columns().get(column), keys));
        }
        String writeSql;
        if (sets.isEmpty()) {
            writeSql = "DELETE FROM " + Identifiers.quote(table.name()) + " WHERE _ROWID_ = ?";
        } else {
            List<String> assigns = new ArrayList<>();
            writers.forEach(w -> w.physicalColumns().forEach(p -> assigns.add(p + " = ?")));
            writeSql = "UPDATE " + Identifiers.quote(table.name()) + " SET " + String.join(", ", assigns)
                    + " WHERE _ROWID_ = ?";
        }
        int n = table.columns().size();
        if (refusedValue != null) {
            return throughQueryPath(table, qualifier, where, sets, writers, writeSql, triggers, refusedValue);
        }
        try {
            PlainSelect ps = (PlainSelect) StatementParser.parse("SELECT * FROM " + Identifiers.quote(table.name())
                    + " " + Identifiers.quote(qualifier));
            ps.setWhere(where);
            QueryPlan select = new SelectRewriter(catalog, keys, RewriteOptions.DEFAULT).withRowId().plan(ps);
            SqlBuilder shared = new SqlBuilder();
            List<RowwisePlan.Assignment> assignments = new ArrayList<>();
            for (Map.Entry<Integer, Expression> s : sets.entrySet()) {
                assignments.add(new RowwisePlan.Assignment(s.getKey(),
                        RowExpression.compile(s.getValue(), table, shared)));
            }
            int params = Math.max(select.parameters(), shared.appParameters());
            return new RowwisePlan(table, new RowSource.Rewritten(select), n, assignments, writers, writeSql,
                    triggers, params);
        } catch (SQLFeatureNotSupportedException refused) {
            return throughQueryPath(table, qualifier, where, sets, writers, writeSql, triggers, refused);
        }
    }

    /** The row-by-row plan whose rows and SET values are read by the application query (see the class comment). */
    private RowwisePlan throughQueryPath(EncryptedTable table, String qualifier, Expression where,
            LinkedHashMap<Integer, Expression> sets, List<ColumnWriter> writers, String writeSql,
            List<TriggerDefinition> triggers, SQLFeatureNotSupportedException refused)
            throws SQLException, PeelRequired {
        int n = table.columns().size();
        String sql = applicationQuery(table, qualifier, where, sets);
        int params = applicationParameters(sql, refused);
        List<RowwisePlan.Assignment> assignments = new ArrayList<>();
        int k = 0;
        for (Integer column : sets.keySet()) {
            int index = n + k++;
            assignments.add(new RowwisePlan.Assignment(column, (row, p) -> row[index]));
        }
        return new RowwisePlan(table, new RowSource.Application(sql), n + sets.size(), assignments, writers,
                writeSql, triggers, params);
    }

    /**
     * {@code SELECT q._ROWID_, q.c1, ..., q.cn, <SET expressions> FROM t q WHERE <where>}: the SET
     * expressions come before the WHERE, as in the UPDATE, so its {@code ?} keep their order.
     */
    private static String applicationQuery(EncryptedTable table, String qualifier, Expression where,
            LinkedHashMap<Integer, Expression> sets) {
        String q = Identifiers.quote(qualifier);
        StringBuilder sql = new StringBuilder(RowSource.PHYSICAL_ROW_IDS).append("SELECT ").append(q).append("._ROWID_");
        for (EncryptedColumn c : table.columns()) {
            sql.append(", ").append(q).append('.').append(Identifiers.quote(c.name()));
        }
        for (Expression e : sets.values()) {
            sql.append(", ").append(e);
        }
        sql.append(" FROM ").append(Identifiers.quote(table.name())).append(' ').append(q);
        if (where != null) {
            sql.append(" WHERE ").append(where);
        }
        return sql.toString();
    }

    /**
     * Checks that the driver can run {@code sql} (planning it as the application's query would be) and
     * returns its parameter count; when it cannot, the statement is refused for the rewriter's reason.
     */
    private int applicationParameters(String sql, SQLFeatureNotSupportedException refused)
            throws SQLException, PeelRequired {
        try {
            return StatementRewriter.plan(sql, catalog, keys, RewriteOptions.DEFAULT).parameters();
        } catch (SQLException e) {
            refused.addSuppressed(e);
            throw refused;
        }
    }

    private EncryptedTable table(Table t) throws SQLException {
        String name = Identifiers.normalize(t.getName());
        EncryptedTable table = catalog.table(name);
        if (table == null && catalog.view(name) != null) {
            throw Unsupported.viewWrite(name);
        }
        if (table == null) {
            throw new SQLException("Table \"" + name + "\" not found (tables must be created through the Maat driver)",
                    "42S02");
        }
        return table;
    }

    private static String qualifier(Table t) {
        return t.getAlias() != null ? Identifiers.normalize(t.getAlias().getName()) : Identifiers.normalize(t.getName());
    }

    private static Map<String, Integer> positions(EncryptedTable table) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < table.columns().size(); i++) {
            m.put(table.columns().get(i).name(), i);
        }
        return m;
    }
}
