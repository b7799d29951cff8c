package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * Bad input through the driver: each is an SQLException with a stated SQLState and a message of at most
 * a thousand characters, refused before any work (well under a second), and the database is unchanged.
 */
class StatementAdmissionTest {

    @TempDir
    static Path dir;
    private static Connection enc;

    @BeforeAll
    static void open() throws SQLException {
        enc = MaatDriver.connect("jdbc:h2:mem:admission-" + System.nanoTime(), KeyFile.createIfAbsent(dir.resolve("key")));
        try (Statement st = enc.createStatement()) {
            st.execute("CREATE TABLE EMPLOYEES(ID INTEGER PRIMARY KEY, NAME VARCHAR(40), SALARY INTEGER, BADGE BIGINT)");
            st.execute("INSERT INTO EMPLOYEES VALUES (1, 'Ada', 5200, 7)");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        enc.close();
    }

    private static SQLException refused(String sql, String state) {
        long start = System.nanoTime();
        Throwable t = catchThrowable(() -> {
            try (Statement st = enc.createStatement()) {
                st.execute(sql);
            }
        });
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(t).as("%s...", sql.substring(0, Math.min(80, sql.length()))).isInstanceOf(SQLException.class);
        SQLException e = (SQLException) t;
        assertThat(e.getSQLState()).as(e.getMessage().substring(0, Math.min(300, e.getMessage().length())))
                .isEqualTo(state);
        assertThat(e.getMessage().length()).isLessThanOrEqualTo(1_100);
        assertThat(millis).as("refused before any work").isLessThan(2_000);
        return e;
    }

    @Test
    void deepNestingIsRefusedWithItsLimit() throws SQLException {
        for (int depth : new int[] {2_000, 10_000}) {
            String sql = "SELECT " + "(".repeat(depth) + "1" + ")".repeat(depth) + " FROM EMPLOYEES";
            assertThat(refused(sql, "54001").getMessage()).contains("nested more than 128");
        }
        // at the limit it runs
        assertThat(runs("SELECT " + "(".repeat(100) + "1" + ")".repeat(100) + " FROM EMPLOYEES")).isTrue();
    }

    @Test
    void hugeInListsAndLiteralsAreRefusedBeforeAnyWork() {
        StringJoiner values = new StringJoiner(", ", "SELECT NAME FROM EMPLOYEES WHERE SALARY IN (", ")");
        for (int i = 0; i < 100_000; i++) {
            values.add(Integer.toString(i));
        }
        assertThat(refused(values.toString(), "54000").getMessage()).contains("more than 10,000 items");
        String tenMegabytes = "SELECT NAME FROM EMPLOYEES WHERE NAME LIKE '%" + "x".repeat(10_000_000) + "%'";
        assertThat(refused(tenMegabytes, "54000").getMessage()).contains("the limit is 1,000,000");
        String longLiteral = "SELECT NAME FROM EMPLOYEES WHERE NAME LIKE '%" + "x".repeat(100_000) + "%'";
        assertThat(refused(longLiteral, "54000").getMessage()).contains("the limit is 65,536");
    }

    @Test
    void severalStatementsAreOneClearError() throws SQLException {
        SQLException e = refused("SELECT 1; DROP TABLE EMPLOYEES", "0A000");
        assertThat(e.getMessage()).contains("several statements in one call");
        assertThat(runs("SELECT COUNT(*) FROM EMPLOYEES")).isTrue(); // nothing was dropped
        assertThat(runs("SELECT 1 FROM EMPLOYEES; -- a trailing semicolon and comment")).isTrue();
    }

    @Test
    void unterminatedTextIsASyntaxError() {
        assertThat(refused("SELECT NAME FROM EMPLOYEES WHERE NAME = 'Ada", "42000").getMessage())
                .contains("unterminated string literal");
        refused("SELECT NAME FROM EMPLOYEES /* no end", "42000");
    }

    @Test
    void aBigintBeyondTheOrderOnionsRangeIs22003NamingTheColumn() throws SQLException {
        SQLException e = refused("INSERT INTO EMPLOYEES VALUES (2, 'Bob', 1, " + (1L << 50) + ")", "22003");
        assertThat(e.getMessage()).contains("EMPLOYEES.BADGE").contains("2^47");
        try (java.sql.PreparedStatement ps = enc.prepareStatement("INSERT INTO EMPLOYEES VALUES (3, 'Cy', 1, ?)")) {
            ps.setLong(1, -(1L << 48));
            SQLException p = (SQLException) catchThrowable(ps::executeUpdate);
            assertThat(p.getSQLState()).isEqualTo("22003");
        }
        try (Statement st = enc.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void excerptsAreCut() {
        assertThat(StatementAdmission.excerpt("x".repeat(1_000_000))).hasSizeLessThan(300).endsWith("(1,000,000 characters)");
        assertThat(StatementAdmission.excerpt("SELECT 1")).isEqualTo("SELECT 1");
    }

    private static boolean runs(String sql) throws SQLException {
        try (Statement st = enc.createStatement()) {
            return st.execute(sql);
        }
    }
}
