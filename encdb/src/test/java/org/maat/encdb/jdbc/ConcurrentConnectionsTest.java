package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;
import org.maat.keys.KeySource;

class ConcurrentConnectionsTest {

    @TempDir
    Path dir;

    @Test
    void batchLoadersOnSeveralConnectionsAndAPeelingQueryKeepEveryRowReadable() throws Exception {
        KeySource key = KeyFile.createIfAbsent(dir.resolve("key"));
        String url = "jdbc:h2:" + dir.resolve("db");
        try (Connection admin = MaatDriver.connect(url, key); Statement st = admin.createStatement()) {
            st.execute("CREATE TABLE ROWS_ (ID INTEGER PRIMARY KEY, V INTEGER, S VARCHAR(12) COMMENT 'maat:search=none')");
            ExecutorService pool = Executors.newFixedThreadPool(5);
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int base = t * 1000;
                work.add(pool.submit(() -> {
                    try (Connection c = MaatDriver.connect(url, key);
                            PreparedStatement ins = c.prepareStatement("INSERT INTO ROWS_ VALUES (?, ?, ?)")) {
                        c.setAutoCommit(false);
                        for (int i = 0; i < 300; i++) {
                            ins.setInt(1, base + i);
                            ins.setInt(2, i);
                            ins.setString(3, "s" + i);
                            ins.addBatch();
                            if (i % 50 == 49) {
                                ins.executeBatch();
                                c.commit();
                            }
                        }
                    }
                    return null;
                }));
            }
            work.add(pool.submit(() -> {
                try (Connection c = MaatDriver.connect(url, key);
                        PreparedStatement q = c.prepareStatement("SELECT COUNT(*) FROM ROWS_ WHERE V >= ? AND S <> ?")) {
                    for (int i = 0; i < 20; i++) {
                        q.setInt(1, 100);
                        q.setString(2, "x");
                        try (ResultSet rs = q.executeQuery()) {
                            rs.next();
                        }
                    }
                }
                return null;
            }));
            for (Future<?> f : work) {
                f.get(2, TimeUnit.MINUTES);
            }
            pool.shutdown();
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*), SUM(V), COUNT(DISTINCT S) FROM ROWS_ WHERE V >= 100")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(4 * 200);
                assertThat(rs.getLong(3)).isEqualTo(200);
            }
            try (ResultSet rs = st.executeQuery("SELECT V, S FROM ROWS_ ORDER BY ID")) {
                int n = 0;
                while (rs.next()) {
                    assertThat(rs.getString(2)).isEqualTo("s" + rs.getInt(1));
                    n++;
                }
                assertThat(n).isEqualTo(1200);
            }
        }
    }
}
