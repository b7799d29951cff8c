package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Comparisons H2 evaluates by converting the column rather than the constant (a DATE against a timestamp
 * compares as timestamps, text against a number compares numerically), through every operator, with
 * literals and parameters, wholly in H2 and split, in queries and in writes: the same rows (or the same
 * SQLState) as plain H2.
 */
class ConvertedComparisonsTest {

    private static final List<String> OPERATORS = List.of("=", "<>", "<", "<=", ">", ">=");
    /** Forces the split; absent, the statement runs wholly in H2 when it can. */
    private static final List<String> SHAPES = List.of("", " AND UPPER(NAME) <> 'X'");

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(10), D DATE, CODE VARCHAR(5), NUM VARCHAR(5))",
                "INSERT INTO T VALUES (1, 'a', DATE '2021-03-01', '1', '1'), (2, 'b', DATE '2021-03-02', '01', '2'), "
                        + "(3, 'c', DATE '2021-03-03', '1.0', '10'), (4, 'd', DATE '2021-03-02', '2', NULL), "
                        + "(5, 'e', NULL, 'x', ' 3 ')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void dateColumnAgainstATimestampWithATimeEveryOperator() throws SQLException {
        for (String op : OPERATORS) {
            for (String shape : SHAPES) {
                same("SELECT ID FROM T WHERE D " + op + " TIMESTAMP '2021-03-02 12:00:00'" + shape + " ORDER BY ID");
                same("SELECT ID FROM T WHERE TIMESTAMP '2021-03-02 00:00:01' " + op + " D" + shape + " ORDER BY ID");
                same("SELECT ID FROM T WHERE NOT (D " + op + " TIMESTAMP '2021-03-02 12:00:00')" + shape + " ORDER BY ID");
                same("SELECT ID FROM T WHERE D " + op + " ?" + shape + " ORDER BY ID", Timestamp.valueOf("2021-03-02 12:00:00"));
                same("SELECT ID FROM T WHERE D " + op + " ?" + shape + " ORDER BY ID",
                        LocalDateTime.parse("2021-03-01T23:59:59.999999999"));
            }
        }
    }

    @Test
    void dateColumnAgainstATimestampAtMidnightIsTheDay() throws SQLException {
        for (String op : OPERATORS) {
            for (String shape : SHAPES) {
                same("SELECT ID FROM T WHERE D " + op + " TIMESTAMP '2021-03-02 00:00:00'" + shape + " ORDER BY ID");
                same("SELECT ID FROM T WHERE D " + op + " ?" + shape + " ORDER BY ID", Timestamp.valueOf("2021-03-02 00:00:00"));
            }
        }
    }

    @Test
    void dateColumnInBetweenAndInListsOfTimestamps() throws SQLException {
        for (String shape : SHAPES) {
            same("SELECT ID FROM T WHERE D BETWEEN TIMESTAMP '2021-03-01 00:00:01' AND TIMESTAMP '2021-03-02 12:00:00'"
                    + shape + " ORDER BY ID");
            same("SELECT ID FROM T WHERE D NOT BETWEEN ? AND ?" + shape + " ORDER BY ID",
                    Timestamp.valueOf("2021-03-01 06:00:00"), Timestamp.valueOf("2021-03-02 00:00:00"));
            same("SELECT ID FROM T WHERE D IN (TIMESTAMP '2021-03-02 00:00:00', TIMESTAMP '2021-03-03 00:00:01')"
                    + shape + " ORDER BY ID");
            same("SELECT ID FROM T WHERE D NOT IN (?, ?)" + shape + " ORDER BY ID",
                    Timestamp.valueOf("2021-03-02 00:00:00"), Timestamp.valueOf("2021-03-03 00:00:01"));
        }
    }

    @Test
    void textColumnAgainstANumberComparesNumbers() throws SQLException {
        for (String op : OPERATORS) {
            for (String shape : SHAPES) {
                same("SELECT ID FROM T WHERE NUM " + op + " 2" + shape + " ORDER BY ID");
                same("SELECT ID FROM T WHERE 2.0 " + op + " NUM" + shape + " ORDER BY ID");
                same("SELECT ID FROM T WHERE NUM " + op + " ?" + shape + " ORDER BY ID", 2);
                same("SELECT ID FROM T WHERE NUM " + op + " ?" + shape + " ORDER BY ID", "2");
                same("SELECT ID FROM T WHERE ID < 5 AND CODE " + op + " ?" + shape + " ORDER BY ID", 1);
            }
        }
        for (String shape : SHAPES) {
            same("SELECT ID FROM T WHERE NUM IN (1, 3)" + shape + " ORDER BY ID");
            same("SELECT ID FROM T WHERE NUM NOT IN (?, ?)" + shape + " ORDER BY ID", 10, 1);
            same("SELECT ID FROM T WHERE CODE = 1" + shape + " ORDER BY ID"); // 'x' cannot be converted: 22018
        }
    }

    @Test
    void writesFilteredByConvertedComparisonsChangeWhatPlainH2Changes() throws SQLException {
        for (String[] w : new String[][] {
            {"UPDATE T SET NAME = 'u' WHERE D < TIMESTAMP '2021-03-02 12:00:00'"},
            {"UPDATE T SET NAME = 'v' WHERE D >= ?", "2021-03-02 00:00:01"},
            {"UPDATE T SET NAME = 'w' WHERE NUM = 10"},
            {"UPDATE T SET NAME = 'y' WHERE NUM > ?", "2"},
            {"UPDATE T SET NAME = 'z' WHERE NUM = ?", "3"},
            {"UPDATE T SET NAME = NAME || 'q' WHERE NUM = ?", "3"},
            {"DELETE FROM T WHERE NUM = ?", "1"},
            {"DELETE FROM T WHERE D = TIMESTAMP '2021-03-03 00:00:00' AND NUM = 10.0"},
        }) {
            Object[] args = w.length == 1 ? new Object[0]
                    : new Object[] {w[1].length() > 2 ? Timestamp.valueOf(w[1]) : Integer.valueOf(w[1])};
            List<String> outcomes = new ArrayList<>();
            for (Connection c : List.of(db.plain, db.enc)) {
                outcomes.add(update(c, w[0], args));
            }
            assertThat(outcomes.get(1)).as(w[0]).isEqualTo(outcomes.get(0));
            same("SELECT * FROM T ORDER BY ID");
        }
    }

    /** The same rows as plain H2, or the same SQLState when plain H2 fails. */
    private static void same(String sql, Object... params) throws SQLException {
        String plainFailure = null;
        try {
            Pair.answer(db.plain, sql, params);
        } catch (SQLException e) {
            plainFailure = e.getSQLState();
        }
        if (plainFailure == null) {
            db.same(sql, params);
            return;
        }
        String encFailure = null;
        try {
            Pair.answer(db.enc, sql, params);
        } catch (SQLException e) {
            encFailure = e.getSQLState();
        }
        assertThat(encFailure).as(sql).isEqualTo(plainFailure);
    }

    private static String update(Connection c, String sql, Object... args) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            return "count " + ps.executeUpdate();
        } catch (SQLException e) {
            return "SQLState " + e.getSQLState();
        }
    }
}
