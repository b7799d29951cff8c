package org.maat.encdb.rewrite;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.TriggerDefinition;

/**
 * An UPDATE or DELETE the driver runs row by row: it reads the target rows (their row ids and decrypted
 * values), computes each new row on the client, writes it by row id, and fires the table's triggers
 * with the decrypted old and new rows. Used when H2 alone cannot do it: SET expressions over encrypted
 * values, a WHERE H2 cannot evaluate over ciphertext (LIKE, expressions, subqueries), or triggers.
 * The executor runs the whole of it as one statement (all rows or none).
 *
 * @param rows result column 1 is the row id, then the table's columns in order, then (when the source
 *     is the application-level query) one column per SET expression, evaluated by that query
 * @param selectedColumns the number of result columns after the row id
 * @param assignments for UPDATE, the new values, evaluated on the selected row (the columns after the
 *     row id); empty for DELETE
 */
public record RowwisePlan(EncryptedTable table, RowSource rows, int selectedColumns, List<Assignment> assignments,
        List<ColumnWriter> writers, String writeSql, List<TriggerDefinition> triggers, int parameters) implements Plan {

    public RowwisePlan {
        assignments = List.copyOf(assignments);
        writers = List.copyOf(writers);
        triggers = List.copyOf(triggers);
    }

    @Override
    public <R> R accept(Cases<R> cases) throws SQLException {
        return cases.rowwise(this);
    }

    @Override
    public boolean cacheable() {
        return true;
    }

    /** {@code SET column = expression}, evaluated on the selected old row. */
    public record Assignment(int columnIndex, RowExpression value) {
    }

    public boolean isDelete() {
        return assignments.isEmpty();
    }

    /**
     * Binds the physical write for one row: every written column's onions, then the row id.
     *
     * @param newRow the row after assignments, stored values in table column order
     */
    public void bindWrite(PreparedStatement ps, Object[] newRow, Object rowId) throws SQLException {
        int p = 1;
        for (ColumnWriter w : writers) {
            int index = table.columns().indexOf(table.column(w.column().name()));
            w.write(newRow[index], ps, p);
            p += w.physicalColumns().size();
        }
        ps.setObject(p, rowId);
    }

    /** The columns an UPDATE writes, in the order of {@link #bindWrite}. */
    public List<EncryptedColumn> writtenColumns() {
        return writers.stream().map(ColumnWriter::column).toList();
    }

    /** Converts and checks an assigned value as the column stores it. */
    public Object stored(int columnIndex, Object value) throws SQLException {
        for (ColumnWriter w : writers) {
            if (w.column().name().equals(table.columns().get(columnIndex).name())) {
                return w.stored(value);
            }
        }
        throw new IllegalStateException("no writer for column " + columnIndex);
    }
}
