package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverSmokeTest {

    @TempDir
    Path dir;

    @Test
    void createsInsertsAndAnswersEqualityAndRange() throws Exception {
        Properties p = new Properties();
        p.setProperty("maat.keyFile", dir.resolve("master.key").toString());
        p.setProperty("maat.createKey", "true");
        try (Connection c = DriverManager.getConnection("jdbc:maat:h2:" + dir.resolve("db"), p);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE EMP (ID INTEGER NOT NULL, NAME VARCHAR(20), SALARY NUMERIC(8,2), "
                    + "PHONE VARCHAR(20) COMMENT 'maat:search=substring(3,5)', CONSTRAINT PK PRIMARY KEY (ID))");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO EMP (ID, NAME, SALARY, PHONE) VALUES (?, ?, ?, ?)")) {
                for (int i = 1; i <= 20; i++) {
                    ins.setInt(1, i);
                    ins.setString(2, "name" + (i % 5));
                    ins.setBigDecimal(3, new BigDecimal(1000 + i * 10));
                    ins.setString(4, "515.123." + (4000 + i));
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            System.out.println(c.unwrap(MaatConnection.class).layers().format());
            try (ResultSet rs = st.executeQuery("SELECT ID, NAME, SALARY FROM EMP WHERE NAME = 'name3' ORDER BY ID")) {
                int n = 0;
                while (rs.next()) {
                    assertThat(rs.getString(2)).isEqualTo("name3");
                    n++;
                }
                assertThat(n).isEqualTo(4);
            }
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*), SUM(SALARY), MIN(SALARY), AVG(SALARY) FROM EMP WHERE SALARY BETWEEN 1050 AND 1100")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(6);
                assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("6450");
                assertThat(rs.getBigDecimal(3)).isEqualByComparingTo("1050");
                System.out.println(rs.getObject(4));
            }
            try (ResultSet rs = st.executeQuery("SELECT ID, SALARY + 5 FROM EMP WHERE PHONE LIKE '%4007%'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(7);
                assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("1075");
                assertThat(rs.next()).isFalse();
            }
            assertThat(st.executeUpdate("UPDATE EMP SET SALARY = SALARY * 2 WHERE ID = 3")).isEqualTo(1);
            try (ResultSet rs = st.executeQuery("SELECT SALARY FROM EMP WHERE ID = 3")) {
                rs.next();
                assertThat(rs.getBigDecimal(1)).isEqualByComparingTo("2060");
            }
            System.out.println(c.unwrap(MaatConnection.class).layers().format());
        }
    }
}
