package org.maat.encdb.review;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 1 for pushed filters: a condition pushed to H2 must keep every row the client's evaluation keeps,
 * including rows where the condition meets NULL under IS [NOT] TRUE/UNKNOWN, DISTINCT FROM, NOT.
 */
class SplitPushedNullSemanticsTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(10), V INTEGER, A BOOLEAN)",
                "INSERT INTO T VALUES (1, 'a', 5, TRUE), (2, 'b', NULL, NULL), (3, 'c', 2, FALSE), (4, 'd', 8, NULL)");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static void same(String condition) throws SQLException {
        db.same("SELECT ID FROM T WHERE " + condition + " AND UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void columnUnderIsNotTrueIsShipped() throws SQLException {
        same("(V = 5) IS NOT TRUE");
    }

    @Test
    void columnUnderIsUnknownIsShipped() throws SQLException {
        same("(V > 3) IS UNKNOWN");
    }

    @Test
    void columnUnderIsNotFalseIsShipped() throws SQLException {
        same("(V < 3) IS NOT FALSE");
    }

    @Test
    void distinctFromAndNegations() throws SQLException {
        same("V IS DISTINCT FROM 5");
        same("V IS NOT DISTINCT FROM NULL");
        same("NOT (V > 3)");
        same("V NOT BETWEEN 3 AND 6");
        same("NOT (V IS NOT NULL AND V = 5)");
    }

    @Test
    void booleanColumnConditions() throws SQLException {
        same("A");
        same("NOT A");
        same("A IS NOT FALSE");
        same("A = TRUE");
        same("A IS NULL");
    }
}
