package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.api.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maat.keys.KeyFile;

/**
 * A write the driver carries out row by row (UPDATE/DELETE with SET expressions, triggers) or as a
 * query and a batch (INSERT ... SELECT) is one statement, as in plain H2: when a row fails (a unique,
 * NOT NULL or foreign-key violation, a trigger that throws) at the first, a middle or the last of the
 * rows it touches, nothing of it stays, with or without auto-commit, and the enclosing transaction
 * keeps its earlier work. Every scenario runs the same statements on plain H2 and through the driver,
 * checks that plain H2 failed (so the scenario tests something), that the driver failed with the same
 * SQLState, and that afterwards every table holds what plain H2's holds.
 */
class StatementAtomicityTest {

    @TempDir
    static Path dir;

    // One pair for all tests (a new encrypted database costs a Paillier key); tables are refilled per test.
    private static Connection plain;
    private static Connection enc;

    @BeforeAll
    static void bothDatabases() throws SQLException {
        plain = DriverManager.getConnection("jdbc:h2:mem:atomic-plain-" + System.nanoTime());
        enc = MaatDriver.connect("jdbc:h2:mem:atomic-enc-" + System.nanoTime(), KeyFile.createIfAbsent(dir.resolve("key")));
        for (Connection c : List.of(plain, enc)) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE DEPT (ID INTEGER PRIMARY KEY, DNAME VARCHAR(20))");
                st.execute("CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(20) NOT NULL, SALARY INTEGER, "
                        + "BONUS INTEGER NOT NULL, CODE INTEGER UNIQUE, DEPT INTEGER REFERENCES DEPT (ID))");
                st.execute("CREATE TABLE EMP_COPY (ID INTEGER PRIMARY KEY, NAME VARCHAR(20) NOT NULL, SALARY INTEGER, "
                        + "BONUS INTEGER NOT NULL, CODE INTEGER, DEPT INTEGER)");
                st.execute("CREATE TABLE AUDIT (ID INTEGER, NOTE VARCHAR(60))");
                st.execute("CREATE TRIGGER EMP_AUDIT AFTER UPDATE ON EMP FOR EACH ROW CALL \""
                        + AuditAndRefuseMarked.class.getName() + "\"");
                st.execute("CREATE TRIGGER DEPT_AUDIT AFTER DELETE ON DEPT FOR EACH ROW CALL \""
                        + AuditAndRefuseMarked.class.getName() + "\"");
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        plain.close();
        enc.close();
    }

    /** Six departments, five employees the statements target (ids 1-5) and one they do not (id 6). */
    @BeforeEach
    void refill() throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            c.setAutoCommit(true);
            for (String sql : List.of("DELETE FROM AUDIT", "DELETE FROM EMP_COPY", "DELETE FROM EMP",
                    "UPDATE DEPT SET DNAME = 'unmarked'", "DELETE FROM DEPT",
                    "INSERT INTO DEPT VALUES (1, 'd1'), (2, 'd2'), (3, 'd3'), (4, 'd4'), (5, 'd5'), (6, 'd6')",
                    "INSERT INTO EMP VALUES (1, 'e1', 100, 1, 10, 1), (2, 'e2', 200, 1, 20, 1), (3, 'e3', 300, 1, 30, 1), "
                            + "(4, 'e4', 400, 1, 40, 1), (5, 'e5', 500, 1, 50, 1), (6, 'e6', 600, 1, 999, 1)")) {
                JdbcRows.exec(c, sql);
            }
            JdbcRows.exec(c, "DELETE FROM AUDIT"); // what the refill's deletes logged
        }
    }

    /** A failing statement, the setup that makes row {@code position} (0-4) of its targets fail, and its arguments. */
    private record Scenario(String name, List<String> setup, String statement, Object... args) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Scenario scenario(String kind, int position) {
        int id = position + 1;
        return switch (kind) {
            case "unique" -> new Scenario("UPDATE: unique key of row " + id + " collides with an untouched row",
                    List.of(), "UPDATE EMP SET CODE = CODE + ? WHERE ID IN (1, 2, 3, 4, 5)", 999 - 10 * id);
            case "not null" -> new Scenario("UPDATE: NOT NULL column of row " + id + " set to NULL",
                    List.of("UPDATE EMP SET SALARY = NULL WHERE ID = " + id),
                    "UPDATE EMP SET BONUS = SALARY * 2 WHERE ID IN (1, 2, 3, 4, 5)");
            case "foreign key" -> new Scenario("UPDATE: row " + id + " made to reference a missing department",
                    List.of("UPDATE EMP SET DEPT = 6 WHERE ID = " + id),
                    "UPDATE EMP SET DEPT = DEPT + 1 WHERE ID IN (1, 2, 3, 4, 5)");
            case "trigger" -> new Scenario("UPDATE: the trigger refuses row " + id,
                    List.of("UPDATE EMP SET NAME = 'FAIL' WHERE ID = " + id),
                    "UPDATE EMP SET SALARY = SALARY + ? WHERE ID IN (1, 2, 3, 4, 5)", 7);
            case "delete" -> new Scenario("DELETE: department " + id + " still referenced",
                    List.of("UPDATE EMP SET DEPT = 6", "UPDATE EMP SET DEPT = " + id + " WHERE ID = 6"),
                    "DELETE FROM DEPT WHERE ID IN (1, 2, 3, 4, 5)");
            case "delete trigger" -> new Scenario("DELETE: the trigger refuses department " + id,
                    List.of("UPDATE EMP SET DEPT = 6", "UPDATE DEPT SET DNAME = 'FAIL' WHERE ID = " + id),
                    "DELETE FROM DEPT WHERE ID IN (1, 2, 3, 4, 5)");
            case "insert select" -> new Scenario("INSERT ... SELECT: row " + id + " collides with a copied row",
                    List.of("INSERT INTO EMP_COPY VALUES (" + id + ", 'old', 0, 0, 0, 0)"),
                    "INSERT INTO EMP_COPY SELECT * FROM EMP WHERE ID IN (1, 2, 3, 4, 5) ORDER BY ID");
            case "split update" -> new Scenario("UPDATE read by a split query: unique key of row " + id
                    + " collides with an untouched row", List.of(),
                    "UPDATE EMP SET CODE = CODE + ? WHERE UPPER(NAME) LIKE 'E%' AND ID IN (1, 2, 3, 4, 5)", 999 - 10 * id);
            case "insert union" -> new Scenario("INSERT ... SELECT ... UNION: row " + id + " collides with a copied row",
                    List.of("INSERT INTO EMP_COPY VALUES (" + id + ", 'old', 0, 0, 0, 0)"),
                    "INSERT INTO EMP_COPY SELECT * FROM EMP WHERE ID IN (1, 2) UNION SELECT * FROM EMP WHERE ID IN (3, 4, 5)");
            case "insert case" -> new Scenario("INSERT ... SELECT with CASE and IN (subquery): row " + id
                    + " collides with a copied row", List.of("INSERT INTO EMP_COPY VALUES (" + id + ", 'old', 0, 0, 0, 0)"),
                    "INSERT INTO EMP_COPY SELECT ID, NAME, CASE WHEN SALARY > 250 THEN 1 ELSE 0 END, BONUS, CODE, DEPT "
                            + "FROM EMP WHERE ID IN (SELECT ID FROM DEPT WHERE ID <= 5) ORDER BY ID");
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static List<Arguments> scenarios() {
        List<Arguments> all = new ArrayList<>();
        for (String kind : List.of("unique", "not null", "foreign key", "trigger", "delete", "delete trigger",
                "insert select", "split update", "insert union", "insert case")) {
            for (int position : new int[] {0, 2, 4}) {
                for (boolean autoCommit : new boolean[] {true, false}) {
                    all.add(Arguments.of(scenario(kind, position), autoCommit));
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0}, auto-commit {1}")
    @MethodSource("scenarios")
    void aFailingRowUndoesTheWholeStatementAsInPlainH2(Scenario s, boolean autoCommit) throws SQLException {
        Map<Connection, String> states = new java.util.HashMap<>();
        for (Connection c : List.of(plain, enc)) {
            for (String sql : s.setup()) {
                JdbcRows.exec(c, sql);
            }
            c.setAutoCommit(autoCommit);
            JdbcRows.exec(c, "INSERT INTO AUDIT VALUES (0, 'earlier in the transaction')");
            Throwable t = catchThrowable(() -> JdbcRows.exec(c, s.statement(), s.args()));
            assertThat(t).as(c == plain ? "plain H2 fails" : "the driver fails").isInstanceOf(SQLException.class);
            states.put(c, ((SQLException) t).getSQLState());
            assertThat(c.getAutoCommit()).isEqualTo(autoCommit);
            // The connection's own view: the statement left nothing, the transaction's earlier row is there.
            assertThat(JdbcRows.rows(c, "SELECT COUNT(*) FROM AUDIT WHERE ID = 0")).containsExactly(List.of(1L));
            if (!autoCommit) {
                c.commit();
                c.setAutoCommit(true);
            }
        }
        assertThat(states.get(enc)).as("SQLState").isEqualTo(states.get(plain));
        assertSameTables();
    }

    @Test
    void aSucceedingRowByRowStatementChangesAndAuditsWhatPlainH2Does() throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            JdbcRows.exec(c, "UPDATE EMP SET SALARY = SALARY * 2 + ?, CODE = CODE + 1 WHERE ID IN (2, 4, 6)", 5);
            JdbcRows.exec(c, "DELETE FROM DEPT WHERE ID IN (2, 3)");
            JdbcRows.exec(c, "INSERT INTO EMP_COPY SELECT * FROM EMP WHERE SALARY > ?", 300);
        }
        assertSameTables();
        assertThat(JdbcRows.rows(enc, "SELECT COUNT(*) FROM AUDIT")).containsExactly(List.of(5L));
    }

    @Test
    void aRolledBackRowByRowStatementLeavesNothing() throws SQLException {
        for (Connection c : List.of(plain, enc)) {
            c.setAutoCommit(false);
            JdbcRows.exec(c, "UPDATE EMP SET SALARY = SALARY + 1 WHERE ID IN (1, 2)");
            JdbcRows.exec(c, "DELETE FROM DEPT WHERE ID = 5");
            JdbcRows.exec(c, "INSERT INTO EMP_COPY SELECT * FROM EMP");
            assertThat(JdbcRows.rows(c, "SELECT SALARY FROM EMP WHERE ID = 1")).containsExactly(List.of(101L));
            c.rollback();
            c.setAutoCommit(true);
        }
        assertSameTables();
        assertThat(JdbcRows.rows(enc, "SELECT SUM(SALARY), COUNT(*) FROM EMP")).containsExactly(List.of(2100L, 6L));
        assertThat(JdbcRows.rows(enc, "SELECT COUNT(*) FROM AUDIT")).containsExactly(List.of(0L));
    }

    private static void assertSameTables() throws SQLException {
        for (String q : List.of("SELECT * FROM DEPT ORDER BY ID", "SELECT * FROM EMP ORDER BY ID",
                "SELECT * FROM EMP_COPY ORDER BY ID", "SELECT * FROM AUDIT ORDER BY ID, NOTE")) {
            assertThat(JdbcRows.rows(enc, q)).as(q).isEqualTo(JdbcRows.rows(plain, q));
        }
    }

    /**
     * Writes an AUDIT row for every row it is fired for (naming the row and, to show when it fires, the
     * table's salary total at that moment), then refuses a row named FAIL.
     */
    public static final class AuditAndRefuseMarked implements Trigger {
        private String table;

        @Override
        public void init(Connection conn, String schema, String trigger, String table, boolean before, int type) {
            this.table = table;
        }

        @Override
        public void fire(Connection conn, Object[] oldRow, Object[] newRow) throws SQLException {
            String total = "-";
            if (table.equalsIgnoreCase("EMP")) {
                try (Statement st = conn.createStatement();
                        ResultSet rs = st.executeQuery("SELECT SUM(SALARY) FROM EMP")) {
                    rs.next();
                    total = String.valueOf(rs.getLong(1));
                }
            }
            try (PreparedStatement ps = conn.prepareStatement("INSERT INTO AUDIT VALUES (?, ?)")) {
                ps.setObject(1, oldRow[0]);
                ps.setString(2, table + (newRow == null ? " delete" : " update") + " total " + total);
                ps.executeUpdate();
            }
            if ("FAIL".equals(oldRow[1])) {
                throw new SQLException("refused row " + oldRow[0], "45000");
            }
        }
    }
}
