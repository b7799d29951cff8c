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

    /** H2's metadata of one plaintext result column, copied so it outlives the physical result. */
    private record Plain(int type, String typeName, String className, int precision, int scale, int nullable,
            int displaySize, boolean signed) {
    }

    private final QueryPlan plan;
    private final Plain[] plain;

    MaatResultSetMetaData(QueryPlan plan, ResultSetMetaData physical) throws SQLException {
        this.plan = plan;
        this.plain = new Plain[plan.visible() + 1];
        for (int i = 1; i <= plan.visible(); i++) {
            int p = plan.columns().get(i - 1).plainPosition();
            if (plan.columns().get(i - 1).type() == null && p > 0) {
                plain[i] = new Plain(physical.getColumnType(p), physical.getColumnTypeName(p),
                        physical.getColumnClassName(p), physical.getPrecision(p), physical.getScale(p),
                        physical.isNullable(p), physical.getColumnDisplaySize(p), physical.isSigned(p));
            }
        }
    }

    private ResultColumn col(int column) throws SQLException {
        if (column < 1 || column > plan.visible()) {
            throw new SQLException("column index " + column + " out of range 1.." + plan.visible(), "90009");
        }
        return plan.columns().get(column - 1);
    }

    private int plain(int column) throws SQLException {
        col(column);
        return plain[column] != null ? column : -1;
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
        return p > 0 ? plain[p].type() : col(column).type().sqlType();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? plain[p].typeName() : col(column).type().typeName();
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? plain[p].className() : col(column).type().javaClassName();
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? plain[p].precision() : col(column).type().precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? plain[p].scale() : col(column).type().scale();
    }

    @Override
    public int isNullable(int column) throws SQLException {
        int p = plain(column);
        if (p > 0) {
            return plain[p].nullable();
        }
        return col(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        int p = plain(column);
        return p > 0 ? plain[p].displaySize() : Math.min(col(column).type().precision() + 2, 1_000_000);
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        int p = plain(column);
        if (p > 0) {
            return plain[p].signed();
        }
        ColumnType t = col(column).type();
        return t.isExactNumber() || t.kind() == ColumnType.Kind.DOUBLE || t.kind() == ColumnType.Kind.REAL;
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
