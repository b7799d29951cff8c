package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.maat.encdb.rewrite.DdlPlan;
import org.maat.encdb.rewrite.InsertSelectPlan;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.RowwisePlan;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.rewrite.WritePlan;

/**
 * A statement of the encrypted layer: each SQL text is rewritten (once, then cached by text) and run
 * on H2; results come back decrypted.
 */
public class MaatStatement extends UnsupportedStatement {

    final MaatConnection conn;
    private MaatResultSet current;
    private int updateCount = -1;
    private int maxRows;
    private boolean closed;
    private final List<String> batch = new ArrayList<>();

    MaatStatement(MaatConnection conn) {
        this.conn = conn;
    }

    /** Runs {@code sql} with {@code params}; true when it produced a result set. */
    boolean run(String sql, Object[] params) throws SQLException {
        checkOpen();
        closeCurrent();
        updateCount = -1;
        try {
            return execute(sql, params);
        } catch (SQLException e) {
            throw ApplicationErrors.bounded(ApplicationErrors.fromH2(e, sql, conn.catalog()));
        } catch (RuntimeException e) {
            throw ApplicationErrors.internal(e, sql);
        } catch (StackOverflowError e) {
            throw ApplicationErrors.tooDeep(sql);
        }
    }

    private boolean execute(String sql, Object[] params) throws SQLException {
        conn.enter();
        try {
            return conn.plan(sql).accept(new Run(sql, params));
        } finally {
            conn.exit();
        }
    }

    /**
     * Runs one plan of this statement: the one place that tells plans apart. A query leaves its result
     * set in {@code current} (true); anything else leaves an update count (false).
     */
    private final class Run implements Plan.Cases<Boolean> {
        private final String sql;
        private final Object[] params;
        private final PlanExecutor executor = conn.executor();
        private final SchemaChanges schema = conn.schemaChanges();

        Run(String sql, Object[] params) {
            this.sql = sql;
            this.params = params;
        }

        private Boolean wrote(int count) throws SQLException {
            updateCount = count;
            conn.wrote();
            return false;
        }

        private Boolean changedSchema() {
            updateCount = 0;
            return false;
        }

        @Override
        public Boolean query(QueryPlan plan) throws SQLException {
            try {
                current = executor.query(plan, params, MaatStatement.this, maxRows);
                return true;
            } catch (SQLFeatureNotSupportedException refused) {
                // H2 could not take a value of this execution (a LIKE pattern without a searchable word):
                // the query runs split, with the condition evaluated on the client.
                return split(conn.splitPlan(sql, refused));
            }
        }

        @Override
        public Boolean split(SplitPlan plan) throws SQLException {
            current = executor.split(plan, params, MaatStatement.this, maxRows);
            return true;
        }

        @Override
        public Boolean explain(Plan.Explain plan) throws SQLException {
            current = executor.explain(plan, MaatStatement.this);
            return true;
        }

        @Override
        public Boolean write(WritePlan plan) throws SQLException {
            try {
                return wrote(executor.write(plan, params));
            } catch (SQLFeatureNotSupportedException refused) {
                return byQueryPath(refused);
            }
        }

        /**
         * H2 could not take a value of this execution (a number compared with a text column): an UPDATE or
         * DELETE reads its rows through the application query instead, whose comparisons the query path runs
         * as H2 would; anything else is refused.
         */
        private Boolean byQueryPath(SQLFeatureNotSupportedException refused) throws SQLException {
            Plan plan = conn.rowwisePlan(sql, refused);
            if (!(plan instanceof RowwisePlan rowwise)) {
                throw refused;
            }
            return wrote(executor.rowwise(rowwise, params));
        }

        @Override
        public Boolean insertSelect(InsertSelectPlan plan) throws SQLException {
            return wrote(executor.insertSelect(plan, params));
        }

        @Override
        public Boolean rowwise(RowwisePlan plan) throws SQLException {
            try {
                return wrote(executor.rowwise(plan, params));
            } catch (SQLFeatureNotSupportedException refused) {
                if (plan.rows() instanceof org.maat.encdb.rewrite.RowSource.Application) {
                    throw refused;
                }
                return byQueryPath(refused);
            }
        }

        @Override
        public Boolean call(Plan.Call plan) throws SQLException {
            conn.routines().call(plan, params);
            return wrote(0);
        }

        @Override
        public Boolean ddl(DdlPlan plan) throws SQLException {
            schema.ddl(plan);
            return changedSchema();
        }

        @Override
        public Boolean createView(Plan.CreateView plan) throws SQLException {
            schema.createView(plan);
            return changedSchema();
        }

        @Override
        public Boolean createRoutine(Plan.CreateRoutine plan) throws SQLException {
            schema.createRoutine(plan);
            return changedSchema();
        }

        @Override
        public Boolean createTrigger(Plan.CreateTrigger plan) throws SQLException {
            schema.createTrigger(plan);
            return changedSchema();
        }

        @Override
        public Boolean drop(Plan.Drop plan) throws SQLException {
            schema.drop(plan);
            return changedSchema();
        }

        @Override
        public Boolean passThrough(Plan.PassThrough plan) throws SQLException {
            schema.passThrough(plan);
            return changedSchema();
        }
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("statement is closed", "HY010");
        }
        conn.checkOpen();
    }

    private void closeCurrent() throws SQLException {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        if (!run(sql, new Object[0])) {
            throw new SQLException("not a query: " + sql, "07001");
        }
        return current;
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        if (run(sql, new Object[0])) {
            throw new SQLException("a query cannot be run with executeUpdate: " + sql, "07001");
        }
        return updateCount;
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return run(sql, new Object[0]);
    }

    @Override
    public ResultSet getResultSet() {
        return current;
    }

    @Override
    public int getUpdateCount() {
        return current != null ? -1 : updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        closeCurrent();
        updateCount = -1;
        return false;
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        batch.add(sql);
    }

    @Override
    public void clearBatch() {
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        int[] counts = new int[batch.size()];
        try {
            for (int i = 0; i < counts.length; i++) {
                counts[i] = executeUpdate(batch.get(i));
            }
        } finally {
            batch.clear();
        }
        return counts;
    }

    @Override
    public void close() throws SQLException {
        if (!closed) {
            closeCurrent();
            closed = true;
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public Connection getConnection() {
        return conn;
    }

    @Override
    public int getMaxRows() {
        return maxRows;
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        if (max < 0) {
            throw new SQLException("max rows must be >= 0", "HY024");
        }
        maxRows = max;
    }

    @Override
    public int getQueryTimeout() {
        return 0;
    }

    @Override
    public void setQueryTimeout(int seconds) {
        // Timeouts are not enforced: peels and decryption are not interruptible mid-row.
    }

    @Override
    public int getFetchSize() {
        return 0;
    }

    @Override
    public void setFetchSize(int rows) {
        // H2 embedded results are local; nothing to tune.
    }

    @Override
    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != ResultSet.FETCH_FORWARD) {
            throw new java.sql.SQLFeatureNotSupportedException("only FETCH_FORWARD");
        }
    }

    @Override
    public int getResultSetConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // no warnings are kept
    }

    @Override
    public void setEscapeProcessing(boolean enable) {
        // JDBC escapes are not rewritten; the SQL goes to the parser as written.
    }

    @Override
    public int getMaxFieldSize() {
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) {
        // values are returned whole
    }

    @Override
    public void setPoolable(boolean poolable) {
        // not pooled
    }

    @Override
    public boolean isPoolable() {
        return false;
    }

    @Override
    public void closeOnCompletion() {
        // statements are closed by the application
    }

    @Override
    public boolean isCloseOnCompletion() {
        return false;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
