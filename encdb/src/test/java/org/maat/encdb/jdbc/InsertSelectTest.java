package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

class InsertSelectTest {

    @TempDir
    Path dir;

    @Test
    void insertSelectCopiesDecryptedRowsAsPlainH2Does() throws Exception {
        try (Connection plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"));
                Connection enc = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"), KeyFile.createIfAbsent(dir.resolve("k")))) {
            for (Connection c : List.of(plain, enc)) {
                try (Statement st = c.createStatement()) {
                    st.execute("CREATE TABLE SRC (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), PAY NUMERIC(8,2))");
                    st.execute("CREATE TABLE DST (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), PAY NUMERIC(9,2))");
                    st.execute("INSERT INTO SRC VALUES (1, 'Ada', 10.50), (2, 'Bob', NULL), (3, 'Cy', 99.99)");
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO DST (ID, NAME, PAY) SELECT ID + 100, NAME, PAY * 2 FROM SRC WHERE ID >= ?")) {
                    ps.setInt(1, 2);
                    assertThat(ps.executeUpdate()).isEqualTo(2);
                }
            }
            String q = "SELECT * FROM DST ORDER BY ID";
            assertThat(JdbcRows.rows(enc, q)).isEqualTo(JdbcRows.rows(plain, q)).hasSize(2);
        }
    }
}
