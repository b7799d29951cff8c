package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

class SelectArithmeticTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"client", "hom"})
    void addsAndScalesEncryptedNumbersInTheSelectList(String where) throws Exception {
        Properties p = new Properties();
        p.setProperty(MaatDriver.KEY_FILE, dir.resolve("k").toString());
        p.setProperty(MaatDriver.CREATE_KEY, "true");
        p.setProperty(MaatDriver.SELECT_ARITHMETIC, where);
        try (Connection c = DriverManager.getConnection("jdbc:maat:h2:" + dir.resolve("db"), p);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE PAY (ID INTEGER PRIMARY KEY, AMOUNT NUMERIC(8,2), N INTEGER)");
            st.execute("INSERT INTO PAY VALUES (1, 100.25, 3), (2, NULL, -4)");
            // A window function H2 cannot run over ciphertext: the client H2 runs it on the decrypted rows.
            assertThat(JdbcRows.rows(c, "SELECT ID, SUM(N) OVER () FROM PAY ORDER BY ID"))
                    .isEqualTo(List.of(List.of(1L, -1L), List.of(2L, -1L)));
            try (ResultSet rs = st.executeQuery("SELECT ID, AMOUNT + 10, AMOUNT - 0.25, N * 3, 2 * AMOUNT FROM PAY ORDER BY ID")) {
                assertThat(rs.getMetaData().getColumnType(2)).isEqualTo(Types.NUMERIC);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("110.25");
                assertThat(rs.getBigDecimal(3)).isEqualByComparingTo("100.00");
                assertThat(rs.getInt(4)).isEqualTo(9);
                assertThat(rs.getBigDecimal(5)).isEqualByComparingTo("200.50");
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(2)).isNull();
                assertThat(rs.getInt(4)).isEqualTo(-12);
            }
            try (ResultSet rs = st.executeQuery("SELECT SUM(AMOUNT), AVG(N), SUM(N) FROM PAY")) {
                rs.next();
                assertThat(rs.getBigDecimal(1)).isEqualByComparingTo("100.25");
                assertThat(rs.getDouble(2)).isEqualTo(-0.5);
                assertThat(rs.getLong(3)).isEqualTo(-1);
            }
            // Decimal division, which neither onion nor the client's arithmetic computes: the client H2 does.
            assertThat(JdbcRows.rows(c, "SELECT AMOUNT / 2 FROM PAY ORDER BY ID"))
                    .isEqualTo(java.util.Arrays.asList(List.of("50.125"), java.util.Collections.singletonList(null)));
        }
    }
}
