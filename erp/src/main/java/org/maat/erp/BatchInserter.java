package org.maat.erp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Inserts rows into one table with a single PreparedStatement in JDBC batches, committing after each
 * batch, so a load of millions of rows needs neither one round trip per row nor one huge transaction.
 * Not thread-safe: one per connection.
 */
final class BatchInserter implements AutoCloseable {

    private final Connection conn;
    private final PreparedStatement insert;
    private final int columns;
    private final int batchSize;
    private final LongConsumer progress;
    private int pending;
    private long rows;

    BatchInserter(Connection conn, String table, List<String> columns, int batchSize, LongConsumer progress)
            throws SQLException {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1");
        }
        this.conn = conn;
        this.columns = columns.size();
        this.batchSize = batchSize;
        this.progress = progress;
        conn.setAutoCommit(false);
        this.insert = conn.prepareStatement(insertSql(table, columns));
    }

    static String insertSql(String table, List<String> columns) {
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    }

    void add(Object[] row) throws SQLException {
        if (row.length != columns) {
            throw new IllegalArgumentException("row has " + row.length + " values for " + columns + " columns");
        }
        for (int i = 0; i < row.length; i++) {
            insert.setObject(i + 1, row[i]);
        }
        insert.addBatch();
        if (++pending == batchSize) {
            flush();
        }
    }

    /** Sends the pending batch and commits it. */
    void flush() throws SQLException {
        if (pending == 0) {
            return;
        }
        insert.executeBatch();
        conn.commit();
        rows += pending;
        progress.accept(pending);
        pending = 0;
    }

    long rows() {
        return rows;
    }

    /** Flushes what is pending, then closes the statement (not the connection). */
    @Override
    public void close() throws SQLException {
        try {
            flush();
        } finally {
            insert.close();
        }
    }
}
