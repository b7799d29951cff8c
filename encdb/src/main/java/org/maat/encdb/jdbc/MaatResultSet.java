package org.maat.encdb.jdbc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.ResultColumn;
import org.maat.encdb.schema.SqlValues;

/**
 * A decrypted result. Streaming results decrypt lazily: a column is decrypted when the application
 * first reads it in the current row, so unread columns cost nothing. Results that needed client-side
 * steps arrive already decrypted. Forward-only and read-only.
 */
public final class MaatResultSet extends UnsupportedResultSet {

    /** The metadata of a streaming result, asked for only when the application asks. */
    @FunctionalInterface
    interface MetaDataSource {
        ResultSetMetaData get() throws SQLException;
    }

    /** Releases the physical result. */
    @FunctionalInterface
    interface Closer {
        void close() throws SQLException;
    }

    private final MaatStatement statement;
    private final Object[] params;
    private ResultSetMetaData metaData;
    private final MetaDataSource metaDataSource;
    private final QueryPlan plan;
    private final List<ResultColumn> columns;
    private final ResultSet physical;
    private final Closer closer;
    private final List<Object[]> rows;
    private final int maxRows;
    private final Object[] values;
    private final boolean[] decoded;
    private final ShippingStats shipping;
    private boolean[] binaryColumns;
    private int row;
    private boolean closed;
    private boolean lastWasNull;

    MaatResultSet(MaatStatement statement, QueryPlan plan, Object[] params, ResultSet physical, int maxRows,
            ShippingStats shipping, MetaDataSource metaData, Closer closer) {
        this.statement = statement;
        this.params = params;
        this.metaData = null; // asked for on first request
        this.metaDataSource = metaData;
        this.plan = plan;
        this.columns = plan.columns();
        this.physical = physical;
        this.closer = closer;
        this.rows = null;
        this.maxRows = maxRows;
        this.values = new Object[plan.visible()];
        this.decoded = new boolean[plan.visible()];
        this.shipping = shipping;
    }

    MaatResultSet(MaatStatement statement, QueryPlan plan, MaatResultSetMetaData metaData, List<Object[]> rows,
            int maxRows) {
        this.statement = statement;
        this.params = new Object[0];
        this.metaData = metaData;
        this.metaDataSource = null;
        this.plan = plan;
        this.columns = plan.columns();
        this.physical = null;
        this.closer = null;
        this.rows = rows;
        this.maxRows = maxRows;
        this.values = new Object[plan.visible()];
        this.decoded = new boolean[plan.visible()];
        this.shipping = null; // counted as the rows were read from H2
    }

    /** Rows computed on the client (a split query's, EXPLAIN's), described by {@code metaData}. */
    MaatResultSet(MaatStatement statement, ResultSetMetaData metaData, List<Object[]> rows, int maxRows)
            throws SQLException {
        this.statement = statement;
        this.params = new Object[0];
        this.metaData = metaData;
        this.metaDataSource = null;
        this.plan = null;
        this.columns = null;
        this.physical = null;
        this.closer = null;
        this.rows = rows;
        this.maxRows = maxRows;
        this.values = new Object[metaData.getColumnCount()];
        this.decoded = new boolean[values.length];
        this.shipping = null; // the scans were counted as H2 shipped them
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (maxRows > 0 && row >= maxRows) {
            return false;
        }
        java.util.Arrays.fill(decoded, false);
        if (rows != null) {
            if (row >= rows.size()) {
                row = rows.size() + 1;
                return false;
            }
            Object[] r = rows.get(row++);
            System.arraycopy(r, 0, values, 0, values.length);
            java.util.Arrays.fill(decoded, true);
            return true;
        }
        if (physical.next()) {
            row++;
            if (shipping != null) {
                binaryColumns = shipping.count(physical, binaryColumns);
            }
            return true;
        }
        return false;
    }

    private Object value(int column) throws SQLException {
        checkOpen();
        if (column < 1 || column > values.length) {
            throw new SQLException("column index " + column + " out of range 1.." + values.length, "90009");
        }
        if (row == 0 || (rows != null && row > rows.size())) {
            throw new SQLException("no current row", "02000");
        }
        int i = column - 1;
        if (!decoded[i]) {
            try {
                values[i] = columns.get(i).decode(physical, params);
            } catch (RuntimeException e) {
                throw ApplicationErrors.internal(e, "decrypting column " + column + " (" + columns.get(i).label() + ")");
            }
            decoded[i] = true;
        }
        lastWasNull = values[i] == null;
        return values[i];
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("result set is closed", "HY010");
        }
    }

    @Override
    public void close() throws SQLException {
        if (!closed) {
            closed = true;
            if (closer != null) {
                closer.close();
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean wasNull() {
        return lastWasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        String wanted = label.startsWith("\"") ? label.substring(1, label.length() - 1) : label;
        for (int i = 0; i < values.length; i++) {
            String name = columns == null ? metaData.getColumnLabel(i + 1) : columns.get(i).label();
            if (name.equalsIgnoreCase(wanted)) {
                return i + 1;
            }
        }
        throw new SQLException("Column \"" + label + "\" not found", "42S22");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        if (metaData == null) {
            checkOpen();
            metaData = metaDataSource.get();
        }
        return metaData;
    }

    @Override
    public Object getObject(int column) throws SQLException {
        return value(column);
    }

    @Override
    public String getString(int column) throws SQLException {
        return SqlValues.toText(value(column));
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return false;
        }
        Boolean truth = SqlValues.toBoolean(v);
        if (truth == null) {
            throw new SQLException("not a boolean: " + v, "22018");
        }
        return truth;
    }

    private BigDecimal number(int column) throws SQLException {
        return SqlValues.number(value(column));
    }

    @Override
    public byte getByte(int column) throws SQLException {
        BigDecimal d = number(column);
        return d == null ? 0 : d.byteValue();
    }

    @Override
    public short getShort(int column) throws SQLException {
        BigDecimal d = number(column);
        return d == null ? 0 : d.shortValue();
    }

    @Override
    public int getInt(int column) throws SQLException {
        Object v = value(column);
        if (v instanceof Integer i) {
            return i;
        }
        BigDecimal d = number(column);
        return d == null ? 0 : d.intValue();
    }

    @Override
    public long getLong(int column) throws SQLException {
        Object v = value(column);
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Integer i) {
            return i;
        }
        BigDecimal d = number(column);
        return d == null ? 0 : d.longValue();
    }

    @Override
    public float getFloat(int column) throws SQLException {
        BigDecimal d = number(column);
        return d == null ? 0 : d.floatValue();
    }

    @Override
    public double getDouble(int column) throws SQLException {
        Object v = value(column);
        if (v instanceof Double x) {
            return x;
        }
        BigDecimal d = number(column);
        return d == null ? 0 : d.doubleValue();
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        return number(column);
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        BigDecimal d = number(column);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        Object v = value(column);
        if (v == null || v instanceof byte[]) {
            return (byte[]) v;
        }
        throw new SQLException("not a binary value", "22018");
    }

    @Override
    public Date getDate(int column) throws SQLException {
        return SqlValues.toDate(value(column));
    }

    @Override
    public Time getTime(int column) throws SQLException {
        return SqlValues.toTime(value(column));
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        return SqlValues.toTimestamp(value(column));
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        if (type.isInstance(v)) {
            return type.cast(v);
        }
        Object out;
        if (type == String.class) {
            out = getString(column);
        } else if (type == Integer.class) {
            out = getInt(column);
        } else if (type == Long.class) {
            out = getLong(column);
        } else if (type == Double.class) {
            out = getDouble(column);
        } else if (type == BigDecimal.class) {
            out = getBigDecimal(column);
        } else if (type == Boolean.class) {
            out = getBoolean(column);
        } else if (type == LocalDate.class) {
            out = getDate(column).toLocalDate();
        } else if (type == LocalDateTime.class) {
            out = getTimestamp(column).toLocalDateTime();
        } else if (type == Date.class) {
            out = getDate(column);
        } else if (type == Timestamp.class) {
            out = getTimestamp(column);
        } else {
            throw new java.sql.SQLFeatureNotSupportedException("getObject as " + type.getName());
        }
        return type.cast(out);
    }

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        return getObject(findColumn(label), type);
    }

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        return getBigDecimal(findColumn(label), scale);
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public Time getTime(String label) throws SQLException {
        return getTime(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public int getRow() {
        return rows != null && row > rows.size() ? 0 : row;
    }

    @Override
    public boolean isBeforeFirst() {
        return row == 0;
    }

    @Override
    public int getType() {
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != FETCH_FORWARD) {
            throw new java.sql.SQLFeatureNotSupportedException("only FETCH_FORWARD");
        }
    }

    @Override
    public int getFetchSize() {
        return 0;
    }

    @Override
    public void setFetchSize(int rows) {
        // results are local
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // none kept
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
