package org.maat.encdb.review;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 1 under H2 settings: the application's statement runs on the client H2, so it must run there
 * with the settings the server database and session have (here: null ordering), or plain H2's answer differs.
 */
class SplitSessionSettingsTest {

    @TempDir
    Path dir;

    @Test
    void nullOrderingOfTheDatabaseAppliesToTheSplit() throws Exception {
        try (Pair db = new Pair(dir, ";DEFAULT_NULL_ORDERING=HIGH")) {
            db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(20), V INTEGER)");
            db.both("INSERT INTO T VALUES (1, 'a', 5), (2, 'b', NULL), (3, 'c', 1)");
            db.same("SELECT ID FROM T ORDER BY V");
            db.same("SELECT ID FROM T WHERE UPPER(NAME) <> 'X' ORDER BY V");
        }
    }

    @Test
    void setStatementOfTheSessionAppliesToTheSplit() throws Exception {
        try (Pair db = new Pair(dir, "")) {
            db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(20), V INTEGER)");
            db.both("INSERT INTO T VALUES (1, 'a', 5), (2, 'b', NULL), (3, 'c', 1)");
            db.both("SET DEFAULT_NULL_ORDERING HIGH");
            db.same("SELECT ID FROM T WHERE UPPER(NAME) <> 'X' ORDER BY V");
        }
    }

    @Test
    void databaseCollationAppliesToTheSplit() throws Exception {
        try (Pair db = new Pair(dir, ";COLLATION=ENGLISH")) {
            db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(20))");
            db.both("INSERT INTO T VALUES (1, 'bob'), (2, 'Ann'), (3, 'Carla'), (4, 'ann')");
            db.same("SELECT ID FROM T WHERE LENGTH(NAME) > 0 ORDER BY NAME, ID");
        }
    }

    @Test
    void sessionTimeZoneAppliesToTheSplit() throws Exception {
        try (Pair db = new Pair(dir, "")) {
            db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(20), TS TIMESTAMP)");
            db.both("INSERT INTO T VALUES (1, 'a', TIMESTAMP '2021-01-01 10:00:00')");
            db.both("SET TIME ZONE '+09:00'");
            db.same("SELECT ID, CAST(TS AS TIMESTAMP WITH TIME ZONE) FROM T WHERE UPPER(NAME) <> 'X'");
        }
    }

    @Test
    void anUnsetSessionVariableIsNullInTheSplitAsInH2() throws Exception {
        // SET @name is refused by the driver (its value would sit in the server's session in plaintext); a
        // variable never set is NULL, on the client H2 as in plain H2.
        try (Pair db = new Pair(dir, "")) {
            db.both("CREATE TABLE T (ID INTEGER, NAME VARCHAR(20))");
            db.both("INSERT INTO T VALUES (1, 'a'), (2, 'b')");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                try (java.sql.Statement st = db.enc.createStatement()) {
                    st.execute("SET @LIMIT_ID = 1");
                }
            }).isInstanceOf(java.sql.SQLFeatureNotSupportedException.class).hasMessageContaining("@LIMIT_ID");
            db.same("SELECT ID, @LIMIT_ID FROM T WHERE UPPER(NAME) <> 'X' AND COALESCE(ID <= @LIMIT_ID, TRUE) "
                    + "ORDER BY ID");
        }
    }
}
