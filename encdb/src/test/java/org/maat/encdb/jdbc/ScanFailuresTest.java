package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * Errors of a split statement's scans, on every path a scan can take (conditions pushed, a reducer join, the
 * whole table), reach the application as plain H2 raises them, and no error H2 would not raise does: the
 * statement's answer is plain H2's, error or rows. Each statement joins EMP to DEPT on the foreign key, so
 * EMP's scan may be reduced by DEPT's conditions, and has a condition H2 cannot run over ciphertext, so it is
 * split.
 */
class ScanFailuresTest {

    @TempDir
    static Path dir;

    private static Connection plain;
    private static Connection enc;

    @BeforeAll
    static void load() throws Exception {
        plain = DriverManager.getConnection("jdbc:h2:mem:scanfailures-plain");
        enc = MaatDriver.connect("jdbc:h2:mem:scanfailures-enc", KeyFile.createIfAbsent(dir.resolve("key")));
        for (Connection c : List.of(plain, enc)) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE DEPT (ID INTEGER PRIMARY KEY, DNAME VARCHAR(20), BUDGET INTEGER, "
                        + "CODE INTEGER COMMENT 'maat:plaintext')");
                st.execute("CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(30), "
                        + "DEPT INTEGER REFERENCES DEPT (ID))");
                st.execute("INSERT INTO DEPT VALUES (1, 'dept1', 1000, 7), (2, 'dept2', 2000, 8), (3, 'x', NULL, 9)");
                st.execute("INSERT INTO EMP VALUES (1, 'Ann', 1), (2, 'bob', 2), (3, 'Carla', 2), (4, 'Dan', 3), "
                        + "(5, 'Eve', 1), (6, 'Zed', 3)");
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        plain.close();
        enc.close();
    }

    private static final String JOIN = "SELECT E.NAME FROM EMP E JOIN DEPT D ON E.DEPT = D.ID WHERE ";
    private static final String SPLIT = " AND UPPER(E.NAME) LIKE '%A%' ORDER BY E.ID";

    @Test
    void anErrorH2RaisesOnTheReducerJoinsRowsReachesTheCaller() throws Exception {
        // DEPT's condition runs in H2 (CODE is plaintext), on DEPT's own scan and in EMP's reducer join.
        String sql = JOIN + "D.CODE / (D.CODE - D.CODE) > 0" + SPLIT;
        assertThat(explain(sql)).anyMatch(l -> l.contains("joined with DEPT on DEPT = DEPT.ID"));
        assertThat(answer(enc, sql)).isEqualTo(answer(plain, sql)).startsWith("error 22012");
    }

    @Test
    void aRowsAnswerThroughTheReducerJoinIsH2s() throws Exception {
        String sql = JOIN + "D.CODE > 7" + SPLIT;
        assertThat(explain(sql)).anyMatch(l -> l.contains("joined with DEPT on DEPT = DEPT.ID"));
        assertThat(answer(enc, sql)).isEqualTo(answer(plain, sql)).isEqualTo("[Carla, Dan]");
    }

    @Test
    void aConstantH2RefusesToComputeFailsAsInH2() throws Exception {
        String sql = JOIN + "D.BUDGET = 1 / 0" + SPLIT;
        assertThat(answer(enc, sql)).isEqualTo(answer(plain, sql)).startsWith("error 22012");
    }

    @Test
    void aTextColumnComparedWithANumberFailsAsInH2() throws Exception {
        String sql = JOIN + "D.DNAME = 1" + SPLIT;
        assertThat(answer(enc, sql)).isEqualTo(answer(plain, sql)).startsWith("error 22018");
    }

    @Test
    void aConstantOutsideTheColumnsRangeIsNoErrorAsInH2() throws Exception {
        // The driver cannot encrypt 99999999999 as an INTEGER; H2 compares it as a BIGINT and raises nothing.
        String sql = JOIN + "D.BUDGET < 99999999999" + SPLIT;
        assertThat(answer(enc, sql)).isEqualTo(answer(plain, sql)).isEqualTo("[Ann, Carla]");
    }

    private static String answer(Connection c, String sql) {
        List<String> rows = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
            return rows.toString();
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }

    private static List<String> explain(String sql) throws SQLException {
        List<String> plan = new ArrayList<>();
        try (Statement st = enc.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                plan.add(rs.getString(1));
            }
        }
        return plan;
    }
}
