package org.maat.encdb.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * The JDBC ResultSet methods the encrypted layer does not offer: each throws
 * {@link SQLFeatureNotSupportedException} naming the method as the application called it
 * ({@code "ResultSet.method on the encrypted layer"}). Maat's own result sets extend this and hold only
 * what they do.
 */
abstract class UnsupportedResultSet implements ResultSet {

    @Override
    public boolean absolute(int a0) throws SQLException {
        throw unsupported("absolute");
    }

    @Override
    public void afterLast() throws SQLException {
        throw unsupported("afterLast");
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw unsupported("beforeFirst");
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw unsupported("cancelRowUpdates");
    }

    @Override
    public void deleteRow() throws SQLException {
        throw unsupported("deleteRow");
    }

    @Override
    public boolean first() throws SQLException {
        throw unsupported("first");
    }

    @Override
    public java.sql.Array getArray(String a0) throws SQLException {
        throw unsupported("getArray");
    }

    @Override
    public java.sql.Array getArray(int a0) throws SQLException {
        throw unsupported("getArray");
    }

    @Override
    public java.io.InputStream getAsciiStream(String a0) throws SQLException {
        throw unsupported("getAsciiStream");
    }

    @Override
    public java.io.InputStream getAsciiStream(int a0) throws SQLException {
        throw unsupported("getAsciiStream");
    }

    @Override
    public java.io.InputStream getBinaryStream(String a0) throws SQLException {
        throw unsupported("getBinaryStream");
    }

    @Override
    public java.io.InputStream getBinaryStream(int a0) throws SQLException {
        throw unsupported("getBinaryStream");
    }

    @Override
    public java.sql.Blob getBlob(String a0) throws SQLException {
        throw unsupported("getBlob");
    }

    @Override
    public java.sql.Blob getBlob(int a0) throws SQLException {
        throw unsupported("getBlob");
    }

    @Override
    public java.io.Reader getCharacterStream(String a0) throws SQLException {
        throw unsupported("getCharacterStream");
    }

    @Override
    public java.io.Reader getCharacterStream(int a0) throws SQLException {
        throw unsupported("getCharacterStream");
    }

    @Override
    public java.sql.Clob getClob(String a0) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public java.sql.Clob getClob(int a0) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public String getCursorName() throws SQLException {
        throw unsupported("getCursorName");
    }

    @Override
    public java.sql.Date getDate(String a0, java.util.Calendar a1) throws SQLException {
        throw unsupported("getDate");
    }

    @Override
    public java.sql.Date getDate(int a0, java.util.Calendar a1) throws SQLException {
        throw unsupported("getDate");
    }

    @Override
    public java.io.Reader getNCharacterStream(String a0) throws SQLException {
        throw unsupported("getNCharacterStream");
    }

    @Override
    public java.io.Reader getNCharacterStream(int a0) throws SQLException {
        throw unsupported("getNCharacterStream");
    }

    @Override
    public java.sql.NClob getNClob(String a0) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public java.sql.NClob getNClob(int a0) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public String getNString(String a0) throws SQLException {
        throw unsupported("getNString");
    }

    @Override
    public String getNString(int a0) throws SQLException {
        throw unsupported("getNString");
    }

    @Override
    public Object getObject(String a0, java.util.Map<String, Class<?>> a1) throws SQLException {
        throw unsupported("getObject");
    }

    @Override
    public Object getObject(int a0, java.util.Map<String, Class<?>> a1) throws SQLException {
        throw unsupported("getObject");
    }

    @Override
    public java.sql.Ref getRef(String a0) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public java.sql.Ref getRef(int a0) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public java.sql.RowId getRowId(String a0) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public java.sql.RowId getRowId(int a0) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public java.sql.SQLXML getSQLXML(String a0) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public java.sql.SQLXML getSQLXML(int a0) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public java.sql.Time getTime(String a0, java.util.Calendar a1) throws SQLException {
        throw unsupported("getTime");
    }

    @Override
    public java.sql.Time getTime(int a0, java.util.Calendar a1) throws SQLException {
        throw unsupported("getTime");
    }

    @Override
    public java.sql.Timestamp getTimestamp(String a0, java.util.Calendar a1) throws SQLException {
        throw unsupported("getTimestamp");
    }

    @Override
    public java.sql.Timestamp getTimestamp(int a0, java.util.Calendar a1) throws SQLException {
        throw unsupported("getTimestamp");
    }

    @Override
    public java.net.URL getURL(String a0) throws SQLException {
        throw unsupported("getURL");
    }

    @Override
    public java.net.URL getURL(int a0) throws SQLException {
        throw unsupported("getURL");
    }

    @Override
    public java.io.InputStream getUnicodeStream(String a0) throws SQLException {
        throw unsupported("getUnicodeStream");
    }

    @Override
    public java.io.InputStream getUnicodeStream(int a0) throws SQLException {
        throw unsupported("getUnicodeStream");
    }

    @Override
    public void insertRow() throws SQLException {
        throw unsupported("insertRow");
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        throw unsupported("isAfterLast");
    }

    @Override
    public boolean isFirst() throws SQLException {
        throw unsupported("isFirst");
    }

    @Override
    public boolean isLast() throws SQLException {
        throw unsupported("isLast");
    }

    @Override
    public boolean last() throws SQLException {
        throw unsupported("last");
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw unsupported("moveToCurrentRow");
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw unsupported("moveToInsertRow");
    }

    @Override
    public boolean previous() throws SQLException {
        throw unsupported("previous");
    }

    @Override
    public void refreshRow() throws SQLException {
        throw unsupported("refreshRow");
    }

    @Override
    public boolean relative(int a0) throws SQLException {
        throw unsupported("relative");
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        throw unsupported("rowDeleted");
    }

    @Override
    public boolean rowInserted() throws SQLException {
        throw unsupported("rowInserted");
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        throw unsupported("rowUpdated");
    }

    @Override
    public void updateArray(String a0, java.sql.Array a1) throws SQLException {
        throw unsupported("updateArray");
    }

    @Override
    public void updateArray(int a0, java.sql.Array a1) throws SQLException {
        throw unsupported("updateArray");
    }

    @Override
    public void updateAsciiStream(String a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBigDecimal(String a0, java.math.BigDecimal a1) throws SQLException {
        throw unsupported("updateBigDecimal");
    }

    @Override
    public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException {
        throw unsupported("updateBigDecimal");
    }

    @Override
    public void updateBinaryStream(String a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateBlob(String a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String a0, java.sql.Blob a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(int a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(int a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(int a0, java.sql.Blob a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBoolean(String a0, boolean a1) throws SQLException {
        throw unsupported("updateBoolean");
    }

    @Override
    public void updateBoolean(int a0, boolean a1) throws SQLException {
        throw unsupported("updateBoolean");
    }

    @Override
    public void updateByte(String a0, byte a1) throws SQLException {
        throw unsupported("updateByte");
    }

    @Override
    public void updateByte(int a0, byte a1) throws SQLException {
        throw unsupported("updateByte");
    }

    @Override
    public void updateBytes(String a0, byte[] a1) throws SQLException {
        throw unsupported("updateBytes");
    }

    @Override
    public void updateBytes(int a0, byte[] a1) throws SQLException {
        throw unsupported("updateBytes");
    }

    @Override
    public void updateCharacterStream(String a0, java.io.Reader a1, int a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateClob(String a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String a0, java.sql.Clob a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(int a0, java.sql.Clob a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateDate(String a0, java.sql.Date a1) throws SQLException {
        throw unsupported("updateDate");
    }

    @Override
    public void updateDate(int a0, java.sql.Date a1) throws SQLException {
        throw unsupported("updateDate");
    }

    @Override
    public void updateDouble(String a0, double a1) throws SQLException {
        throw unsupported("updateDouble");
    }

    @Override
    public void updateDouble(int a0, double a1) throws SQLException {
        throw unsupported("updateDouble");
    }

    @Override
    public void updateFloat(String a0, float a1) throws SQLException {
        throw unsupported("updateFloat");
    }

    @Override
    public void updateFloat(int a0, float a1) throws SQLException {
        throw unsupported("updateFloat");
    }

    @Override
    public void updateInt(String a0, int a1) throws SQLException {
        throw unsupported("updateInt");
    }

    @Override
    public void updateInt(int a0, int a1) throws SQLException {
        throw unsupported("updateInt");
    }

    @Override
    public void updateLong(String a0, long a1) throws SQLException {
        throw unsupported("updateLong");
    }

    @Override
    public void updateLong(int a0, long a1) throws SQLException {
        throw unsupported("updateLong");
    }

    @Override
    public void updateNCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNClob(String a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String a0, java.sql.NClob a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(int a0, java.sql.NClob a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNString(String a0, String a1) throws SQLException {
        throw unsupported("updateNString");
    }

    @Override
    public void updateNString(int a0, String a1) throws SQLException {
        throw unsupported("updateNString");
    }

    @Override
    public void updateNull(String a0) throws SQLException {
        throw unsupported("updateNull");
    }

    @Override
    public void updateNull(int a0) throws SQLException {
        throw unsupported("updateNull");
    }

    @Override
    public void updateObject(String a0, Object a1, int a2) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(String a0, Object a1) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(int a0, Object a1, int a2) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(int a0, Object a1) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateRef(String a0, java.sql.Ref a1) throws SQLException {
        throw unsupported("updateRef");
    }

    @Override
    public void updateRef(int a0, java.sql.Ref a1) throws SQLException {
        throw unsupported("updateRef");
    }

    @Override
    public void updateRow() throws SQLException {
        throw unsupported("updateRow");
    }

    @Override
    public void updateRowId(String a0, java.sql.RowId a1) throws SQLException {
        throw unsupported("updateRowId");
    }

    @Override
    public void updateRowId(int a0, java.sql.RowId a1) throws SQLException {
        throw unsupported("updateRowId");
    }

    @Override
    public void updateSQLXML(String a0, java.sql.SQLXML a1) throws SQLException {
        throw unsupported("updateSQLXML");
    }

    @Override
    public void updateSQLXML(int a0, java.sql.SQLXML a1) throws SQLException {
        throw unsupported("updateSQLXML");
    }

    @Override
    public void updateShort(String a0, short a1) throws SQLException {
        throw unsupported("updateShort");
    }

    @Override
    public void updateShort(int a0, short a1) throws SQLException {
        throw unsupported("updateShort");
    }

    @Override
    public void updateString(String a0, String a1) throws SQLException {
        throw unsupported("updateString");
    }

    @Override
    public void updateString(int a0, String a1) throws SQLException {
        throw unsupported("updateString");
    }

    @Override
    public void updateTime(String a0, java.sql.Time a1) throws SQLException {
        throw unsupported("updateTime");
    }

    @Override
    public void updateTime(int a0, java.sql.Time a1) throws SQLException {
        throw unsupported("updateTime");
    }

    @Override
    public void updateTimestamp(String a0, java.sql.Timestamp a1) throws SQLException {
        throw unsupported("updateTimestamp");
    }

    @Override
    public void updateTimestamp(int a0, java.sql.Timestamp a1) throws SQLException {
        throw unsupported("updateTimestamp");
    }

    /** The refusal of a JDBC method the encrypted layer does not offer. */
    private static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("ResultSet." + method + " on the encrypted layer");
    }
}
