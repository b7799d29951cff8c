package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Values;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;

/**
 * Rewrites {@code INSERT INTO t [(columns)] VALUES (...)[, (...)]}: every column of the table is
 * written with all its onions at their current layers (unlisted columns as NULL), values encrypted
 * on the client by {@link ColumnWriter}.
 */
final class InsertRewriter {

    private final CatalogSnapshot catalog;
    private final KeyRing keys;

    InsertRewriter(CatalogSnapshot catalog, KeyRing keys) {
        this.catalog = catalog;
        this.keys = keys;
    }

    Plan planAny(Insert insert) throws SQLException, PeelRequired {
        if (insert.getSelect() == null || insert.getSelect() instanceof Values) {
            return plan(insert);
        }
        String name = Identifiers.normalize(insert.getTable().getName());
        EncryptedTable table = catalog.table(name);
        if (table == null && catalog.view(name) != null) {
            throw Unsupported.viewWrite(name);
        }
        if (table == null) {
            throw new SQLException("Table \"" + name + "\" not found", "42S02");
        }
        int n = insert.getColumns() == null ? table.columns().size() : insert.getColumns().size();
        RowSource rows;
        int parameters;
        try {
            if (!(insert.getSelect() instanceof PlainSelect ps)) {
                throw Unsupported.construct(insert.getSelect().getClass().getSimpleName()
                        .replaceAll("([a-z])([A-Z])", "$1 $2").toUpperCase(java.util.Locale.ROOT)
                        + " (UNION, WITH, VALUES and parenthesized queries)");
            }
            QueryPlan select = new SelectRewriter(catalog, keys, RewriteOptions.DEFAULT).plan(ps);
            if (n != select.visible()) {
                throw columnCount(n, select.visible());
            }
            rows = new RowSource.Rewritten(select);
            parameters = select.parameters();
        } catch (SQLFeatureNotSupportedException refused) {
            // The driver's query path may still run it (split between H2 and the client).
            String sql = insert.getSelect().toString();
            try {
                parameters = StatementRewriter.plan(sql, catalog, keys, RewriteOptions.DEFAULT).parameters();
            } catch (SQLException e) {
                refused.addSuppressed(e);
                throw refused;
            }
            rows = new RowSource.Application(sql);
        }
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(Identifiers.quote(name));
        if (insert.getColumns() != null) {
            sql.append(" (");
            for (int i = 0; i < n; i++) {
                sql.append(i == 0 ? "" : ", ").append(Identifiers.quote(
                        Identifiers.normalize(insert.getColumns().get(i).getColumnName())));
            }
            sql.append(")");
        }
        sql.append(" VALUES (").append("?, ".repeat(n - 1)).append("?)");
        WritePlan values = plan((Insert) StatementParser.parse(sql.toString()));
        return new InsertSelectPlan(rows, n, values, parameters);
    }

    /** H2's error for an INSERT whose query yields another number of columns than it inserts. */
    static SQLException columnCount(int columns, int selected) {
        return new SQLException("Column count does not match: " + columns + " columns, " + selected + " selected",
                "21S02");
    }

    /** As H2: a row of other width than the view's columns is 21S02 first; else the view is not writable (HYC00). */
    private SQLException viewInsert(String name, Insert insert) throws SQLException {
        if (insert.getColumns() == null && insert.getSelect() instanceof Values values
                && StatementParser.parse(catalog.view(name).selectSql()) instanceof PlainSelect view
                && view.getSelectItems().stream().noneMatch(i -> i.getExpression()
                        instanceof net.sf.jsqlparser.statement.select.AllColumns)) {
            ExpressionList<?> exprs = values.getExpressions();
            int width = !exprs.isEmpty() && exprs.get(0) instanceof ParenthesedExpressionList<?> first
                    && exprs.stream().allMatch(e -> e instanceof ParenthesedExpressionList<?>) ? first.size()
                    : exprs.size();
            if (width != view.getSelectItems().size()) {
                return columnCount(view.getSelectItems().size(), width);
            }
        }
        return Unsupported.viewWrite(name);
    }

    WritePlan plan(Insert insert) throws SQLException {
        String name = Identifiers.normalize(insert.getTable().getName());
        EncryptedTable table = catalog.table(name);
        if (table == null && catalog.view(name) != null) {
            throw viewInsert(name, insert);
        }
        if (table == null) {
            throw new SQLException("Table \"" + name + "\" not found (tables must be created through the Maat driver)",
                    "42S02");
        }
        if (!(insert.getSelect() instanceof Values values)) {
            throw Unsupported.construct("INSERT ... " + insert.getSelect().getClass().getSimpleName());
        }
        if (insert.getDuplicateUpdateSets() != null || insert.getConflictAction() != null
                || insert.getReturningClause() != null) {
            throw Unsupported.construct("INSERT with ON DUPLICATE/ON CONFLICT/RETURNING");
        }
        List<EncryptedColumn> targets = new ArrayList<>();
        if (insert.getColumns() == null) {
            targets.addAll(table.columns());
        } else {
            for (Column c : insert.getColumns()) {
                EncryptedColumn col = table.column(Identifiers.normalize(c.getColumnName()));
                if (col == null) {
                    throw new SQLException("Column \"" + c.getColumnName() + "\" not found", "42S22");
                }
                if (targets.contains(col)) {
                    throw new SQLException("Duplicate column name \"" + col.name() + "\"", "42121");
                }
                targets.add(col);
            }
        }
        List<List<Expression>> rows = new ArrayList<>();
        ExpressionList<?> exprs = values.getExpressions();
        boolean multi = !exprs.isEmpty() && exprs.stream().allMatch(e -> e instanceof ParenthesedExpressionList<?>)
                && (targets.size() != 1 || exprs.size() > 1);
        if (multi) {
            for (Expression e : exprs) {
                rows.add(new ArrayList<>((ParenthesedExpressionList<?>) e));
            }
        } else {
            rows.add(new ArrayList<>(exprs));
        }
        // Columns not listed: plaintext ones keep H2's DEFAULT; encrypted ones are NULL.
        List<EncryptedColumn> written = new ArrayList<>(targets);
        for (EncryptedColumn c : table.columns()) {
            if (!written.contains(c) && !c.plaintext()) {
                written.add(c);
            }
        }
        List<ColumnWriter> writers = new ArrayList<>();
        for (EncryptedColumn c : written) {
            writers.add(new ColumnWriter(c, keys));
        }
        SqlBuilder out = new SqlBuilder();
        List<String> physical = new ArrayList<>();
        writers.forEach(w -> physical.addAll(w.physicalColumns()));
        out.append("INSERT INTO ").append(Identifiers.quote(name)).append(" (").append(String.join(", ", physical))
                .append(") VALUES ");
        for (int r = 0; r < rows.size(); r++) {
            List<Expression> row = rows.get(r);
            if (row.size() != targets.size()) {
                throw new SQLException("Column count does not match: " + targets.size() + " columns, " + row.size()
                        + " values", "21S02");
            }
            out.append(r == 0 ? "(" : ", (");
            for (int i = 0; i < writers.size(); i++) {
                ColumnWriter w = writers.get(i);
                ValueSource src;
                if (i < targets.size()) {
                    src = Literals.source(row.get(i), out);
                    if (src == null) {
                        if (w.column().plaintext() && !(row.get(i) instanceof Column)) {
                            src = null; // written as it is below
                        } else {
                            throw Unsupported.onColumn(w.column().qualifiedName(),
                                    "inserting " + ExpressionWriter.describe(row.get(i)));
                        }
                    }
                } else {
                    src = ValueSource.constant(null);
                }
                if (src == null) {
                    out.append(i == 0 ? "" : ", ");
                    new ExpressionWriter(new Scope(), out, keys).plain(row.get(i));
                    continue;
                }
                int first = -1;
                for (int k = 0; k < w.physicalColumns().size(); k++) {
                    out.append(i == 0 && k == 0 ? "" : ", ");
                    int n = out.parameter();
                    first = first < 0 ? n : first;
                }
                int firstParam = first;
                ValueSource source = src;
                out.bind((params, ps) -> w.write(w.stored(source.value(params)), ps, firstParam));
            }
            out.append(")");
        }
        return new WritePlan(out.toString(), out.binders, out.appParameters());
    }
}
