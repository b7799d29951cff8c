package org.maat.disguise.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The statements a disguise runs on one connection: rows read as column-to-{@link SqlValue} maps and
 * written back by key, with equality conditions only (all the encrypted layer needs to support) and
 * table and column names that the spec parser has checked are plain identifiers.
 */
final class Sql {

    private final Connection conn;
    private final StatementObserver observer;
    private final Map<String, Map<String, Integer>> columnTypes = new HashMap<>();
    /** Statements by SQL text, prepared once per connection: a disguise runs the same few shapes many times. */
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    Sql(Connection conn, StatementObserver observer) {
        this.conn = conn;
        this.observer = observer;
    }

    Connection connection() {
        return conn;
    }

    /** The statement for {@code sql}, parameters cleared; it stays open for reuse (callers do not close it). */
    PreparedStatement prepare(String sql) throws SQLException {
        observer.beforeStatement(sql);
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = conn.prepareStatement(sql);
            statements.put(sql, ps);
        } else {
            ps.clearParameters();
        }
        return ps;
    }

    /** Adds the statement's current parameters to its batch, telling the observer as a statement would. */
    private void addBatch(PreparedStatement ps, String sql) throws SQLException {
        observer.beforeStatement(sql);
        ps.addBatch();
    }

    void close() throws SQLException {
        for (PreparedStatement ps : statements.values()) {
            ps.close();
        }
        statements.clear();
    }

    /** The columns of {@code table} and their JDBC types, in table order (from a statement's metadata, not run). */
    Map<String, Integer> columns(String table) throws SQLException {
        Map<String, Integer> cached = columnTypes.get(table);
        if (cached != null) {
            return cached;
        }
        Map<String, Integer> cols = new LinkedHashMap<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT * FROM " + table)) {
            ResultSetMetaData md = ps.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                cols.put(md.getColumnLabel(i).toUpperCase(java.util.Locale.ROOT), md.getColumnType(i));
            }
        }
        columnTypes.put(table, cols);
        return cols;
    }

    int type(String table, String column) throws SQLException {
        Integer t = columns(table).get(column);
        if (t == null) {
            throw new org.maat.disguise.DisguiseException("table " + table + " has no column " + column);
        }
        return t;
    }

    /** Every row of {@code table} whose columns equal {@code where}, all columns, in table order. */
    List<Map<String, SqlValue>> select(String table, Map<String, SqlValue> where) throws SQLException {
        Map<String, Integer> cols = columns(table);
        String sql = "SELECT " + String.join(", ", cols.keySet()) + " FROM " + table + where(where);
        List<Map<String, SqlValue>> rows = new ArrayList<>();
        PreparedStatement ps = prepare(sql);
        bind(ps, 1, where);
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Map<String, SqlValue> row = new LinkedHashMap<>();
                int i = 1;
                for (Map.Entry<String, Integer> c : cols.entrySet()) {
                    row.put(c.getKey(), SqlValue.read(rs, i++, c.getValue()));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    long count(String table, Map<String, SqlValue> where) throws SQLException {
        PreparedStatement ps = prepare("SELECT COUNT(*) FROM " + table + where(where));
        bind(ps, 1, where);
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    void insert(String table, Map<String, SqlValue> row) throws SQLException {
        insertAll(table, List.of(row));
    }

    /** Inserts rows that all have the same columns, as one batch. */
    void insertAll(String table, List<Map<String, SqlValue>> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        StringJoiner marks = new StringJoiner(", ");
        rows.get(0).keySet().forEach(c -> marks.add("?"));
        String sql = "INSERT INTO " + table + " (" + String.join(", ", rows.get(0).keySet()) + ") VALUES (" + marks + ")";
        PreparedStatement ps = prepare(sql);
        for (Map<String, SqlValue> row : rows) {
            bind(ps, 1, row);
            addBatch(ps, sql);
        }
        ps.executeBatch();
    }

    int update(String table, String column, SqlValue value, Map<String, SqlValue> where) throws SQLException {
        PreparedStatement ps = prepare("UPDATE " + table + " SET " + column + " = ?" + where(where));
        value.bind(ps, 1);
        bind(ps, 2, where);
        return ps.executeUpdate();
    }

    /**
     * Sets {@code column} to {@code values.get(i)} in the row with key {@code keys.get(i)}, as one batch;
     * returns the batch's update counts (rows changed by each key).
     */
    int[] updateAll(String table, String column, List<SqlValue> values, List<Map<String, SqlValue>> keys)
            throws SQLException {
        if (keys.isEmpty()) {
            return new int[0];
        }
        String sql = "UPDATE " + table + " SET " + column + " = ?" + where(keys.get(0));
        PreparedStatement ps = prepare(sql);
        for (int i = 0; i < keys.size(); i++) {
            values.get(i).bind(ps, 1);
            bind(ps, 2, keys.get(i));
            addBatch(ps, sql);
        }
        return ps.executeBatch();
    }

    int delete(String table, Map<String, SqlValue> where) throws SQLException {
        PreparedStatement ps = prepare("DELETE FROM " + table + where(where));
        bind(ps, 1, where);
        return ps.executeUpdate();
    }

    /**
     * Deletes the rows with these keys (all over the same columns), as one batch; returns the batch's
     * update counts (rows deleted by each key).
     */
    int[] deleteAll(String table, List<Map<String, SqlValue>> keys) throws SQLException {
        if (keys.isEmpty()) {
            return new int[0];
        }
        String sql = "DELETE FROM " + table + where(keys.get(0));
        PreparedStatement ps = prepare(sql);
        for (Map<String, SqlValue> key : keys) {
            bind(ps, 1, key);
            addBatch(ps, sql);
        }
        return ps.executeBatch();
    }

    private static String where(Map<String, SqlValue> where) {
        if (where.isEmpty()) {
            return "";
        }
        StringJoiner j = new StringJoiner(" AND ", " WHERE ", "");
        for (Map.Entry<String, SqlValue> e : where.entrySet()) {
            // A key value is never NULL in a primary key; an owner or reference that is NULL matches nothing.
            j.add(e.getKey() + " = ?");
        }
        return j.toString();
    }

    private static void bind(PreparedStatement ps, int first, Map<String, SqlValue> values) throws SQLException {
        int i = first;
        for (SqlValue v : values.values()) {
            v.bind(ps, i++);
        }
    }
}
