package org.maat.encdb.rewrite;

/**
 * {@code INSERT INTO t [(columns)] SELECT ...}: the query's rows, decrypted on the client, are written
 * as one batch of the VALUES insert (every onion encrypted afresh for the target columns). The
 * executor runs it as one statement (all rows or none).
 *
 * @param rows the query, planned onto the physical schema or run through the driver's query path
 * @param columns the number of columns inserted, which the query must yield
 * @param parameters the application's parameters (those of the query)
 */
public record InsertSelectPlan(RowSource rows, int columns, WritePlan insert, int parameters) implements Plan {

    @Override
    public <R> R accept(Cases<R> cases) throws java.sql.SQLException {
        return cases.insertSelect(this);
    }

    @Override
    public boolean cacheable() {
        return true;
    }

    /** H2's error when the query yields {@code selected} columns instead of {@link #columns}. */
    public java.sql.SQLException columnCountMismatch(int selected) {
        return InsertRewriter.columnCount(columns, selected);
    }
}
