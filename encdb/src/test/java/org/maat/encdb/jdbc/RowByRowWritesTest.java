package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * UPDATE, DELETE and INSERT ... SELECT that H2 cannot run over ciphertext as one statement, run by the
 * driver row by row, against plain H2 doing the same: the same update count (or the same SQLState), and
 * the same tables afterwards.
 *
 * <p>Two groups. {@link #runToday} the rewriter plans onto the physical schema (LIKE re-checked on the
 * client, SET expressions computed on the client). {@link #throughTheQueryPath} it refuses: their rows
 * are read by the application-level query {@code SELECT q._ROWID_, q.*, <SET expressions> FROM t q
 * WHERE <where>}, which the split query path (client-side H2, issue 17) runs: among them SET
 * expressions alone the rewriter refuses (no WHERE), whose query names the row id in its select list.
 */
class RowByRowWritesTest {

    @TempDir
    static Path dir;

    private static Connection plain;
    private static Connection enc;

    @BeforeAll
    static void bothDatabases() throws SQLException {
        plain = DriverManager.getConnection("jdbc:h2:mem:rowwise-plain-" + System.nanoTime());
        enc = MaatDriver.connect("jdbc:h2:mem:rowwise-enc-" + System.nanoTime(), KeyFile.createIfAbsent(dir.resolve("key")));
        for (Connection c : List.of(plain, enc)) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(30) NOT NULL, SALARY INTEGER, "
                        + "BONUS INTEGER, PAY NUMERIC(8,2), BADGE INTEGER UNIQUE)");
                st.execute("CREATE TABLE REVIEW (EMP_ID INTEGER REFERENCES EMP (ID), SCORE INTEGER)");
                st.execute("CREATE TABLE ARCHIVE (ID INTEGER PRIMARY KEY, NAME VARCHAR(30) NOT NULL, SALARY INTEGER, "
                        + "BONUS INTEGER, PAY NUMERIC(8,2), BADGE INTEGER)");
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        plain.close();
        enc.close();
    }

    @BeforeEach
    void refill() throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            for (String sql : List.of("DELETE FROM ARCHIVE", "DELETE FROM REVIEW", "DELETE FROM EMP",
                    "INSERT INTO EMP VALUES (1, 'Ann Smith', 100, 5, 10.25, 11), (2, 'Bob Jones', 250, 300, 20.50, 12), "
                            + "(3, 'Cy Smith', 400, NULL, 33.33, 13), (4, 'Dee Long', NULL, 7, NULL, 14), "
                            + "(5, 'Eve Smith', 500, 600, 99.99, NULL)",
                    "INSERT INTO REVIEW VALUES (1, 3), (3, 9), (3, 4), (5, 8)",
                    "INSERT INTO ARCHIVE VALUES (9, 'Old Timer', 1, 1, 1.00, 1)")) {
                JdbcRows.exec(c, sql);
            }
        }
    }

    /** A statement and its arguments. */
    record Write(String sql, Object... args) {
        @Override
        public String toString() {
            return sql;
        }
    }

    static List<Write> runToday() {
        return List.of(
                new Write("UPDATE EMP SET SALARY = SALARY * 2 WHERE NAME LIKE '% Smith'"),
                new Write("UPDATE EMP SET SALARY = SALARY + ?, BONUS = BONUS * 2 WHERE ID = ?", 7, 2),
                new Write("UPDATE EMP SET SALARY = BONUS, BONUS = SALARY WHERE ID IN (1, 2, 4)"),
                new Write("UPDATE EMP SET NAME = NAME || ? WHERE NAME LIKE 'Bob %'", " Jr"),
                new Write("UPDATE EMP SET PAY = PAY * 1.1 + ?", 0.004),
                new Write("UPDATE EMP SET PAY = - PAY / 3"),
                new Write("UPDATE EMP SET SALARY = SALARY * 1.5 / ?, PAY = PAY + SALARY / 4.0 WHERE ID > ?", 2, 1),
                new Write("UPDATE EMP SET BADGE = 20 - BADGE WHERE BADGE BETWEEN 12 AND 14"),
                new Write("DELETE FROM REVIEW WHERE SCORE IN (3, 4)"),
                new Write("UPDATE EMP SET BADGE = BADGE + 1 WHERE NAME LIKE 'Eve %'"),
                new Write("UPDATE EMP SET BADGE = BADGE + 1 WHERE ID < 5"),
                new Write("UPDATE EMP SET BADGE = 25 - BADGE WHERE BADGE IN (11, 14)"),
                new Write("UPDATE EMP SET BADGE = BADGE + 1 WHERE NAME LIKE '% Smith'"),
                new Write("UPDATE EMP SET BADGE = 24 - BADGE WHERE BADGE IN (11, 12, 13)"),
                new Write("UPDATE EMP SET NAME = NULL WHERE NAME LIKE 'Cy %'"),
                new Write("UPDATE EMP SET BADGE = 11 WHERE ID = 2"),
                new Write("INSERT INTO ARCHIVE SELECT * FROM EMP WHERE SALARY > ?", 200),
                new Write("INSERT INTO ARCHIVE (ID, NAME) SELECT ID, NAME FROM EMP WHERE NAME LIKE '% Smith'"),
                new Write("INSERT INTO ARCHIVE SELECT * FROM EMP WHERE ID >= 4"),
                new Write("INSERT INTO ARCHIVE SELECT * FROM EMP WHERE ID = 2 OR ID = 9"),
                new Write("INSERT INTO ARCHIVE (ID, NAME) SELECT ID + 8, NAME FROM EMP WHERE ID < ?", 3),
                new Write("DELETE FROM EMP WHERE NAME LIKE 'Ann %'"),
                new Write("INSERT INTO ARCHIVE (ID, NAME) SELECT ID, NAME FROM EMP WHERE BADGE IS NULL"));
    }

    static List<Write> throughTheQueryPath() {
        return List.of(
                new Write("UPDATE EMP SET BONUS = BONUS + 1 WHERE SALARY * 12 > ?", 3000),
                new Write("UPDATE EMP SET BONUS = 0 WHERE UPPER(NAME) = ?", "CY SMITH"),
                new Write("DELETE FROM REVIEW WHERE EMP_ID < SCORE"),
                new Write("UPDATE EMP SET SALARY = 1 WHERE SALARY < BONUS"),
                new Write("UPDATE EMP SET BONUS = 1 WHERE ID IN (SELECT EMP_ID FROM REVIEW WHERE SCORE > ?)", 5),
                new Write("DELETE FROM REVIEW WHERE EMP_ID IN (SELECT ID FROM EMP WHERE NAME LIKE '% Smith')"),
                new Write("UPDATE EMP SET BONUS = CASE WHEN SALARY > ? THEN 10 ELSE 5 END", 300),
                new Write("UPDATE EMP SET BONUS = (SELECT MAX(SCORE) FROM REVIEW R WHERE R.EMP_ID = EMP.ID)"),
                new Write("UPDATE EMP SET SALARY = (SELECT MAX(SALARY) FROM EMP) + ID"),
                new Write("UPDATE EMP SET PAY = SALARY / 7 WHERE LENGTH(NAME) > ?", 8),
                new Write("UPDATE EMP SET SALARY = SALARY / 3"),
                new Write("UPDATE EMP SET SALARY = SALARY * 1.5 / ? WHERE BONUS / 2 > 3", 2),
                new Write("UPDATE EMP SET BADGE = CASE WHEN ID = 3 THEN 11 ELSE BADGE END"),
                new Write("DELETE FROM EMP WHERE ID NOT IN (SELECT EMP_ID FROM REVIEW) AND UPPER(NAME) LIKE 'D%'"),
                new Write("INSERT INTO ARCHIVE SELECT * FROM EMP WHERE SALARY * 2 > ?", 500),
                new Write("INSERT INTO ARCHIVE (ID, NAME) SELECT ID + 100, UPPER(NAME) FROM EMP "
                        + "UNION SELECT 200, 'x' FROM EMP WHERE ID = 1"),
                new Write("INSERT INTO ARCHIVE (ID, NAME, SALARY) SELECT ID, NAME, CASE WHEN SALARY > ? THEN 1 ELSE 0 END "
                        + "FROM EMP WHERE ID IN (SELECT EMP_ID FROM REVIEW)", 300),
                new Write("INSERT INTO ARCHIVE (ID, NAME) SELECT ID, NAME FROM EMP WHERE ID IN (1, 9) UNION ALL "
                        + "SELECT 9, 'clash' FROM EMP WHERE ID = 2"),
                new Write("UPDATE EMP SET BADGE = CASE WHEN ID = 3 THEN 11 ELSE BADGE END WHERE UPPER(NAME) LIKE ?", "%SMITH"),
                new Write("DELETE FROM EMP WHERE NAME LIKE ? AND SALARY * 2 > ?", "% Smith", 500));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runToday")
    void runsAsPlainH2(Write w) throws SQLException {
        assertSameOutcome(w);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("throughTheQueryPath")
    void readsItsRowsThroughTheQueryPathAndRunsAsPlainH2(Write w) throws SQLException {
        assertSameOutcome(w);
    }

    @Test
    void keysShiftAmongTheStatementsOwnRowsAsInPlainH2() throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            JdbcRows.exec(c, "INSERT INTO ARCHIVE SELECT * FROM EMP");
        }
        assertSameOutcome(new Write("UPDATE ARCHIVE SET ID = ID + 1, SALARY = SALARY * 2"));
        assertSameOutcome(new Write("UPDATE ARCHIVE SET ID = ID - ? WHERE NAME LIKE '% Smith'", 1));
        assertSameOutcome(new Write("UPDATE ARCHIVE SET ID = 12 - ID WHERE ID BETWEEN 2 AND 10"));
        assertThat(JdbcRows.rows(enc, "SELECT ID FROM ARCHIVE ORDER BY ID")).hasSize(6);
    }

    private static void assertSameOutcome(Write w) throws SQLException {
        String expected = outcome(plain, w);
        assertThat(outcome(enc, w)).isEqualTo(expected);
        assertThat(tables(enc)).isEqualTo(tables(plain));
    }

    /** The update count, or the SQLState of the failure. */
    private static String outcome(Connection c, Write w) {
        try (PreparedStatement ps = c.prepareStatement(w.sql())) {
            for (int i = 0; i < w.args().length; i++) {
                ps.setObject(i + 1, w.args()[i]);
            }
            return "count " + ps.executeUpdate();
        } catch (SQLException e) {
            return "SQLState " + e.getSQLState();
        }
    }

    private static List<List<List<Object>>> tables(Connection c) throws SQLException {
        List<List<List<Object>>> all = new ArrayList<>();
        for (String q : List.of("SELECT * FROM EMP ORDER BY ID", "SELECT * FROM REVIEW ORDER BY EMP_ID, SCORE",
                "SELECT * FROM ARCHIVE ORDER BY ID")) {
            all.add(JdbcRows.rows(c, q));
        }
        return all;
    }
}
