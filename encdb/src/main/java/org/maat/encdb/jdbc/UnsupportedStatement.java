package org.maat.encdb.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;

/**
 * The JDBC Statement methods the encrypted layer does not offer: each throws
 * {@link SQLFeatureNotSupportedException} naming the method as the application called it
 * ({@code "Statement.method on the encrypted layer"}). Maat's own statements extend this and hold only
 * what they do.
 */
abstract class UnsupportedStatement implements Statement {

    @Override
    public boolean execute(String a0, int[] a1) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public boolean execute(String a0, String[] a1) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public boolean execute(String a0, int a1) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public int executeUpdate(String a0, int[] a1) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String a0, String[] a1) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String a0, int a1) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public java.sql.ResultSet getGeneratedKeys() throws SQLException {
        throw unsupported("getGeneratedKeys");
    }

    @Override
    public boolean getMoreResults(int a0) throws SQLException {
        throw unsupported("getMoreResults");
    }

    @Override
    public void setCursorName(String a0) throws SQLException {
        throw unsupported("setCursorName");
    }

    @Override
    public void cancel() throws SQLException {
        throw new SQLFeatureNotSupportedException("Statement.cancel");
    }

    /** The refusal of a JDBC method the encrypted layer does not offer, named as the application called it. */
    final SQLFeatureNotSupportedException unsupported(String method) {
        String type = this instanceof java.sql.PreparedStatement ? "PreparedStatement" : "Statement";
        return new SQLFeatureNotSupportedException(type + "." + method + " on the encrypted layer");
    }
}
