package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The JDBC Connection methods the encrypted layer does not offer: each throws
 * {@link SQLFeatureNotSupportedException} naming the method as the application called it
 * ({@code "Connection.method on the encrypted layer"}). Maat's own connections extend this and hold only
 * what they do.
 */
abstract class UnsupportedConnection implements Connection {

    @Override
    public void abort(java.util.concurrent.Executor a0) throws SQLException {
        throw unsupported("abort");
    }

    @Override
    public java.sql.Array createArrayOf(String a0, Object[] a1) throws SQLException {
        throw unsupported("createArrayOf");
    }

    @Override
    public java.sql.Blob createBlob() throws SQLException {
        throw unsupported("createBlob");
    }

    @Override
    public java.sql.Clob createClob() throws SQLException {
        throw unsupported("createClob");
    }

    @Override
    public java.sql.NClob createNClob() throws SQLException {
        throw unsupported("createNClob");
    }

    @Override
    public java.sql.SQLXML createSQLXML() throws SQLException {
        throw unsupported("createSQLXML");
    }

    @Override
    public java.sql.Struct createStruct(String a0, Object[] a1) throws SQLException {
        throw unsupported("createStruct");
    }

    @Override
    public java.util.Properties getClientInfo() throws SQLException {
        throw unsupported("getClientInfo");
    }

    @Override
    public String getClientInfo(String a0) throws SQLException {
        throw unsupported("getClientInfo");
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        throw unsupported("getNetworkTimeout");
    }

    @Override
    public java.util.Map<String, Class<?>> getTypeMap() throws SQLException {
        throw unsupported("getTypeMap");
    }

    @Override
    public java.sql.CallableStatement prepareCall(String a0, int a1, int a2, int a3) throws SQLException {
        throw unsupported("prepareCall");
    }

    @Override
    public java.sql.CallableStatement prepareCall(String a0, int a1, int a2) throws SQLException {
        throw unsupported("prepareCall");
    }

    @Override
    public java.sql.CallableStatement prepareCall(String a0) throws SQLException {
        throw unsupported("prepareCall");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(String a0, int[] a1) throws SQLException {
        throw unsupported("prepareStatement");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(String a0, String[] a1) throws SQLException {
        throw unsupported("prepareStatement");
    }

    @Override
    public void releaseSavepoint(java.sql.Savepoint a0) throws SQLException {
        throw unsupported("releaseSavepoint");
    }

    @Override
    public void rollback(java.sql.Savepoint a0) throws SQLException {
        throw unsupported("rollback");
    }

    @Override
    public void setCatalog(String a0) throws SQLException {
        throw unsupported("setCatalog");
    }

    @Override
    public void setClientInfo(String a0, String a1) throws java.sql.SQLClientInfoException {
        throw new java.sql.SQLClientInfoException("Connection.setClientInfo is not supported on the encrypted layer", null);
    }

    @Override
    public void setClientInfo(java.util.Properties a0) throws java.sql.SQLClientInfoException {
        throw new java.sql.SQLClientInfoException("Connection.setClientInfo is not supported on the encrypted layer", null);
    }

    @Override
    public void setHoldability(int a0) throws SQLException {
        throw unsupported("setHoldability");
    }

    @Override
    public void setNetworkTimeout(java.util.concurrent.Executor a0, int a1) throws SQLException {
        throw unsupported("setNetworkTimeout");
    }

    @Override
    public java.sql.Savepoint setSavepoint() throws SQLException {
        throw unsupported("setSavepoint");
    }

    @Override
    public java.sql.Savepoint setSavepoint(String a0) throws SQLException {
        throw unsupported("setSavepoint");
    }

    @Override
    public void setSchema(String a0) throws SQLException {
        throw unsupported("setSchema");
    }

    @Override
    public void setTypeMap(java.util.Map<String, Class<?>> a0) throws SQLException {
        throw unsupported("setTypeMap");
    }

    /** The refusal of a JDBC method the encrypted layer does not offer. */
    private static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("Connection." + method + " on the encrypted layer");
    }
}
