package org.maat.encdb.jdbc;

import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Time;

/**
 * The JDBC PreparedStatement methods the encrypted layer does not offer: each throws
 * {@link SQLFeatureNotSupportedException} naming the method as the application called it
 * ({@code "PreparedStatement.method on the encrypted layer"}). Maat's own prepared statements extend this and hold only
 * what they do.
 */
abstract class UnsupportedPreparedStatement extends MaatStatement implements PreparedStatement {

    UnsupportedPreparedStatement(MaatConnection conn) {
        super(conn);
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        throw new SQLFeatureNotSupportedException("ParameterMetaData on the encrypted layer");
    }

    @Override
    public void setArray(int a0, java.sql.Array a1) throws SQLException {
        throw unsupported("setArray");
    }

    @Override
    public void setAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("setAsciiStream");
    }

    @Override
    public void setAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("setAsciiStream");
    }

    @Override
    public void setAsciiStream(int a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("setAsciiStream");
    }

    @Override
    public void setBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("setBinaryStream");
    }

    @Override
    public void setBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("setBinaryStream");
    }

    @Override
    public void setBinaryStream(int a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("setBinaryStream");
    }

    @Override
    public void setBlob(int a0, java.io.InputStream a1, long a2) throws SQLException {
        throw unsupported("setBlob");
    }

    @Override
    public void setBlob(int a0, java.io.InputStream a1) throws SQLException {
        throw unsupported("setBlob");
    }

    @Override
    public void setBlob(int a0, java.sql.Blob a1) throws SQLException {
        throw unsupported("setBlob");
    }

    @Override
    public void setBytes(int a0, byte[] a1) throws SQLException {
        throw unsupported("setBytes");
    }

    @Override
    public void setCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException {
        throw unsupported("setCharacterStream");
    }

    @Override
    public void setCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("setCharacterStream");
    }

    @Override
    public void setCharacterStream(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("setCharacterStream");
    }

    @Override
    public void setClob(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("setClob");
    }

    @Override
    public void setClob(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("setClob");
    }

    @Override
    public void setClob(int a0, java.sql.Clob a1) throws SQLException {
        throw unsupported("setClob");
    }

    @Override
    public void setNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("setNCharacterStream");
    }

    @Override
    public void setNCharacterStream(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("setNCharacterStream");
    }

    @Override
    public void setNClob(int a0, java.io.Reader a1, long a2) throws SQLException {
        throw unsupported("setNClob");
    }

    @Override
    public void setNClob(int a0, java.io.Reader a1) throws SQLException {
        throw unsupported("setNClob");
    }

    @Override
    public void setNClob(int a0, java.sql.NClob a1) throws SQLException {
        throw unsupported("setNClob");
    }

    @Override
    public void setRef(int a0, java.sql.Ref a1) throws SQLException {
        throw unsupported("setRef");
    }

    @Override
    public void setRowId(int a0, java.sql.RowId a1) throws SQLException {
        throw unsupported("setRowId");
    }

    @Override
    public void setSQLXML(int a0, java.sql.SQLXML a1) throws SQLException {
        throw unsupported("setSQLXML");
    }

    @Override
    public void setTime(int a0, java.sql.Time a1, java.util.Calendar a2) throws SQLException {
        throw unsupported("setTime");
    }

    @Override
    public void setURL(int a0, java.net.URL a1) throws SQLException {
        throw unsupported("setURL");
    }

    @Override
    public void setUnicodeStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
        throw unsupported("setUnicodeStream");
    }
}
