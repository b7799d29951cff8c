package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * H2 negates a value once per minus sign, and the negation of an integer type's minimum overflows (22003):
 * {@code - - c < 10} fails on a row where {@code c} is {@code -2147483648}, it is not {@code c < 10}. Every run
 * of signs over every encrypted number type, in every condition a signed column may stand in, in the select
 * list, over constants and in writes (conditions and SET expressions): the same rows or the same SQLState as
 * plain H2, with and without the minimum in the table, wholly in H2 and split.
 */
class NegationOverflowTest {

    /** Each type with its minimum; a BIGINT with an Ord onion holds only [-2^47, 2^47). */
    private static final String[][] TYPES = {
        {"INTEGER", "", "-2147483648"},
        {"SMALLINT", "", "-32768"},
        {"TINYINT", "", "-128"},
        {"BIGINT", " COMMENT 'maat:onions=eq'", "-9223372036854775808"},
        {"BIGINT", "", "-140737488355328"},
        {"NUMERIC(9,2)", "", "-9999999.99"},
        {"DOUBLE", "", "-1.0E300"},
        {"REAL", "", "-3.4E38"},
    };
    private static final List<String> RUNS = List.of("-", "- -", "+ - +", "- - -", "-(-");
    private static final List<String> CONDITIONS = List.of("%s < 5", "%s = -5", "%s >= -5", "%s <> 5", "5 > %s",
            "%s IN (5, -5)", "%s IS NULL", "%s IS NOT NULL", "%s BETWEEN -10 AND 10", "NOT (%s <= 0)");
    /**
     * After each condition: nothing (H2 runs the statement whole), {@code UPPER(NAME)} (a split). Before it:
     * {@code ID > 1}, which H2 tests first (it orders conjuncts by cost, keeping the written order among equals).
     */
    private static final List<String> SHAPES = List.of("%s", "%s AND UPPER(NAME) <> 'X'", "ID > 1 AND %s");

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        for (int t = 0; t < TYPES.length; t++) {
            for (String table : List.of("T" + t, "U" + t)) {
                db.both("CREATE TABLE " + table + " (ID INTEGER COMMENT 'maat:plaintext', NAME VARCHAR(5), V "
                        + TYPES[t][0] + TYPES[t][1] + ")");
                db.both("INSERT INTO " + table + " VALUES (2, 'b', 5), (3, 'c', -5), (4, 'd', NULL), (5, 'e', 0)");
            }
            db.both("INSERT INTO T" + t + " VALUES (1, 'a', " + TYPES[t][2] + ")"); // U keeps no minimum
        }
    }

    private final List<String> differing = new ArrayList<>();

    @AfterEach
    void noneDiffered() {
        assertThat(differing).as("statements the driver answers otherwise than plain H2").isEmpty();
    }

    @Test
    void signedColumnsInConditionsOverflowAsInH2() {
        for (int t = 0; t < TYPES.length; t++) {
            for (String table : List.of("T" + t, "U" + t)) {
                for (String run : RUNS) {
                    String signed = run + " V" + ")".repeat(run.length() - run.replace("(", "").length());
                    for (String condition : CONDITIONS) {
                        for (String shape : SHAPES) {
                            same("SELECT ID FROM " + table + " WHERE " + shape.formatted(condition.formatted(signed)));
                        }
                    }
                }
            }
        }
    }

    @Test
    void signedColumnsInTheSelectListOverflowAsInH2() {
        for (int t = 0; t < TYPES.length; t++) {
            for (String table : List.of("T" + t, "U" + t)) {
                for (String item : List.of("- V", "- - V", "+ - V", "-(-V)", "ABS(V)", "V / -1", "V * -1", "0 - V",
                        "CAST(- V AS BIGINT)", "- CAST(V AS BIGINT)", "DISTINCT - V", "SUM(- V)", "MIN(- - V)")) {
                    same("SELECT " + item + " FROM " + table);
                    same("SELECT " + item + " FROM " + table + " WHERE UPPER(NAME) <> 'X'");
                }
            }
        }
    }

    @Test
    void negatedConstantsOverflowAsInH2() {
        for (String constant : List.of("- - 2147483648", "-(-2147483648)", "- - 9223372036854775808",
                "-(- 9223372036854775808)", "- (2147483648)", "- - (2147483648)", "- 2147483648", "- - 2147483647",
                "+ - 2147483648", "- - -2147483648")) {
            for (int t : new int[] {0, 3}) {
                same("SELECT ID FROM T" + t + " WHERE V = " + constant);
                same("SELECT ID FROM T" + t + " WHERE V < " + constant);
                same("SELECT ID, V + " + constant.replace(" ", "") + " FROM T" + t);
            }
            same("SELECT " + constant + " FROM T0");
        }
    }

    @Test
    void writesOverflowAsInH2() throws SQLException {
        db.both("CREATE TABLE W (ID INTEGER COMMENT 'maat:plaintext', I INTEGER, S SMALLINT, B BIGINT, "
                + "N NUMERIC(9,2), D DOUBLE)", "INSERT INTO W VALUES (1, -2147483648, -32768, -140737488355327, -1.5, 0.0), "
                + "(2, 5, 5, 5, 5.5, 5.5), (3, NULL, NULL, NULL, NULL, NULL)");
        for (String write : List.of("UPDATE W SET N = 1 WHERE - I < 10", "UPDATE W SET N = 1 WHERE - - I = 5",
                "DELETE FROM W WHERE - S < 10", "DELETE FROM W WHERE - - S IN (5)",
                "UPDATE W SET I = - - I WHERE ID = 1", "UPDATE W SET B = - - I WHERE ID = 1",
                "UPDATE W SET B = I - 1 WHERE ID = 1", "UPDATE W SET B = I - 1 + 1 WHERE ID = 1",
                "UPDATE W SET I = I - 1 + 1", "UPDATE W SET S = - - S WHERE ID = 1", "UPDATE W SET B = - S",
                "UPDATE W SET I = S + S", "UPDATE W SET S = S * 2 - S", "UPDATE W SET B = -(-2147483648)",
                "UPDATE W SET B = I * 2 WHERE ID = 2", "UPDATE W SET B = I + 3000000000", "UPDATE W SET D = - D",
                "UPDATE W SET I = - - I WHERE ID = 2", "UPDATE W SET N = - N", "DELETE FROM W WHERE - I < 10")) {
            List<String> outcomes = new ArrayList<>();
            for (Connection c : List.of(db.plain, db.enc)) {
                try (java.sql.Statement st = c.createStatement()) {
                    outcomes.add("updated " + st.executeUpdate(write));
                } catch (SQLException e) {
                    outcomes.add("error " + e.getSQLState());
                }
            }
            if (!outcomes.get(1).equals(outcomes.get(0))) {
                differing.add(write + "\n  H2:     " + outcomes.get(0) + "\n  driver: " + outcomes.get(1));
            }
            same("SELECT * FROM W");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    /** Records {@code sql} unless the driver answers it as plain H2: the same rows in any order, or the same SQLState. */
    private void same(String sql) {
        List<Object> truth = outcome(db.plain, sql);
        List<Object> driver = outcome(db.enc, sql);
        if (!driver.equals(truth)) {
            differing.add(sql + "\n  H2:     " + truth + "\n  driver: " + driver);
        }
    }

    private static List<Object> outcome(Connection c, String sql) {
        try {
            List<Object> types = new ArrayList<>();
            List<Object> rows = new ArrayList<>();
            for (Object o : Pair.answer(c, sql)) {
                if (o instanceof String column) {
                    types.add(column.substring(column.lastIndexOf(':') + 1)); // labels of expressions are not compared
                } else {
                    rows.add(o);
                }
            }
            rows.sort(java.util.Comparator.comparing(String::valueOf));
            types.addAll(rows);
            return types;
        } catch (SQLException e) {
            return List.of("error " + e.getSQLState());
        }
    }
}
