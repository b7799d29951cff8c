package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * A plain H2 database and a driver database in one directory, given the same statements, so that a
 * query's answer through the driver can be compared with plain H2's (the independent truth).
 */
final class Pair implements AutoCloseable {

    final Path dir;
    final Connection plain;
    final Connection enc;

    /** {@code settings}: H2 URL settings given to both (e.g. {@code ;DEFAULT_NULL_ORDERING=HIGH}). */
    Pair(Path dir, String settings) throws SQLException, java.io.IOException {
        this.dir = dir;
        plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain") + settings);
        enc = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc") + settings, KeyFile.createIfAbsent(dir.resolve("key")));
    }

    Pair(Path dir) throws SQLException, java.io.IOException {
        this(dir, "");
    }

    /** Runs each statement on both databases. */
    void both(String... sql) throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            try (Statement st = c.createStatement()) {
                for (String s : sql) {
                    st.execute(s);
                }
            }
        }
    }

    /** Runs one parameterized update on both databases. */
    void bothWith(String sql, Object... params) throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) {
                    ps.setObject(i + 1, params[i]);
                }
                ps.executeUpdate();
            }
        }
    }

    /** Column labels with type name, precision and scale, then the rows with their exact Java values. */
    static List<Object> answer(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return answer(rs);
            }
        }
    }

    static List<Object> answer(ResultSet rs) throws SQLException {
        List<Object> out = new ArrayList<>();
        ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            out.add(md.getColumnLabel(i) + ":" + md.getColumnTypeName(i) + "(" + md.getPrecision(i) + ","
                    + md.getScale(i) + ")");
        }
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                Object v = rs.getObject(i);
                // byte[] by content: its toString is its identity, which differs even between two plain H2 reads
                row.add(v == null ? null : v.getClass().getSimpleName() + " "
                        + (v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : v));
            }
            out.add(row);
        }
        return out;
    }

    /** Asserts that the driver answers {@code sql} exactly as plain H2 does. */
    void same(String sql, Object... params) throws SQLException {
        List<Object> truth = answer(plain, sql, params); // first: a statement plain H2 fails is no test
        assertThat(answer(enc, sql, params)).as(sql + " " + Arrays.toString(params)).isEqualTo(truth);
    }

    /** The lines of the driver's EXPLAIN of {@code sql}. */
    List<String> explain(String sql) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement st = enc.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
        }
        return lines;
    }

    /** A direct connection to the driver's physical (encrypted) H2 database. */
    Connection server() throws SQLException {
        return DriverManager.getConnection("jdbc:h2:" + dir.resolve("enc"));
    }

    @Override
    public void close() throws SQLException {
        plain.close();
        enc.close();
    }
}
