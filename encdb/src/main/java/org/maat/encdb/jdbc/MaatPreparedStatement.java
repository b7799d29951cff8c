package org.maat.encdb.jdbc;

import java.math.BigDecimal;
import java.sql.Date;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.ValueSource;
import org.maat.encdb.schema.SqlValues;
import org.maat.encdb.rewrite.WritePlan;

/**
 * A prepared statement of the encrypted layer: parsed and rewritten at prepare time (syntax errors
 * and unsupported constructs surface here), its parameters encrypted per execution; batches of
 * INSERT/UPDATE/DELETE go to H2 as one physical batch.
 */
public final class MaatPreparedStatement extends UnsupportedPreparedStatement {

    private final String sql;
    private Object[] params;
    private final List<Object[]> batch = new ArrayList<>();

    MaatPreparedStatement(MaatConnection conn, String sql) throws SQLException {
        super(conn);
        this.sql = sql;
        conn.enter();
        try {
            this.params = new Object[conn.plan(sql).parameters()];
            Arrays.fill(params, ValueSource.Unset.UNSET);
        } finally {
            conn.exit();
        }
    }

    private void set(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > params.length) {
            throw new SQLException("parameter index " + index + " out of range 1.." + params.length, "90008");
        }
        params[index - 1] = value;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        if (!run(sql, params)) {
            throw new SQLException("not a query: " + sql, "07001");
        }
        return getResultSet();
    }

    @Override
    public int executeUpdate() throws SQLException {
        if (run(sql, params)) {
            throw new SQLException("a query cannot be run with executeUpdate: " + sql, "07001");
        }
        return getUpdateCount();
    }

    @Override
    public boolean execute() throws SQLException {
        return run(sql, params);
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        batch.add(params.clone());
    }

    @Override
    public void clearBatch() {
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        checkOpen();
        try {
            return executeBatchOfPlan();
        } catch (SQLException e) {
            throw ApplicationErrors.fromH2(e, sql, conn.catalog());
        } catch (RuntimeException e) {
            throw ApplicationErrors.internal(e, sql);
        }
    }

    private int[] executeBatchOfPlan() throws SQLException {
        try {
            if (batch.isEmpty()) {
                return new int[0];
            }
            conn.enter();
            try {
                Optional<WritePlan> write = conn.plan(sql).batchWrite();
                if (write.isPresent()) {
                    int[] counts = conn.executor().writeBatch(write.get(), batch);
                    conn.wrote();
                    return counts;
                }
            } finally {
                conn.exit();
            }
            int[] counts = new int[batch.size()];
            for (int i = 0; i < counts.length; i++) {
                params = batch.get(i);
                counts[i] = executeUpdate();
            }
            return counts;
        } finally {
            batch.clear();
        }
    }

    @Override
    public void clearParameters() {
        Arrays.fill(params, ValueSource.Unset.UNSET);
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        conn.enter();
        try {
            Plan plan = conn.plan(sql);
            if (plan instanceof SplitPlan split) {
                return conn.executor().splitMetaData(split);
            }
            Optional<QueryPlan> query = plan.resultQuery();
            if (query.isEmpty()) {
                return null;
            }
            return new MaatResultSetMetaData(query.get(), conn.executor().prepare(query.get().sql()).getMetaData());
        } finally {
            conn.exit();
        }
    }

    @Override
    public void setNull(int i, int sqlType) throws SQLException {
        set(i, null);
    }

    @Override
    public void setNull(int i, int sqlType, String typeName) throws SQLException {
        set(i, null);
    }

    @Override
    public void setBoolean(int i, boolean x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setByte(int i, byte x) throws SQLException {
        set(i, (int) x);
    }

    @Override
    public void setShort(int i, short x) throws SQLException {
        set(i, (int) x);
    }

    @Override
    public void setInt(int i, int x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setLong(int i, long x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setFloat(int i, float x) throws SQLException {
        set(i, (double) x);
    }

    @Override
    public void setDouble(int i, double x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setBigDecimal(int i, BigDecimal x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setNString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setDate(int i, Date x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setDate(int i, Date x, java.util.Calendar cal) throws SQLException {
        set(i, x);
    }

    @Override
    public void setTime(int i, Time x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setTimestamp(int i, Timestamp x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setTimestamp(int i, Timestamp x, java.util.Calendar cal) throws SQLException {
        set(i, x);
    }

    @Override
    public void setObject(int i, Object x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType) throws SQLException {
        set(i, SqlValues.toSqlType(x, targetSqlType));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        set(i, SqlValues.toSqlType(x, targetSqlType)); // H2 ignores the scale or length here too
    }
}
