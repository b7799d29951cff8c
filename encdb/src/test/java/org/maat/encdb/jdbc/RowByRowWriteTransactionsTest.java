package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * Row-by-row writes inside the application's transactions, on two connections to one database, against
 * two connections to one plain H2 database doing the same: a connection sees its own uncommitted writes,
 * the other connection does not (READ COMMITTED, as H2), a rollback leaves nothing, a commit shows them
 * to both.
 */
class RowByRowWriteTransactionsTest {

    private static final List<String> QUERIES = List.of("SELECT * FROM EMP ORDER BY ID",
            "SELECT * FROM ARCHIVE ORDER BY ID");

    @TempDir
    static Path dir;

    // One database pair for the class (a new encrypted database costs a Paillier key); refilled per test.
    private static Connection plainA;
    private static Connection plainB;
    private static Connection encA;
    private static Connection encB;

    @BeforeAll
    static void open() throws SQLException {
        String plainUrl = "jdbc:h2:mem:tx-plain-" + System.nanoTime();
        plainA = DriverManager.getConnection(plainUrl);
        plainB = DriverManager.getConnection(plainUrl);
        String encUrl = "jdbc:h2:mem:tx-enc-" + System.nanoTime();
        encA = MaatDriver.connect(encUrl, KeyFile.createIfAbsent(dir.resolve("key")));
        encB = MaatDriver.connect(encUrl, KeyFile.createIfAbsent(dir.resolve("key")));
        for (Connection c : List.of(plainA, encA)) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(30), SALARY INTEGER)");
                st.execute("CREATE TABLE ARCHIVE (ID INTEGER PRIMARY KEY, NAME VARCHAR(30), SALARY INTEGER)");
            }
        }
        refill();
        // Peel what the statements below need now: a peel waits for open transactions to end.
        for (Connection c : List.of(encA, encB)) {
            views(c);
            JdbcRows.rows(c, "SELECT ID FROM EMP WHERE NAME LIKE '% Smith' AND SALARY > 0");
        }
    }

    @BeforeEach
    void refillBoth() throws SQLException {
        refill();
    }

    private static void refill() throws SQLException {
        for (Connection c : List.of(plainA, encA)) {
            c.setAutoCommit(true);
            JdbcRows.exec(c, "DELETE FROM ARCHIVE");
            JdbcRows.exec(c, "DELETE FROM EMP");
            JdbcRows.exec(c, "INSERT INTO EMP VALUES (1, 'Ann Smith', 100), (2, 'Bob Jones', 200), (3, 'Cy Smith', 300)");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        for (Connection c : List.of(plainA, plainB, encA, encB)) {
            c.close();
        }
    }

    private static final List<String> WRITES = List.of(
            "UPDATE EMP SET SALARY = SALARY * 2 WHERE NAME LIKE '% Smith'",
            "INSERT INTO ARCHIVE SELECT * FROM EMP WHERE SALARY > 150",
            "DELETE FROM EMP WHERE NAME LIKE 'Bob %'");

    @Test
    void uncommittedWritesAreTheirConnectionsOnlyAndARollbackLeavesNothing() throws SQLException {
        List<List<List<Object>>> before = views(encA);
        for (boolean commit : new boolean[] {false, true}) {
            for (Connection[] pair : new Connection[][] {{plainA, plainB}, {encA, encB}}) {
                pair[0].setAutoCommit(false);
                for (String w : WRITES) {
                    JdbcRows.exec(pair[0], w);
                }
            }
            assertThat(views(encA)).as("own uncommitted writes").isEqualTo(views(plainA)).isNotEqualTo(before);
            assertThat(views(encB)).as("another connection's view").isEqualTo(views(plainB)).isEqualTo(before);
            for (Connection a : List.of(plainA, encA)) {
                if (commit) {
                    a.commit();
                } else {
                    a.rollback();
                }
                a.setAutoCommit(true);
            }
            if (!commit) {
                assertThat(views(encA)).as("after rollback").isEqualTo(before);
                assertThat(views(encB)).isEqualTo(before);
            }
        }
        assertThat(views(encB)).as("after commit").isEqualTo(views(plainB)).isEqualTo(views(encA))
                .isNotEqualTo(before);
    }

    @Test
    void aQueryPathWriteIsAlsoItsConnectionsOnlyUntilCommitted() throws SQLException {
        String write = "UPDATE EMP SET SALARY = SALARY + 1 WHERE UPPER(NAME) LIKE 'C%'";
        List<List<List<Object>>> before = views(encA);
        for (Connection[] pair : new Connection[][] {{plainA, plainB}, {encA, encB}}) {
            pair[0].setAutoCommit(false);
            JdbcRows.exec(pair[0], write);
        }
        assertThat(views(encA)).isEqualTo(views(plainA)).isNotEqualTo(before);
        assertThat(views(encB)).isEqualTo(before);
        encA.rollback();
        assertThat(views(encA)).isEqualTo(before);
        JdbcRows.exec(encA, write);
        encA.commit();
        plainA.commit();
        assertThat(views(encB)).isEqualTo(views(plainB));
    }

    private static List<List<List<Object>>> views(Connection c) throws SQLException {
        List<List<List<Object>>> all = new ArrayList<>();
        for (String q : QUERIES) {
            all.add(JdbcRows.rows(c, q));
        }
        return all;
    }
}
