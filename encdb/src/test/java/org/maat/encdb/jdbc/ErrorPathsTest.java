package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * The encrypted layer's error paths, each example compared with plain H2 where the SQL is supported:
 * signed literals and unary signs run, index columns may say ASC/DESC, a BETWEEN whose bounds hold the
 * column runs, nothing leaves the JDBC API as a runtime exception, and constraint violations name the
 * application's tables and columns, never onion columns or ciphertext.
 */
class ErrorPathsTest {

    private static final String TABLE = "CREATE TABLE tab0(pk INTEGER PRIMARY KEY, col0 INTEGER, col1 FLOAT, col2 TEXT, "
            + "col3 INTEGER, col4 FLOAT, col5 TEXT)";
    private static final String[] ROWS = {
        "INSERT INTO tab0 VALUES(0, 26, 1.5, 'abc', 7, 2.5, 'x')",
        "INSERT INTO tab0 VALUES(1, -4, 3.5, 'def', NULL, NULL, 'y')",
        "INSERT INTO tab0 VALUES(2, 4, 0.5, 'ghi', 3, 1.0, 'y')",
        "INSERT INTO tab0 VALUES(3, NULL, 7.25, 'jkl', 3, -1.0, 'z')",
    };

    @TempDir
    static Path dir;

    // One pair for all tests (a new encrypted database costs a Paillier key); every test runs the same
    // statements on both sides, so what one test adds the others see on both sides alike.
    private static Connection plain;
    private static Connection enc;

    @BeforeAll
    static void bothDatabases() throws SQLException {
        plain = DriverManager.getConnection("jdbc:h2:mem:errors-plain-" + System.nanoTime());
        enc = MaatDriver.connect("jdbc:h2:mem:errors-enc-" + System.nanoTime(), KeyFile.createIfAbsent(dir.resolve("key")));
        bothRun(TABLE);
        for (String row : ROWS) {
            bothRun(row);
        }
    }

    @AfterAll
    static void close() throws SQLException {
        plain.close();
        enc.close();
    }

    @Test
    void signedLiteralsAndUnarySignsGiveWhatPlainH2Gives() throws SQLException {
        for (String q : List.of(
                "SELECT pk, - + 26 FROM tab0 ORDER BY pk",
                "SELECT pk, + + CAST(+ - 4 AS INTEGER) FROM tab0 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE col0 = - - 26 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE col0 > - + 5 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE col0 IN (- 4, + + 26) ORDER BY pk",
                "SELECT pk FROM tab0 WHERE - col0 < 0 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE - - col0 <= -4 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE 4 = - col0 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE - col0 IN (4, -26) ORDER BY pk",
                "SELECT pk FROM tab0 WHERE - col0 IS NULL ORDER BY pk",
                "SELECT pk, - col0, + col3, - col1 FROM tab0 ORDER BY pk",
                "SELECT pk, col0 - - 1 FROM tab0 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE col2 = 'a - - b' ORDER BY pk")) {
            assertSame(q);
        }
    }

    @Test
    void betweenWithTheColumnInItsBoundsGivesWhatPlainH2Gives() throws SQLException {
        for (String q : List.of(
                "SELECT pk FROM tab0 WHERE NOT NULL BETWEEN NULL AND - col0 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE 5 BETWEEN col3 AND col0 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE 0 NOT BETWEEN - col0 AND 100 ORDER BY pk",
                "SELECT pk FROM tab0 WHERE - col0 BETWEEN -30 AND 0 ORDER BY pk")) {
            assertSame(q);
        }
    }

    @Test
    void indexColumnsMayGiveTheirOrder() throws SQLException {
        bothRun("CREATE INDEX idx_tab0_0 ON tab0 (col0 DESC)");
        bothRun("CREATE INDEX idx_tab0_1 ON tab0 (col1 ASC, col4 DESC NULLS LAST)");
        bothRun("CREATE UNIQUE INDEX idx_tab0_2 ON tab0 (col1 DESC)");
        bothRun("INSERT INTO tab0 VALUES(4, 9, 9.5, 'mno', 1, 1.5, 'w')");
        assertSame("SELECT pk, col0, col1 FROM tab0 WHERE col0 > 0 ORDER BY col0 DESC");
        SQLException duplicate = (SQLException) catchThrowable(() -> run(enc, "INSERT INTO tab0 VALUES(5, 1, 9.5, 'p', 1, 1, 'q')"));
        assertThat(duplicate.getSQLState()).isEqualTo(stateOf(plain, "INSERT INTO tab0 VALUES(5, 1, 9.5, 'p', 1, 1, 'q')"))
                .isEqualTo("23505");
        assertThat(duplicate.getMessage()).contains("IDX_TAB0_2", "PUBLIC.TAB0(COL1").doesNotContain("_EQ", "X'");
    }

    @Test
    void sqlH2CannotRunWholeRunsSplitAndOnlyWhatNoSplitCanAnswerIsRefusedWith0A000() throws SQLException {
        assertSame("SELECT pk FROM tab0 WHERE col0 > (SELECT MIN(col3) FROM tab0) ORDER BY pk");
        assertSame("SELECT pk FROM tab0 WHERE col0 * 2 > col3 ORDER BY pk");
        Throwable t = catchThrowable(() -> run(enc, "SELECT pk, DATABASE_PATH() FROM tab0 WHERE col0 * 2 > col3"));
        assertThat(t).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThat(((SQLException) t).getSQLState()).isEqualTo("0A000");
        assertThat(t.getMessage()).contains("DATABASE_PATH", "server's state");
        Throwable locks = catchThrowable(() -> run(enc, "SELECT pk FROM tab0 WHERE col0 * 2 > col3 FOR UPDATE"));
        assertThat(((SQLException) locks).getSQLState()).isEqualTo("0A000");
        assertThat(locks.getMessage()).contains("FOR UPDATE", "client's copy");
    }

    @Test
    void constraintViolationsNameTheApplicationsColumnsNeverOnionsOrCiphertext() throws SQLException {
        bothRun("CREATE TABLE child(id INTEGER PRIMARY KEY, v INTEGER NOT NULL, r INTEGER REFERENCES tab0(pk), "
                + "u VARCHAR(10) UNIQUE)");
        bothRun("INSERT INTO child VALUES(1, 1, 1, 'one')");
        for (String bad : List.of(
                "INSERT INTO tab0 VALUES(2, 4, 0.5, 'ghi', 3, 1.0, 'y')",
                "INSERT INTO child VALUES(1, 2, 2, 'two')",
                "INSERT INTO child VALUES(2, 2, 77, 'two')",
                "INSERT INTO child VALUES(3, 2, 2, 'one')",
                "INSERT INTO child VALUES(4, NULL, 2, 'four')",
                "UPDATE child SET v = NULL WHERE id = 1",
                "DELETE FROM tab0 WHERE pk = 1")) {
            String expected = stateOf(plain, bad);
            SQLException e = (SQLException) catchThrowable(() -> run(enc, bad));
            assertThat((Throwable) e).as(bad).isNotNull();
            assertThat(e.getSQLState()).as(bad).isEqualTo(expected).startsWith("23");
            assertThat(e.getMessage()).as(bad).doesNotContainPattern("C\\d+_(EQ|ORD|ADD|SRCH|IV)")
                    .doesNotContainPattern("X'[0-9a-fA-F]");
            assertThat(e.getCause()).as(bad).isNull();
        }
        // CHECK is refused when the table is created (H2 would evaluate it over ciphertext), so no check
        // violation can come from H2 for the driver's tables.
        SQLException check = (SQLException) catchThrowable(() -> run(enc, "CREATE TABLE chk(id INTEGER PRIMARY KEY, "
                + "n INTEGER, CONSTRAINT n_positive CHECK (n > 0))"));
        assertThat(check.getSQLState()).isEqualTo("0A000");
        assertThat(check.getMessage()).contains("CHECK constraint", "n_positive");
        SQLException fk = (SQLException) catchThrowable(() -> run(enc, "INSERT INTO child VALUES(2, 2, 77, 'two')"));
        assertThat(fk.getMessage()).contains("PUBLIC.CHILD FOREIGN KEY(R) REFERENCES PUBLIC.TAB0(PK)");
        SQLException pk = (SQLException) catchThrowable(() -> run(enc, "INSERT INTO child VALUES(1, 2, 2, 'two')"));
        assertThat(pk.getMessage()).contains("PUBLIC.CHILD(ID)");
    }

    private static void assertSame(String sql) throws SQLException {
        assertThat(JdbcRows.rows(enc, sql)).as(sql).isEqualTo(JdbcRows.rows(plain, sql));
    }

    private static void bothRun(String sql) throws SQLException {
        run(plain, sql);
        run(enc, sql);
    }

    private static void run(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String stateOf(Connection c, String sql) {
        Throwable t = catchThrowable(() -> run(c, sql));
        return t instanceof SQLException e ? e.getSQLState() : null;
    }
}
