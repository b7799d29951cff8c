package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Promise 1 around the split's own machinery: the MAAT_ROWID column, _ROWID_, and re-executed statements. */
class SplitRowIdAndCacheTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE R (MAAT_ROWID INTEGER, NAME VARCHAR(20))",
                "INSERT INTO R VALUES (7, 'a'), (8, 'b')",
                "CREATE TABLE P (ID INTEGER PRIMARY KEY, NAME VARCHAR(20))",
                "INSERT INTO P VALUES (10, 'ann'), (20, 'bob'), (30, 'carla'), (40, 'dan')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void applicationColumnNamedMaatRowIdBesideRowId() throws SQLException {
        db.same("SELECT R.MAAT_ROWID FROM R WHERE UPPER(R.NAME) <> 'X' AND R._ROWID_ > 0 ORDER BY 1");
    }

    @Test
    void rowIdKeepsItsLabel() throws SQLException {
        db.same("SELECT _ROWID_, NAME FROM R WHERE UPPER(NAME) <> 'X' ORDER BY NAME");
    }

    @Test
    void rowIdOfAnEncryptedIntegerPrimaryKeyIsRefusedNotAnsweredOtherwise() throws SQLException {
        // Plain H2's row id here is the key ID; behind the driver ID is an onion and H2's row number differs,
        // so the driver refuses rather than answer differently.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> db.enc.prepareStatement(
                "SELECT _ROWID_ AS RID, ID FROM P WHERE UPPER(NAME) <> 'X' ORDER BY ID").executeQuery())
                .isInstanceOf(java.sql.SQLFeatureNotSupportedException.class)
                .hasMessageContaining("_ROWID_ of P").hasMessageContaining("select ID instead");
    }

    private static List<List<Object>> runs(Connection c, String sql, Object[][] params) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (Object[] p : params) {
                for (int i = 0; i < p.length; i++) {
                    ps.setObject(i + 1, p[i]);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    out.add(Pair.answer(rs));
                }
            }
        }
        return out;
    }

    @Test
    void reExecutedStatementWithOtherParametersAndRefusedPatterns() throws SQLException {
        String sql = "SELECT COUNT(*), MIN(ID) FROM P WHERE NAME LIKE ? AND ID IN (?, ?, ?)";
        Object[][] params = {{"%an%", 10, 20, 40}, {"%a%", 10, 30, 40}, {"carla", 30, 30, 30}, {"%", 10, null, 40},
            {"%nn", 20, 30, 40}};
        assertThat(runs(db.enc, sql, params)).isEqualTo(runs(db.plain, sql, params));
    }

    @Test
    void reExecutedWholeQueryFallingBackToTheSplit() throws SQLException {
        String sql = "SELECT ID FROM P WHERE NAME LIKE ? ORDER BY ID";
        Object[][] params = {{"%carla%"}, {"%a%"}, {"bob"}, {"_o_"}, {"%an%"}};
        assertThat(runs(db.enc, sql, params)).isEqualTo(runs(db.plain, sql, params));
    }
}
