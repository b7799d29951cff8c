package org.maat.encdb.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.ResultColumn;
import org.maat.encdb.schema.ColumnType;

/**
 * Metadata of a decrypted result: the application's labels and logical SQL types (an encrypted
 * NUMERIC(8,2) column is NUMERIC(8,2), not VARBINARY); plaintext values keep H2's own metadata.
 */
public final class MaatResultSetMetaData implements ResultSetMetaData {

    private final QueryPlan plan;
    private final ResultSetMetaData physical;

    MaatResultSetMetaData(QueryPlan plan, ResultSetMetaData physical) {
        this.plan = plan;
        this.physical = physical;
    }

    private ResultColumn col(int column) throws SQLException {
        if (column < 1 || column > plan.visible()) {
            throw new SQLException("column index " + column + " out of range 1.." + plan.visible(), "90009");
        }
        return plan.columns().get(column - 1);
    }

    private int plain(int column) throws SQLException {
        return col(column).type() == null ? col(column).plainPosition() : -1;
    }

    @Override
    public int getColumnCount() {
        return plan.visible();
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return col(column).label();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return col(column).label();
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? physical.getColumnType(p) : col(column).type().sqlType();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? physical.getColumnTypeName(p) : col(column).type().typeName();
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? physical.getColumnClassName(p) : col(column).type().javaClassName();
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? physical.getPrecision(p) : col(column).type().precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? physical.getScale(p) : col(column).type().scale();
    }

    @Override
    public int isNullable(int column) throws SQLException {
        int p = plain(column);
        if (p > 0) {
            return physical.isNullable(p);
        }
        return col(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? physical.getColumnDisplaySize(p) : Math.min(col(column).type().precision() + 2, 1_000_000);
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        int p = plain(column);
        if (p > 0) {
            return physical.isSigned(p);
        }
        ColumnType t = col(column).type();
        return t.isExactNumber() || t.kind() == ColumnType.Kind.DOUBLE;
    }

    @Override
    public boolean isAutoIncrement(int column) {
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) {
        return true;
    }

    @Override
    public boolean isSearchable(int column) {
        return true;
    }

    @Override
    public boolean isCurrency(int column) {
        return false;
    }

    @Override
    public String getSchemaName(int column) {
        return "";
    }

    @Override
    public String getTableName(int column) {
        return "";
    }

    @Override
    public String getCatalogName(int column) {
        return "";
    }

    @Override
    public boolean isReadOnly(int column) {
        return true;
    }

    @Override
    public boolean isWritable(int column) {
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) {
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
