package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutOfRowOnionsTest {

    @TempDir
    Path dir;

    @Test
    void addAndSearchOnionsAreBlobsAndStillSumAddAndMatch() throws Exception {
        Properties p = new Properties();
        p.setProperty("maat.keyFile", dir.resolve("master.key").toString());
        p.setProperty("maat.createKey", "true");
        p.setProperty("maat.selectArithmetic", "hom");
        try (Connection c = DriverManager.getConnection("jdbc:maat:h2:" + dir.resolve("db"), p);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE EMP (ID INTEGER NOT NULL, SALARY NUMERIC(8,2), "
                    + "PHONE VARCHAR(20) COMMENT 'maat:search=substring(3,5)', CONSTRAINT PK PRIMARY KEY (ID))");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO EMP (ID, SALARY, PHONE) VALUES (?, ?, ?)")) {
                for (int i = 1; i <= 10; i++) {
                    ins.setInt(1, i);
                    ins.setBigDecimal(2, new BigDecimal(1000 + i));
                    ins.setString(3, "515.123." + (4000 + i));
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            try (ResultSet rs = st.executeQuery("SELECT SUM(SALARY), AVG(SALARY) FROM EMP")) {
                rs.next();
                assertThat(rs.getBigDecimal(1)).isEqualByComparingTo("10055");
                assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("1005.5");
            }
            try (ResultSet rs = st.executeQuery("SELECT ID, SALARY + 5 FROM EMP WHERE PHONE LIKE '%4007%'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(7);
                assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("1012");
                assertThat(rs.next()).isFalse();
            }
            assertThat(st.executeUpdate("UPDATE EMP SET PHONE = '650.555.0101' WHERE ID = 7")).isEqualTo(1);
            try (ResultSet rs = st.executeQuery("SELECT ID FROM EMP WHERE PHONE LIKE '%0101%'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(7);
                assertThat(rs.next()).isFalse();
            }
        }
        Map<String, String> types = new HashMap<>();
        try (Connection h2 = DriverManager.getConnection("jdbc:h2:" + dir.resolve("db"));
                ResultSet rs = h2.createStatement().executeQuery("SELECT COLUMN_NAME, DATA_TYPE FROM "
                        + "INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_NAME = 'EMP'")) {
            while (rs.next()) {
                types.put(rs.getString(1), rs.getString(2));
            }
        }
        assertThat(types).containsEntry("C1_ADD", "BINARY LARGE OBJECT")
                .containsEntry("C2_SRCH", "BINARY LARGE OBJECT")
                .containsEntry("C1_EQ", "BINARY VARYING")
                .containsEntry("C1_ORD", "BINARY VARYING");
    }
}
