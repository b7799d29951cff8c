package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/** Promise 1 over schema shapes: quoted names, recursive CTEs, text compared with numbers. */
class SplitSchemaShapesTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE \"low\" (\"a\" INTEGER, \"A\" VARCHAR(10))",
                "INSERT INTO \"low\" VALUES (1, 'x1'), (2, 'x2')",
                "CREATE TABLE LOW (A INTEGER, B VARCHAR(10))",
                "INSERT INTO LOW VALUES (5, 'y')",
                "CREATE TABLE S (ID INTEGER, CODE VARCHAR(5), NAME VARCHAR(10))",
                "INSERT INTO S VALUES (1, '1', 'a'), (2, '01', 'b'), (3, '1.0', 'c'), (4, '2', 'd')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void caseSensitiveQuotedTablesAndColumns() throws SQLException {
        db.same("SELECT \"a\", \"A\" FROM \"low\" WHERE UPPER(\"A\") <> 'X' ORDER BY \"a\"");
        db.same("SELECT L.\"a\", M.A FROM \"low\" L, LOW M WHERE UPPER(L.\"A\") <> UPPER(M.B) ORDER BY 1");
    }

    @Test
    void textColumnComparedWithANumberComparesNumbers() throws SQLException {
        db.same("SELECT ID FROM S WHERE CODE = 1 AND UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM S WHERE CODE = ? AND UPPER(NAME) <> 'X' ORDER BY ID", 1);
    }

    @Test
    void recursiveCteBesideAnEncryptedTable() throws SQLException {
        db.same("WITH RECURSIVE R(N) AS (SELECT 1 UNION ALL SELECT N + 1 FROM R WHERE N < 3) "
                + "SELECT R.N, S.NAME FROM R JOIN S ON S.ID = R.N ORDER BY 1");
    }

    @Test
    void concurrentConnectionsEachGetTheirOwnAnswer() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<List<Object>>> done = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int k = t + 1;
                done.add(pool.submit(() -> {
                    try (Connection c = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"),
                            KeyFile.createIfAbsent(dir.resolve("key")))) {
                        List<Object> last = null;
                        for (int i = 0; i < 30; i++) {
                            last = Pair.answer(c, "SELECT ID, UPPER(NAME) FROM S WHERE ID >= ? AND LENGTH(NAME) = 1 "
                                    + "ORDER BY ID", k);
                        }
                        return last;
                    }
                }));
            }
            for (int t = 0; t < 2; t++) {
                assertThat(done.get(t).get()).isEqualTo(Pair.answer(db.plain,
                        "SELECT ID, UPPER(NAME) FROM S WHERE ID >= ? AND LENGTH(NAME) = 1 ORDER BY ID", t + 1));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
