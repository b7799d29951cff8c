package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;

class TransactionsTest {

    @TempDir
    Path dir;

    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void rollbackDiscardsAndAPeelWaitsForTheConnectionsOwnCommit() throws Exception {
        try (MaatConnection c = MaatDriver.connect("jdbc:h2:" + dir.resolve("db"),
                KeyFile.createIfAbsent(dir.resolve("k"))); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE A (ID INTEGER PRIMARY KEY, V INTEGER)");
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO A VALUES (1, 10), (2, 20)");
            c.rollback();
            assertThat(count(st, "SELECT COUNT(*) FROM A")).isZero();

            st.executeUpdate("INSERT INTO A VALUES (3, 30)");
            // No peel under uncommitted writes: the query does without it (V > 5 evaluated by the client).
            assertThat(count(st, "SELECT COUNT(*) FROM A WHERE V > 5")).isEqualTo(1);
            assertThat(c.layers().entry("A", "V", Onion.ORD).layer()).isNotEqualTo(Layer.OPE);
            assertThatThrownBy(() -> st.execute("CREATE TABLE B (X INTEGER)")).hasMessageContaining("commit");
            c.commit();
            assertThat(count(st, "SELECT COUNT(*) FROM A WHERE V > 5")).isEqualTo(1);
            assertThat(c.layers().entry("A", "V", Onion.ORD).layer()).isEqualTo(Layer.OPE);
            st.executeUpdate("INSERT INTO A VALUES (4, 40)"); // written at OPE from now on
            c.commit();
            assertThat(count(st, "SELECT COUNT(*) FROM A WHERE V BETWEEN 35 AND 45")).isEqualTo(1);
        }
    }
}
