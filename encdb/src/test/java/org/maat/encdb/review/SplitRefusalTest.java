package org.maat.encdb.review;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Promise 3: the split refuses only where no split is correct; here a split is correct and H2 answers. */
class SplitRefusalTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE S (ID INTEGER, NAME VARCHAR(10))",
                "INSERT INTO S VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void tableValueConstructorFunctionTheParserCannotReadIsRefusedByName() throws SQLException {
        // JSqlParser cannot read H2's TABLE(...): the driver says so (0A000), not that the SQL is malformed.
        String sql = "SELECT T.X, S.NAME FROM TABLE(X INTEGER = (1, 3)) T JOIN S ON S.ID = T.X "
                + "WHERE UPPER(S.NAME) <> 'Z' ORDER BY 1";
        try (java.sql.Statement plain = db.plain.createStatement()) {
            plain.executeQuery(sql).close(); // H2 runs it
        }
        try (java.sql.Statement enc = db.enc.createStatement()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> enc.executeQuery(sql))
                    .isInstanceOf(java.sql.SQLFeatureNotSupportedException.class)
                    .hasMessageContaining("H2 accepts but the driver's SQL parser");
        }
        try (java.sql.Statement enc = db.enc.createStatement()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> enc.executeQuery("SELEC 1 FROM S"))
                    .isInstanceOf(java.sql.SQLSyntaxErrorException.class).hasMessageContaining("syntax error");
        }
    }

    @Test
    void unnestAndSystemRangeBesideAnEncryptedTable() throws SQLException {
        db.same("SELECT R.X, S.NAME FROM SYSTEM_RANGE(1, 2) R JOIN S ON S.ID = R.X WHERE UPPER(S.NAME) <> 'Z' ORDER BY 1");
        db.same("SELECT U.C1, S.NAME FROM UNNEST(ARRAY[2, 3]) U JOIN S ON S.ID = U.C1 WHERE UPPER(S.NAME) <> 'Z' "
                + "ORDER BY 1");
    }
}
