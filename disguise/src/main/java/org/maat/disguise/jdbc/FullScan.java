package org.maat.disguise.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link RowChanges} for any JDBC driver: a watch reads every row of every table, and its changes read them all
 * again. Costs time in proportion to the database's size; {@link H2UndoLog} replaces it on an embedded H2
 * database. It also sees what other sessions commit between the two reads (at READ COMMITTED), as if this
 * transaction had written it.
 */
final class FullScan implements RowChanges {

    private final Connection conn;
    private final Sql sql;
    private final List<String> tables;

    private FullScan(Connection conn, Sql sql, List<String> tables) {
        this.conn = conn;
        this.sql = sql;
        this.tables = List.copyOf(tables);
    }

    /** Reads the names of the tables it will read (outside any transaction). */
    static FullScan of(Connection conn, Sql sql) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES"
                + " WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME");
             ResultSet names = ps.executeQuery()) {
            while (names.next()) {
                String t = names.getString(1);
                if (!t.toUpperCase(Locale.ROOT).startsWith("MAAT_DISGUISE_")) {
                    tables.add(t);
                }
            }
        }
        return new FullScan(conn, sql, tables);
    }

    @Override
    public Watch watch() throws SQLException {
        Map<String, List<Map<String, SqlValue>>> before = snapshot();
        return () -> {
            Map<String, List<Map<String, SqlValue>>> after = snapshot();
            Map<String, TableDelta> out = new TreeMap<>();
            before.forEach((table, rows) -> out.put(table, new TableDelta(rows, after.getOrDefault(table, List.of()))));
            return out;
        };
    }

    @Override
    public boolean watching() {
        return true;
    }

    /** Every row of every table read, by table. */
    private Map<String, List<Map<String, SqlValue>>> snapshot() throws SQLException {
        Map<String, List<Map<String, SqlValue>>> all = new TreeMap<>();
        for (String table : tables) {
            Map<String, Integer> cols = sql.columns(table);
            List<Map<String, SqlValue>> rows = new ArrayList<>();
            // Straight on the connection, not through Sql.prepare: reads, not statements a crash test stops between.
            try (PreparedStatement ps = conn.prepareStatement("SELECT " + String.join(", ", cols.keySet())
                    + " FROM " + table); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Map<String, SqlValue> row = new LinkedHashMap<>();
                    int i = 1;
                    for (Map.Entry<String, Integer> c : cols.entrySet()) {
                        row.put(c.getKey(), SqlValue.read(rs, i++, c.getValue()));
                    }
                    rows.add(row);
                }
            }
            all.put(table, rows);
        }
        return all;
    }
}
