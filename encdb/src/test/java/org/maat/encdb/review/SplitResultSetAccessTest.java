package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Promise 1 through the JDBC accessors: a split result reads as plain H2's does (getString, labels, max rows). */
class SplitResultSetAccessTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(10), B BOOLEAN, TS TIMESTAMP, D DOUBLE, N NUMERIC(6,2), "
                + "DT DATE, C CHAR(3))",
                "INSERT INTO T VALUES (1, 'a', TRUE, TIMESTAMP '2021-05-06 07:08:09', 1.0, 2.5, DATE '2021-01-02', 'x'), "
                        + "(2, 'b', FALSE, TIMESTAMP '2021-05-06 07:08:09.5', 1e20, -0.5, NULL, NULL)");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    out.add(md.getColumnLabel(i) + "=" + rs.getString(i));
                }
            }
        }
        return out;
    }

    @Test
    void getStringOfEveryTypeAsH2ShowsIt() throws SQLException {
        String sql = "SELECT ID, B, TS, D, N, DT, C FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID";
        assertThat(strings(db.enc, sql)).isEqualTo(strings(db.plain, sql));
    }

    @Test
    void getStringOfEveryTypeAsH2ShowsItWholeInH2() throws SQLException {
        String sql = "SELECT ID, B, TS, D, N, DT, C FROM T ORDER BY ID";
        assertThat(strings(db.enc, sql)).isEqualTo(strings(db.plain, sql));
    }

    @Test
    void maxRowsLimitsASplitResult() throws SQLException {
        for (Connection c : List.of(db.plain, db.enc)) {
            try (Statement st = c.createStatement()) {
                st.setMaxRows(1);
                try (ResultSet rs = st.executeQuery("SELECT ID FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID")) {
                    int n = 0;
                    while (rs.next()) {
                        n++;
                    }
                    assertThat(n).as(c.getClass().getSimpleName()).isEqualTo(1);
                }
            }
        }
    }

    @Test
    void jdbcEscapeSyntax() throws SQLException {
        db.same("SELECT ID FROM T WHERE {fn UCASE(NAME)} <> 'Z' AND DT < {d '2022-01-01'} ORDER BY ID");
    }

    @Test
    void numberedParametersRepeated() throws SQLException {
        db.same("SELECT ID FROM T WHERE ID >= ?1 AND N > ?1 - 2 AND UPPER(NAME) <> 'X' ORDER BY ID", 1);
    }
}
