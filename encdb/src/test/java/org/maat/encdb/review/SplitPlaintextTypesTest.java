package org.maat.encdb.review;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 1 for plaintext-annotated columns (any H2 type) in a split query: the client table must declare
 * them as H2 does, or values are rounded or refused on loading.
 */
class SplitPlaintextTypesTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(10), TS9 TIMESTAMP(9) COMMENT 'maat:plaintext', "
                + "IV INTERVAL DAY(4) COMMENT 'maat:plaintext', TM TIME(3) COMMENT 'maat:plaintext', "
                + "DF DECFLOAT(5) COMMENT 'maat:plaintext', J JSON COMMENT 'maat:plaintext', "
                + "U UUID COMMENT 'maat:plaintext')",
                "INSERT INTO T VALUES (1, 'a', TIMESTAMP '2021-01-01 10:00:00.123456789', INTERVAL '1000' DAY, "
                        + "TIME '10:11:12.345', 1.2345, JSON '{\"k\":1}', "
                        + "'6ba7b810-9dad-11d1-80b4-00c04fd430c8')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void nanosecondTimestampKeepsItsNanoseconds() throws SQLException {
        db.same("SELECT ID, TS9 FROM T WHERE UPPER(NAME) <> 'X'");
    }

    @Test
    void intervalWithLeadingPrecisionLoads() throws SQLException {
        db.same("SELECT ID, IV FROM T WHERE UPPER(NAME) <> 'X'");
    }

    @Test
    void timeWithFractionalPrecision() throws SQLException {
        db.same("SELECT ID, TM FROM T WHERE UPPER(NAME) <> 'X'");
    }

    @Test
    void decfloatJsonAndUuid() throws SQLException {
        db.same("SELECT ID, DF, J, U FROM T WHERE UPPER(NAME) <> 'X'");
    }
}
