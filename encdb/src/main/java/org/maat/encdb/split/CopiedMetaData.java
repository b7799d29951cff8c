package org.maat.encdb.split;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A result's metadata copied column by column, so it outlives the result it came from: the client H2's
 * result is closed, and its tables dropped, before the application reads the rows.
 */
final class CopiedMetaData implements ResultSetMetaData {

    private record Column(String label, String name, String schema, String table, String catalog, int type,
            String typeName, String className, int precision, int scale, int nullable, int displaySize,
            boolean signed, boolean autoIncrement, boolean caseSensitive, boolean currency) {
    }

    private final List<Column> columns = new ArrayList<>();

    CopiedMetaData(ResultSetMetaData md) throws SQLException {
        for (int i = 1; i <= md.getColumnCount(); i++) {
            columns.add(new Column(md.getColumnLabel(i), md.getColumnName(i), md.getSchemaName(i), md.getTableName(i),
                    md.getCatalogName(i), md.getColumnType(i), md.getColumnTypeName(i), md.getColumnClassName(i),
                    md.getPrecision(i), md.getScale(i), md.isNullable(i), md.getColumnDisplaySize(i), md.isSigned(i),
                    md.isAutoIncrement(i), md.isCaseSensitive(i), md.isCurrency(i)));
        }
    }

    private Column col(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException("column index " + column + " out of range 1.." + columns.size(), "90009");
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        return col(column).autoIncrement();
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return col(column).caseSensitive();
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        col(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        return col(column).currency();
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return col(column).nullable();
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return col(column).signed();
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return col(column).displaySize();
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return col(column).label();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return col(column).name();
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return col(column).schema();
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return col(column).precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        return col(column).scale();
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return col(column).table();
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        return col(column).catalog();
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return col(column).type();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return col(column).typeName();
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        col(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        col(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        col(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return col(column).className();
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
