package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/** Promise 5: a split query sees the connection's own uncommitted writes and not other connections'. */
class SplitTransactionsTest {

    @TempDir
    Path dir;

    @Test
    void splitSeesOwnUncommittedInsertAndNotAnotherConnections() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), V INTEGER)");
            db.both("INSERT INTO T VALUES (1, 'a', 5), (2, 'b', 6)");
            db.same("SELECT COUNT(*) FROM T WHERE V = 5 AND UPPER(NAME) <> 'X'"); // peels V while nothing is pending
            db.plain.setAutoCommit(false);
            db.enc.setAutoCommit(false);
            db.both("INSERT INTO T VALUES (3, 'c', 5)");
            db.same("SELECT ID FROM T WHERE V = 5 AND UPPER(NAME) <> 'X' ORDER BY ID");
            try (Connection other = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"),
                    KeyFile.createIfAbsent(dir.resolve("key"))); Statement st = other.createStatement()) {
                other.setAutoCommit(false);
                st.execute("INSERT INTO T VALUES (4, 'd', 5)");
                assertThat(Pair.answer(db.enc, "SELECT ID FROM T WHERE V = 5 AND UPPER(NAME) <> 'X' ORDER BY ID"))
                        .isEqualTo(Pair.answer(db.plain, "SELECT ID FROM T WHERE V = 5 AND UPPER(NAME) <> 'X' ORDER BY ID"));
                other.rollback();
            }
            db.plain.rollback();
            db.enc.rollback();
        }
    }

    @Test
    void splitWithOwnUncommittedWritesDoesNotNeedAPeelItCanDoWithout() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), V INTEGER)");
            db.both("INSERT INTO T VALUES (1, 'a', 5), (2, 'b', 6)");
            db.plain.setAutoCommit(false);
            db.enc.setAutoCommit(false);
            db.both("INSERT INTO T VALUES (3, 'c', 5)");
            // V's Eq onion is still RND: pushing V = 5 needs a peel, which uncommitted writes forbid; the
            // client can evaluate V = 5 itself, so the split has a correct answer without it.
            db.same("SELECT ID FROM T WHERE V = 5 AND UPPER(NAME) <> 'X' ORDER BY ID");
            db.plain.rollback();
            db.enc.rollback();
        }
    }

    @Test
    void explainDoesNotPeel() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), V INTEGER)");
            db.both("INSERT INTO T VALUES (1, 'a', 5), (2, 'b', 6)");
            MaatConnection mc = db.enc.unwrap(MaatConnection.class);
            String before = mc.layers().format();
            List<String> lines = db.explain("SELECT ID FROM T WHERE V = 5 AND UPPER(NAME) <> 'X'");
            assertThat(mc.layers().format()).isEqualTo(before);
            assertThat(lines).anyMatch(l -> l.contains("would peel T.V Eq RND->DET"));
        }
    }
}
