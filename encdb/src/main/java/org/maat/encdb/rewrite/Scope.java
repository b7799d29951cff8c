package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.schema.Column;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;

/**
 * The tables a statement reads, by the qualifier the application uses for them, and the columns of
 * expanded views: resolves the application's column references to encrypted columns and the physical
 * qualifier to write in the rewritten statement.
 */
final class Scope {

    /** A table in FROM: the physical alias written in the rewritten SQL and the logical table. */
    record TableRef(String alias, EncryptedTable table) {
    }

    /** A resolved column: where it is and what it is. */
    record ColumnRef(TableRef ref, EncryptedColumn column) {

        /** {@code "ALIAS"."C3_EQ"} (or the plaintext column). */
        String physical(org.maat.encdb.onion.Onion onion) {
            return Identifiers.quote(ref.alias()) + "." + Identifiers.quote(column.physical(onion));
        }

        String plain() {
            return Identifiers.quote(ref.alias()) + "." + column.plainColumn();
        }

        String iv() {
            return Identifiers.quote(ref.alias()) + "." + Identifiers.quote(column.ivColumn());
        }

        String name() {
            return column.qualifiedName();
        }
    }

    /** The application-visible tables (views count as one, by their alias), in FROM order. */
    private final Map<String, List<ColumnRef>> visible = new LinkedHashMap<>();
    /** For a view's qualifier, its output column names (parallel to its entry in {@link #visible}). */
    private final Map<String, List<String>> viewNames = new LinkedHashMap<>();
    private final List<TableRef> physical = new ArrayList<>();

    /** Adds a base table under the qualifier the application uses. */
    TableRef addTable(String qualifier, EncryptedTable table) throws SQLException {
        return addTable(qualifier, qualifier, table);
    }

    /** Adds a base table visible as {@code qualifier}, written as {@code alias} in the physical SQL. */
    TableRef addTable(String qualifier, String alias, EncryptedTable table) throws SQLException {
        TableRef ref = new TableRef(alias, table);
        physical.add(ref);
        List<ColumnRef> cols = new ArrayList<>();
        for (EncryptedColumn c : table.columns()) {
            cols.add(new ColumnRef(ref, c));
        }
        putVisible(qualifier, cols);
        return ref;
    }

    /** Adds a base table of an expanded view: not visible to the application by itself. */
    TableRef addHidden(String alias, EncryptedTable table) {
        TableRef ref = new TableRef(alias, table);
        physical.add(ref);
        return ref;
    }

    /** Makes a view's output columns visible under the view's qualifier. */
    void addView(String qualifier, LinkedHashMap<String, ColumnRef> columns) throws SQLException {
        putVisible(qualifier, new ArrayList<>(columns.values()));
        viewNames.put(qualifier, new ArrayList<>(columns.keySet()));
    }

    private void putVisible(String qualifier, List<ColumnRef> cols) throws SQLException {
        if (visible.containsKey(qualifier)) {
            throw new SQLException("Duplicate table alias " + qualifier, "42000");
        }
        visible.put(qualifier, cols);
    }

    List<TableRef> tables() {
        return physical;
    }

    /** Every visible column in FROM order ({@code SELECT *}), with the names the application sees. */
    List<Map.Entry<String, ColumnRef>> allColumns(String qualifier) throws SQLException {
        List<Map.Entry<String, ColumnRef>> out = new ArrayList<>();
        for (Map.Entry<String, List<ColumnRef>> e : visible.entrySet()) {
            if (qualifier != null && !e.getKey().equals(qualifier)) {
                continue;
            }
            List<String> names = viewNames.get(e.getKey());
            for (int i = 0; i < e.getValue().size(); i++) {
                ColumnRef c = e.getValue().get(i);
                out.add(Map.entry(names == null ? c.column().name() : names.get(i), c));
            }
        }
        if (qualifier != null && out.isEmpty() && !visible.containsKey(qualifier)) {
            throw new SQLException("Table \"" + qualifier + "\" not found", "42S02");
        }
        return out;
    }

    /** The column a reference names. */
    ColumnRef resolve(Column column) throws SQLException {
        String name = Identifiers.normalize(column.getColumnName());
        String qualifier = column.getTable() == null || column.getTable().getName() == null ? null
                : Identifiers.normalize(column.getTable().getName());
        ColumnRef found = null;
        for (Map.Entry<String, List<ColumnRef>> e : visible.entrySet()) {
            if (qualifier != null && !e.getKey().equals(qualifier)) {
                continue;
            }
            List<String> names = viewNames.get(e.getKey());
            for (int i = 0; i < e.getValue().size(); i++) {
                ColumnRef c = e.getValue().get(i);
                String visibleName = names == null ? c.column().name() : names.get(i);
                if (visibleName.equals(name)) {
                    if (found != null) {
                        throw new SQLException("Ambiguous column name \"" + name + "\"", "90059");
                    }
                    found = c;
                }
            }
        }
        if (found == null && name.equals("_ROWID_")) {
            // Not an onion column: a split ships the row id to the client (as MAAT_ROWID) and answers there.
            throw Unsupported.construct("_ROWID_ in a query H2 runs over the onions (the split reads it)");
        }
        if (found == null) {
            throw new SQLException("Column \"" + (qualifier == null ? "" : qualifier + ".") + name + "\" not found",
                    "42S22");
        }
        return found;
    }

    /** Resolves a column of a view's own FROM (its internal aliases), used while expanding it. */
    static ColumnRef resolveIn(Map<String, TableRef> tables, Column column) throws SQLException {
        String name = Identifiers.normalize(column.getColumnName());
        String qualifier = column.getTable() == null || column.getTable().getName() == null ? null
                : Identifiers.normalize(column.getTable().getName());
        ColumnRef found = null;
        for (Map.Entry<String, TableRef> e : tables.entrySet()) {
            if (qualifier != null && !e.getKey().equals(qualifier)) {
                continue;
            }
            EncryptedColumn c = e.getValue().table().column(name);
            if (c != null) {
                if (found != null) {
                    throw new SQLException("Ambiguous column name \"" + name + "\" in view", "90059");
                }
                found = new ColumnRef(e.getValue(), c);
            }
        }
        if (found == null) {
            throw new SQLException("Column \"" + name + "\" not found in view", "42S22");
        }
        return found;
    }
}
