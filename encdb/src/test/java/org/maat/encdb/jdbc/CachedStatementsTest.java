package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;

/**
 * What the driver keeps between executions of one prepared statement (its plan, its result metadata,
 * the decrypted values of cells it read) never outlives the layers and the schema it was made for: a
 * peel or a schema change between two executions gives the answer plain H2 gives.
 */
class CachedStatementsTest {

    private static final String DDL = "CREATE TABLE EMP (ID INTEGER NOT NULL PRIMARY KEY, NAME VARCHAR(20), "
            + "DEPT VARCHAR(10) COMMENT 'maat:search=none')";

    @TempDir
    Path dir;

    private Connection enc;
    private Connection plain;

    @BeforeEach
    void open() throws SQLException {
        Properties p = new Properties();
        p.setProperty("maat.keyFile", dir.resolve("master.key").toString());
        p.setProperty("maat.createKey", "true");
        enc = DriverManager.getConnection("jdbc:maat:h2:" + dir.resolve("enc"), p);
        plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"));
        for (Connection c : List.of(enc, plain)) {
            try (Statement st = c.createStatement()) {
                st.execute(DDL);
                for (int i = 1; i <= 12; i++) {
                    st.execute("INSERT INTO EMP VALUES (" + i + ", 'name" + i + "', 'd" + (i % 3) + "')");
                }
            }
        }
    }

    @AfterEach
    void close() throws SQLException {
        enc.close();
        plain.close();
    }

    @Test
    void aPreparedQueryRunAgainAfterAPeelOfAColumnItReadsAnswersAsPlainH2() throws SQLException {
        String sql = "SELECT ID, NAME, DEPT FROM EMP WHERE ID = ?";
        try (PreparedStatement e = enc.prepareStatement(sql); PreparedStatement p = plain.prepareStatement(sql)) {
            assertThat(rows(e, 5)).isEqualTo(rows(p, 5)).containsExactly(List.of(5, "name5", "d2"));
            assertThat(layer("NAME")).isEqualTo(Layer.RND);
            assertThat(layer("DEPT")).isEqualTo(Layer.RND);

            // Another statement peels NAME and DEPT to DET: the prepared query now reads them without IVs.
            try (Statement st = enc.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT COUNT(*) FROM EMP WHERE NAME = 'name7' AND DEPT = 'd1'")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(1);
            }
            assertThat(layer("NAME")).isEqualTo(Layer.DET);
            assertThat(layer("DEPT")).isEqualTo(Layer.DET);

            for (int id : new int[] {5, 7, 12}) {
                assertThat(rows(e, id)).isEqualTo(rows(p, id)).hasSize(1);
            }
            assertThat(labelsAndTypes(e.getMetaData())).isEqualTo(labelsAndTypes(p.getMetaData()));
        }
    }

    @Test
    void aPreparedQueryRunAgainAfterTheTableWasDroppedAndCreatedAnewAnswersAsPlainH2() throws SQLException {
        String sql = "SELECT * FROM EMP WHERE DEPT = ? ORDER BY ID";
        try (PreparedStatement e = enc.prepareStatement(sql); PreparedStatement p = plain.prepareStatement(sql)) {
            assertThat(rows(e, "d1")).isEqualTo(rows(p, "d1")).hasSize(4);
            try (ResultSet rs = e.executeQuery()) {
                assertThat(rs.getMetaData().getColumnCount()).isEqualTo(3);
            }

            // Same name, other columns: NAME now plaintext, a fourth column, other rows.
            for (Connection c : List.of(enc, plain)) {
                try (Statement st = c.createStatement()) {
                    st.execute("DROP TABLE EMP");
                    st.execute("CREATE TABLE EMP (ID INTEGER NOT NULL PRIMARY KEY, NAME VARCHAR(20) COMMENT "
                            + "'maat:plaintext', DEPT VARCHAR(10) COMMENT 'maat:search=none', TITLE VARCHAR(12))");
                    st.execute("INSERT INTO EMP VALUES (1, 'ann', 'd1', NULL), (4, 'bob', 'd1', 'lead'), "
                            + "(5, 'cy', 'd2', 'x')");
                }
            }

            List<List<Object>> after = rows(e, "d1");
            assertThat(after).isEqualTo(rows(p, "d1"));
            assertThat(after).containsExactly(java.util.Arrays.asList(1, "ann", "d1", null), List.of(4, "bob", "d1", "lead"));
            try (ResultSet er = e.executeQuery(); ResultSet pr = p.executeQuery()) {
                assertThat(labelsAndTypes(er.getMetaData())).isEqualTo(labelsAndTypes(pr.getMetaData()))
                        .contains("TITLE:" + Types.VARCHAR);
            }
        }
    }

    @Test
    void shippedRowsAreAlwaysCountedAndBytesOnlyWhenSwitchedOn() throws SQLException {
        ShippingStats stats = enc.unwrap(MaatConnection.class).shippingStats();
        assertThat(stats.countingBytes()).isFalse();
        stats.reset();
        try (PreparedStatement e = enc.prepareStatement("SELECT NAME FROM EMP WHERE DEPT = ?")) {
            assertThat(rows(e, "d0")).hasSize(4);
            assertThat(stats.rows()).isEqualTo(4);
            assertThat(stats.bytes()).isZero();

            stats.countBytes(true);
            stats.reset();
            assertThat(rows(e, "d0")).hasSize(4);
            assertThat(stats.rows()).isEqualTo(4);
            // NAME's RND ciphertext (the DET ciphertext's length: 32 bytes more than 'nameN') and its 16-byte IV
            assertThat(stats.bytes()).isGreaterThanOrEqualTo(4 * (5 + 32 + 16));
        }
    }

    private Layer layer(String column) throws SQLException {
        return enc.unwrap(MaatConnection.class).layers().entry("EMP", column, Onion.EQ).layer();
    }

    private static List<List<Object>> rows(PreparedStatement ps, Object param) throws SQLException {
        ps.setObject(1, param);
        List<List<Object>> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int c = 1; c <= n; c++) {
                    row.add(rs.getObject(c));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<String> labelsAndTypes(ResultSetMetaData md) throws SQLException {
        List<String> out = new ArrayList<>();
        for (int c = 1; c <= md.getColumnCount(); c++) {
            out.add(md.getColumnLabel(c) + ":" + md.getColumnType(c));
        }
        return out;
    }
}
