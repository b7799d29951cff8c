package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Promises 1 and 4 around views and EXPLAIN. */
class SplitViewsAndExplainTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE D (ID INTEGER PRIMARY KEY, DNAME VARCHAR(10))",
                "CREATE TABLE E (ID INTEGER PRIMARY KEY, NAME VARCHAR(10), DEPT INTEGER, MGR INTEGER)",
                "INSERT INTO D VALUES (1, 'd1'), (2, 'd2'), (3, NULL)",
                "INSERT INTO E VALUES (1, 'ann', 1, NULL), (2, 'bob', 1, 1), (3, 'carla', NULL, 1), (4, 'dan', 2, 3)",
                "CREATE VIEW V1 AS SELECT E.ID AS EID, E.NAME, D.DNAME FROM E LEFT JOIN D ON E.DEPT = D.ID",
                "CREATE VIEW V2 AS SELECT V1.EID, V1.NAME, M.NAME AS BOSS FROM V1 LEFT JOIN E M ON M.ID = V1.EID");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void viewOverAViewWithOuterJoinsAndSharedTable() throws SQLException {
        db.same("SELECT * FROM V2 WHERE UPPER(NAME) <> 'X' ORDER BY EID");
        db.same("SELECT V1.EID, E.NAME FROM V1 JOIN E ON E.MGR = V1.EID WHERE E.ID > ? AND UPPER(V1.NAME) <> 'X' "
                + "ORDER BY 1, 2", 2);
    }

    @Test
    void explainOfAPreparedSplitWithUnsetParameters() throws SQLException {
        List<String> lines = new ArrayList<>();
        try (PreparedStatement ps = db.enc.prepareStatement("EXPLAIN SELECT ID FROM E WHERE DEPT = ? AND UPPER(NAME) <> ?");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
        }
        assertThat(lines.get(0)).startsWith("strategy: split");
        assertThat(lines).anyMatch(l -> l.contains("DEPT = ?"));
        assertThat(lines).anyMatch(l -> l.startsWith("client:"));
    }
}
