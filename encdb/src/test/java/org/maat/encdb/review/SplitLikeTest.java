package org.maat.encdb.review;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Promise 1 for LIKE pushed to the Search onion: H2 may only narrow to candidates, never lose a match. */
class SplitLikeTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(20), PHONE VARCHAR(20) COMMENT 'maat:search=substring(3,5)')",
                "INSERT INTO T VALUES (1, 'a_b c', '515-123-4567'), (2, 'ab c', '515.123.4567'), "
                        + "(3, 'Ann-Marie', '(515) 1234'), (4, 'ann marie', NULL), (5, '100% real', '5151')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static void both(String condition, Object... params) throws SQLException {
        db.same("SELECT ID FROM T WHERE " + condition + " ORDER BY ID", params);
        db.same("SELECT COUNT(*) FROM T WHERE " + condition, params);
    }

    @Test
    void escapedWildcards() throws SQLException {
        both("NAME LIKE 'a!_b%' ESCAPE '!'");
        both("NAME LIKE '100!% %' ESCAPE '!'");
        both("NAME LIKE ? ESCAPE '!'", "%0!% real");
    }

    @Test
    void wordsAcrossPunctuationAndCase() throws SQLException {
        both("NAME LIKE 'Ann-%'");
        both("NAME LIKE '%marie'");
        both("NAME LIKE ?", "ann %");
    }

    @Test
    void substringSearch() throws SQLException {
        both("PHONE LIKE '%123%'");
        both("PHONE LIKE ?", "%5-123-%");
        both("PHONE LIKE '(515)%'");
    }
}
