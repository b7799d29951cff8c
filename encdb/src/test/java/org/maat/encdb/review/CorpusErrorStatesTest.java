package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Error for error, as SQLite's sqllogictest corpus probes it: where plain H2 raises an error, the driver raises
 * one with the same SQLState (not a refusal, not another class of error). Each statement is one the corpus runs.
 */
class CorpusErrorStatesTest {

    @TempDir
    Path dir;
    private Pair db;

    @BeforeEach
    void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE t1(x INTEGER, y VARCHAR(8))", "CREATE INDEX t1i1 ON t1(x)", "INSERT INTO t1 VALUES(1, 'a')");
    }

    @AfterEach
    void close() throws SQLException {
        db.close();
    }

    private static String state(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            return "ok";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    private void sameState(String sql) {
        String plain = state(db.plain, sql);
        assertThat(plain).as("plain H2 on %s", sql).isNotEqualTo("ok");
        assertThat(state(db.enc, sql)).as(sql).isEqualTo(plain);
    }

    @Test
    void aSyntaxErrorCarriesTheStatePlainH2Gives() {
        sameState("REINDEX t1i1"); // 42001: H2 names what it expected
        sameState("SELECT 'abc"); // 42000
        sameState("INSERT OR REPLACE INTO t1 VALUES(2, 'b')");
    }

    @Test
    void statementsH2CannotReadEitherAreItsSyntaxErrorNotARefusal() throws SQLException {
        sameState("CREATE TRIGGER t1r1 UPDATE ON t1 BEGIN SELECT 1; END;"); // SQLite's trigger body: several statements
        sameState("REPLACE INTO t1 VALUES(1, 'b')"); // the driver's parser reads it as an UPSERT
        assertThat(Pair.answer(db.enc, "SELECT x, y FROM t1")).isEqualTo(Pair.answer(db.plain, "SELECT x, y FROM t1"));
    }

    @Test
    void dropTriggerDropsOrIsTheErrorPlainH2Gives() throws SQLException {
        sameState("DROP TRIGGER t1r1"); // 90042: no such trigger
        db.both("DROP TRIGGER IF EXISTS t1r1",
                "CREATE TRIGGER t1r1 AFTER UPDATE ON t1 FOR EACH ROW CALL \"" + RefuseEveryRow.class.getName() + "\"");
        sameState("UPDATE t1 SET y = 'b'"); // the trigger fires on both
        db.both("DROP TRIGGER t1r1", "UPDATE t1 SET y = 'c'"); // and is gone from both
        assertThat(Pair.answer(db.enc, "SELECT x, y FROM t1")).isEqualTo(Pair.answer(db.plain, "SELECT x, y FROM t1"));
        sameState("DROP TRIGGER t1r1");
    }

    @Test
    void viewsAreCreatedAndDroppedWithTheErrorsPlainH2Gives() throws SQLException {
        db.both("CREATE VIEW v1 AS SELECT x FROM t1 WHERE x > 0", "CREATE VIEW v2 AS SELECT x FROM v1");
        sameState("CREATE VIEW v1 AS SELECT x FROM t1"); // 90038
        sameState("CREATE VIEW t1 AS SELECT x FROM t1"); // 90038: a table of that name
        sameState("DROP VIEW v9"); // 90037
        sameState("DROP VIEW v1"); // 90107: v2 depends on it
        sameState("DROP TABLE t1"); // 90107: v1 depends on it
        assertThat(Pair.answer(db.enc, "SELECT x FROM v2")).isEqualTo(Pair.answer(db.plain, "SELECT x FROM v2"));
        sameState("INSERT INTO v1 VALUES (2)"); // HYC00: views are not writable
        sameState("INSERT INTO v1 VALUES (2, 'unknown')"); // 21S02: one column in v1
        sameState("DELETE FROM v1 WHERE x > 0");
        sameState("UPDATE v1 SET x = 3 WHERE x > 0");
        db.both("DROP VIEW v1 CASCADE");
        sameState("SELECT x FROM v2"); // gone with v1
        db.both("DROP TABLE t1");
    }

    /** A row trigger that refuses every row. */
    public static final class RefuseEveryRow implements org.h2.api.Trigger {
        @Override
        public void fire(Connection conn, Object[] oldRow, Object[] newRow) throws SQLException {
            throw new SQLException("refused by the trigger", "45000");
        }
    }
}
