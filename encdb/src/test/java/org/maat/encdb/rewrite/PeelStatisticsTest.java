package org.maat.encdb.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.H2Connections;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.EncryptedColumn;

/**
 * H2 chooses indexes by each column's selectivity. Over RND ciphertexts every value is distinct
 * (selectivity 100); once a query peels the column to DET, H2 must see the plaintext's few distinct
 * values, as plain H2 does for the same data.
 */
class PeelStatisticsTest {

    @TempDir
    Path dir;

    @Test
    void aPeelRefreshesTheSelectivityH2PlansWith() throws Exception {
        String h2Url = "jdbc:h2:" + dir.resolve("db");
        Properties p = new Properties();
        p.setProperty("maat.keyFile", dir.resolve("master.key").toString());
        p.setProperty("maat.createKey", "true");
        try (Connection c = DriverManager.getConnection("jdbc:maat:" + h2Url.substring("jdbc:".length()), p);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE EMP (ID INTEGER NOT NULL, JOB VARCHAR(10) COMMENT 'maat:search=none', "
                    + "CONSTRAINT PK PRIMARY KEY (ID))");
            st.execute("CREATE INDEX EMP_JOB_IX ON EMP (JOB)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO EMP (ID, JOB) VALUES (?, ?)")) {
                for (int i = 1; i <= 400; i++) {
                    ins.setInt(1, i);
                    ins.setString(2, "job" + (i % 4));
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            EncryptedColumn job = c.unwrap(MaatConnection.class).catalog().table("EMP").column("JOB");
            try (Connection h2 = H2Connections.open(h2Url); Statement raw = h2.createStatement()) {
                raw.execute("ANALYZE SAMPLE_SIZE 0");
                assertThat(selectivity(h2, job.physical(Onion.EQ))).isEqualTo(100); // RND: all distinct

                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMP WHERE JOB = 'job1'")) { // peels to DET
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(100);
                }

                // 4 distinct values in 400 rows: H2 rounds 1 % up to its least selectivity, 1.
                assertThat(selectivity(h2, job.physical(Onion.EQ))).isEqualTo(1);
            }
        }
    }

    private static int selectivity(Connection h2, String physicalColumn) throws SQLException {
        try (PreparedStatement ps = h2.prepareStatement("SELECT SELECTIVITY FROM INFORMATION_SCHEMA.COLUMNS "
                + "WHERE TABLE_NAME = 'EMP' AND COLUMN_NAME = ?")) {
            ps.setString(1, physicalColumn);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as(physicalColumn).isTrue();
                return rs.getInt(1);
            }
        }
    }
}
