package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.rewrite.InsertSelectPlan;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.RowSource;
import org.maat.encdb.rewrite.RowwisePlan;
import org.maat.encdb.rewrite.ValueSource;
import org.maat.keys.KeyFile;

/**
 * The executor's other way of reading a write's rows: an application-level SELECT run through the
 * driver's own query path ({@link RowSource.Application}), with the SET values computed by that query.
 * The rewriter chooses it only when it refuses the write's WHERE or SET wholly in H2, and the query
 * path runs such a SELECT only with the split (issue 17); so here the plans are the rewriter's own with
 * their source replaced by an application query the driver already runs: the table's primary key is a
 * plaintext INTEGER, which H2 uses as the row id, so {@code SELECT Q.ID, Q.ID, ...} reads it.
 */
class ApplicationRowSourceTest {

    @TempDir
    static Path dir;

    private static Connection plain;
    private static MaatConnection enc;

    @BeforeAll
    static void bothDatabases() throws SQLException {
        plain = DriverManager.getConnection("jdbc:h2:mem:appsource-plain-" + System.nanoTime());
        enc = MaatDriver.connect("jdbc:h2:mem:appsource-enc-" + System.nanoTime(), KeyFile.createIfAbsent(dir.resolve("key")));
        for (Connection c : List.of(plain, enc)) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY COMMENT 'maat:plaintext', NAME VARCHAR(20), "
                        + "SALARY INTEGER, CODE INTEGER UNIQUE)");
                st.execute("CREATE TABLE C (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), SALARY INTEGER, CODE INTEGER)");
                st.execute("INSERT INTO T VALUES (1, 'Ann Smith', 100, 1), (2, 'Bob Jones', 200, 2), "
                        + "(3, 'Cy Smith', 300, 3), (4, 'Dee Long', NULL, 4)");
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        plain.close();
        enc.close();
    }

    private static Plan plan(String sql) throws SQLException {
        enc.enter();
        try {
            return enc.plan(sql);
        } finally {
            enc.exit();
        }
    }

    private static Object[] params(Object... values) {
        return values;
    }

    @Test
    void anUpdateReadsItsRowsAndSetValuesFromTheApplicationQuery() throws SQLException {
        String update = "UPDATE T SET SALARY = SALARY * 2 + 5, CODE = CODE + 10 WHERE SALARY > ?";
        RowwisePlan rewritten = (RowwisePlan) plan(update);
        assertThat(rewritten.rows()).isInstanceOf(RowSource.Rewritten.class);
        // The query computes the SET values (columns 5 and 6 after the row id): the assignments read them.
        RowwisePlan viaQuery = new RowwisePlan(rewritten.table(), new RowSource.Application(
                "SELECT Q.ID, Q.ID, Q.NAME, Q.SALARY, Q.CODE, Q.SALARY * 2 + 5, Q.CODE + 10 FROM T Q "
                        + "WHERE Q.SALARY > ?"),
                6, List.of(new RowwisePlan.Assignment(2, (row, p) -> row[4]), new RowwisePlan.Assignment(3, (row, p) -> row[5])),
                rewritten.writers(), rewritten.writeSql(), rewritten.triggers(), 1);
        JdbcRows.exec(plain, update, 150);
        assertThat(enc.executor().rowwise(viaQuery, params(150))).isEqualTo(2);
        assertSame("SELECT * FROM T ORDER BY ID");

        // Codes 1..4 shift by one among the rows: H2 checks keys after all rows, so must the driver.
        for (Connection c : List.of(plain, enc)) {
            JdbcRows.exec(c, "UPDATE T SET CODE = ID");
        }
        String shift = "UPDATE T SET CODE = CODE + 1 WHERE ID > 0";
        RowwisePlan shiftPlan = new RowwisePlan(rewritten.table(), new RowSource.Application(
                "SELECT Q.ID, Q.ID, Q.NAME, Q.SALARY, Q.CODE, Q.CODE + 1 FROM T Q"), 5,
                List.of(new RowwisePlan.Assignment(3, (row, p) -> row[4])),
                ((RowwisePlan) plan("UPDATE T SET CODE = CODE + 1")).writers(),
                ((RowwisePlan) plan("UPDATE T SET CODE = CODE + 1")).writeSql(), List.of(), 0);
        JdbcRows.exec(plain, shift);
        assertThat(enc.executor().rowwise(shiftPlan, params())).isEqualTo(4);
        assertSame("SELECT * FROM T ORDER BY ID");
    }

    @Test
    void anUnsetParameterOfTheApplicationQueryFailsAsTheStatementWould() throws SQLException {
        RowwisePlan rewritten = (RowwisePlan) plan("DELETE FROM T WHERE NAME LIKE '% Smith'");
        RowwisePlan viaQuery = new RowwisePlan(rewritten.table(), new RowSource.Application(
                "SELECT Q.ID, Q.ID, Q.NAME, Q.SALARY, Q.CODE FROM T Q WHERE Q.SALARY > ?"), 4, List.of(),
                rewritten.writers(), rewritten.writeSql(), rewritten.triggers(), 1);
        Throwable t = catchThrowable(() -> enc.executor().rowwise(viaQuery, params(ValueSource.Unset.UNSET)));
        assertThat(((SQLException) t).getSQLState()).isEqualTo("07001");
        assertSame("SELECT * FROM T ORDER BY ID");
    }

    @Test
    void anInsertSelectReadsItsRowsFromTheApplicationQueryAllOrNone() throws SQLException {
        InsertSelectPlan rewritten = (InsertSelectPlan) plan("INSERT INTO C SELECT ID, NAME, SALARY, CODE FROM T");
        InsertSelectPlan viaQuery = new InsertSelectPlan(new RowSource.Application(
                "SELECT ID + ?, NAME, SALARY, CODE FROM T WHERE ID < 3 ORDER BY ID"), 4, rewritten.insert(), 1);
        JdbcRows.exec(plain, "INSERT INTO C SELECT ID + ?, NAME, SALARY, CODE FROM T WHERE ID < 3 ORDER BY ID", 10);
        assertThat(enc.executor().insertSelect(viaQuery, params(10))).isEqualTo(2);
        assertSame("SELECT * FROM C ORDER BY ID");

        // Ids 11 and 12 exist now: the second row collides, and the first is not kept either.
        InsertSelectPlan colliding = new InsertSelectPlan(new RowSource.Application(
                "SELECT ID + 9, NAME, SALARY, CODE FROM T WHERE ID > 1 ORDER BY ID"), 4, rewritten.insert(), 0);
        Throwable t = catchThrowable(() -> enc.executor().insertSelect(colliding, params()));
        assertThat(((SQLException) t).getSQLState()).isEqualTo("23505");
        assertThat(enc.getAutoCommit()).isTrue();
        assertSame("SELECT * FROM C ORDER BY ID");

        InsertSelectPlan tooNarrow = new InsertSelectPlan(new RowSource.Application("SELECT ID, NAME FROM T"), 4,
                rewritten.insert(), 0);
        Throwable narrow = catchThrowable(() -> enc.executor().insertSelect(tooNarrow, params()));
        assertThat(((SQLException) narrow).getSQLState()).isEqualTo("21S02");
    }

    private static void assertSame(String query) throws SQLException {
        assertThat(JdbcRows.rows(enc, query)).isEqualTo(JdbcRows.rows(plain, query));
    }
}
