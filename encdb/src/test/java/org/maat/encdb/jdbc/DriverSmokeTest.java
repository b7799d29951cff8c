package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.LayerReport;

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
            // Freshly written: only the primary key's EQ onion is below RND (pinned by its constraint).
            LayerReport before = c.unwrap(MaatConnection.class).layers();
            assertThat(before.exposedBelowOutermost()).extracting(LayerReport.Entry::column, LayerReport.Entry::onion)
                    .containsExactly(tuple("ID", Onion.EQ));
            assertThat(before.entry("EMP", "NAME", Onion.EQ).layer()).isEqualTo(Layer.RND);
            assertThat(before.entry("EMP", "SALARY", Onion.ORD).layer()).isEqualTo(Layer.RND);
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
                assertThat(rs.getBigDecimal(4)).isEqualByComparingTo("1075");
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
            // The queries peeled exactly what they needed: equality on NAME, order on SALARY; SEARCH and HOM stay.
            LayerReport after = c.unwrap(MaatConnection.class).layers();
            assertThat(after.entry("EMP", "NAME", Onion.EQ).layer()).isEqualTo(Layer.DET);
            assertThat(after.entry("EMP", "SALARY", Onion.ORD).layer()).isEqualTo(Layer.OPE);
            assertThat(after.entry("EMP", "SALARY", Onion.ADD).layer()).isEqualTo(Layer.HOM);
            assertThat(after.entry("EMP", "PHONE", Onion.SEARCH).layer()).isEqualTo(Layer.SEARCH);
            assertThat(after.entry("EMP", "PHONE", Onion.EQ).layer()).isEqualTo(Layer.RND);
            assertThat(after.format()).contains("EMP.NAME", "EMP.SALARY");
        }
    }

    @Test
    void jdbcMethodsTheLayerDoesNotOfferAreRefusedByName() throws Exception {
        Properties p = new Properties();
        p.setProperty("maat.keyFile", dir.resolve("master.key").toString());
        p.setProperty("maat.createKey", "true");
        try (Connection c = DriverManager.getConnection("jdbc:maat:h2:" + dir.resolve("db2"), p);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER)");
            try (PreparedStatement ps = c.prepareStatement("SELECT ID FROM T WHERE ID = ?");
                    ResultSet rs = st.executeQuery("SELECT ID FROM T")) {
                assertThatThrownBy(c::createBlob).isInstanceOf(SQLFeatureNotSupportedException.class)
                        .hasMessage("Connection.createBlob on the encrypted layer");
                assertThatThrownBy(st::getGeneratedKeys).isInstanceOf(SQLFeatureNotSupportedException.class)
                        .hasMessage("Statement.getGeneratedKeys on the encrypted layer");
                assertThatThrownBy(st::cancel).hasMessage("Statement.cancel");
                assertThatThrownBy(() -> ps.setURL(1, null)).isInstanceOf(SQLFeatureNotSupportedException.class)
                        .hasMessage("PreparedStatement.setURL on the encrypted layer");
                assertThatThrownBy(ps::getGeneratedKeys).hasMessage("PreparedStatement.getGeneratedKeys on the encrypted layer");
                assertThatThrownBy(ps::getParameterMetaData).hasMessage("ParameterMetaData on the encrypted layer");
                assertThatThrownBy(() -> rs.absolute(1)).isInstanceOf(SQLFeatureNotSupportedException.class)
                        .hasMessage("ResultSet.absolute on the encrypted layer");
            }
        }
    }
}
