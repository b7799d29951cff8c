package org.maat.encdb.rewrite;

import java.sql.SQLException;
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
 * {@link RowwisePlan} the driver runs row by row on decrypted values.
 */
final class ModifyRewriter {

    private final CatalogSnapshot catalog;
    private final KeyRing keys;

    ModifyRewriter(CatalogSnapshot catalog, KeyRing keys) {
        this.catalog = catalog;
        this.keys = keys;
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
                sets.put(pos, (Expression) set.getValues().get(i));
            }
        }
        List<TriggerDefinition> triggers = catalog.triggers(table.name(), "UPDATE");
        boolean allValues = true;
        for (Expression e : sets.values()) {
            allValues &= Literals.source(e, new SqlBuilder()) != null;
        }
        if (allValues && triggers.isEmpty()) {
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
            ExpressionWriter where = new ExpressionWriter(scope, out.fork(), keys);
            SqlBuilder cond = out.fork();
            where = new ExpressionWriter(scope, cond, keys);
            if (update.getWhere() != null) {
                where.condition(update.getWhere(), true);
            }
            if (where.likeChecks.isEmpty()) {
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
        ExpressionWriter where = new ExpressionWriter(scope, cond, keys);
        if (delete.getWhere() != null) {
            where.condition(delete.getWhere(), true);
        }
        if (where.likeChecks.isEmpty() && triggers.isEmpty()) {
            if (delete.getWhere() != null) {
                out.append(" WHERE ").append(cond.toString());
            }
            return new WritePlan(out.toString(), out.binders, out.appParameters());
        }
        return rowwise(table, qualifier, delete.getWhere(), new LinkedHashMap<>(), triggers);
    }

    private RowwisePlan rowwise(EncryptedTable table, String qualifier, Expression where,
            LinkedHashMap<Integer, Expression> sets, List<TriggerDefinition> triggers)
            throws SQLException, PeelRequired {
        PlainSelect ps = (PlainSelect) StatementParser.parse("SELECT * FROM " + Identifiers.quote(table.name()) + " "
                + Identifiers.quote(qualifier));
        ps.setWhere(where);
        QueryPlan select = new SelectRewriter(catalog, keys, RewriteOptions.DEFAULT).withRowId().plan(ps);
        SqlBuilder shared = new SqlBuilder();
        List<RowwisePlan.Assignment> assignments = new ArrayList<>();
        List<ColumnWriter> writers = new ArrayList<>();
        Map<String, Integer> positions = positions(table);
        for (Map.Entry<Integer, Expression> s : sets.entrySet()) {
            assignments.add(new RowwisePlan.Assignment(s.getKey(),
                    RowExpression.compile(s.getValue(), positions, shared)));
            writers.add(new ColumnWriter(table.columns().get(s.getKey()), keys));
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
        int params = Math.max(select.parameters(), shared.appParameters());
        return new RowwisePlan(table, select, assignments, writers, writeSql, triggers, params);
    }

    private EncryptedTable table(Table t) throws SQLException {
        String name = Identifiers.normalize(t.getName());
        EncryptedTable table = catalog.table(name);
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
