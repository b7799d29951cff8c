package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import org.h2.api.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * Promises 1 and 5: plain H2 answers one statement from one snapshot (READ COMMITTED is per statement), so
 * a transfer another connection commits while the statement runs is seen wholly or not at all. The split
 * reads its tables with one H2 statement per scan; a commit between two scans must not show half a transfer.
 * The commit is made deterministic by an H2 SELECT trigger on the physical table read between the two.
 */
class SplitSnapshotTest {

    /** The work the trigger does once, when armed: another connection's committed transfer. */
    static final AtomicReference<Connection> OTHER = new AtomicReference<>();

    /** Fires before H2 reads table C: commits a transfer from A to B on another connection, once. */
    public static final class Hook implements Trigger {
        @Override
        public void fire(Connection conn, Object[] oldRow, Object[] newRow) throws SQLException {
            Connection other = OTHER.getAndSet(null);
            if (other != null) {
                try (Statement st = other.createStatement()) {
                    st.executeUpdate("UPDATE A SET V = 40 WHERE ID = 1");
                    st.executeUpdate("UPDATE B SET V = 60 WHERE ID = 1");
                }
                other.commit();
            }
        }
    }

    @TempDir
    Path dir;

    @Test
    void scansOfOneSplitQuerySeeOneSnapshot() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE A (ID INTEGER PRIMARY KEY, V INTEGER)", "CREATE TABLE B (ID INTEGER PRIMARY KEY, V INTEGER)",
                    "CREATE TABLE C (ID INTEGER, NAME VARCHAR(10))",
                    "INSERT INTO A VALUES (1, 50)", "INSERT INTO B VALUES (1, 50)", "INSERT INTO C VALUES (1, 'c')");
            String sql = "SELECT (SELECT SUM(V) FROM A) + (SELECT COUNT(*) * 0 FROM C WHERE UPPER(NAME) <> 'X') "
                    + "+ (SELECT SUM(V) FROM B) AS TOTAL";
            db.same(sql); // 100, and the plan is made before the trigger exists
            // The truth: plain H2 under the same interleaving.
            try (Statement st = db.plain.createStatement()) {
                st.execute("CREATE TRIGGER HOOK BEFORE SELECT ON C CALL \"" + Hook.class.getName() + "\"");
            }
            try (Connection other = java.sql.DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"))) {
                other.setAutoCommit(false);
                OTHER.set(other);
                try (Statement st = db.plain.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    rs.next();
                    assertThat(OTHER.get()).as("the trigger ran in plain H2").isNull();
                    assertThat(rs.getLong(1)).as("plain H2: one snapshot").isEqualTo(100);
                }
            }
            try (Connection server = db.server(); Statement st = server.createStatement()) {
                st.execute("CREATE TRIGGER HOOK BEFORE SELECT ON C CALL \"" + Hook.class.getName() + "\"");
            }
            try (Connection other = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"),
                    KeyFile.createIfAbsent(dir.resolve("key")))) {
                other.setAutoCommit(false);
                OTHER.set(other);
                long total;
                try (Statement st = db.enc.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    rs.next();
                    total = rs.getLong(1);
                }
                assertThat(OTHER.get()).as("the trigger ran between the scans").isNull();
                assertThat(total).as("A + B, which every committed state keeps at 100").isEqualTo(100);
            }
        }
    }
}
