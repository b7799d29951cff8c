package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;

class JoinAcrossGroupsTest {

    @TempDir
    Path dir;

    @Test
    void joinOnColumnsWithoutAForeignKeyReKeysOneIntoTheOthersGroup() throws Exception {
        try (MaatConnection c = MaatDriver.connect("jdbc:h2:" + dir.resolve("db"), KeyFile.createIfAbsent(dir.resolve("k")));
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE P (ID INTEGER PRIMARY KEY, CITY VARCHAR(20))");
            st.execute("CREATE TABLE Q (ID INTEGER PRIMARY KEY, TOWN VARCHAR(20), P_ID INTEGER REFERENCES P (ID))");
            st.execute("INSERT INTO P VALUES (1, 'Oslo'), (2, 'Lima'), (3, NULL)");
            st.execute("INSERT INTO Q VALUES (10, 'Lima', 1), (11, 'Oslo', 2), (12, 'Oslo', 3), (13, 'Rome', 1)");
            String sql = "SELECT P.ID, Q.ID FROM P JOIN Q ON P.CITY = Q.TOWN ORDER BY P.ID, Q.ID";
            assertThat(JdbcRows.rows(c, sql)).isEqualTo(List.of(List.of(1L, 11L), List.of(1L, 12L),
                    List.of(2L, 10L)));
            var town = c.catalog().table("Q").column("TOWN");
            assertThat(town.joinGroup()).isEqualTo(c.catalog().table("P").column("CITY").joinGroup());
            assertThat(town.layer(Onion.EQ)).isEqualTo(Layer.JOIN);
            // the moved column still answers equality and inserts land in its new group
            st.execute("INSERT INTO Q VALUES (14, 'Lima', 2)");
            assertThat(JdbcRows.rows(c, "SELECT ID FROM Q WHERE TOWN = 'Lima' ORDER BY ID"))
                    .isEqualTo(List.of(List.of(10L), List.of(14L)));
            assertThat(JdbcRows.rows(c, sql)).hasSize(4);
            // two columns bound by key constraints to other groups cannot be re-keyed: the client joins them
            st.execute("INSERT INTO Q VALUES (1, 'Bern', 2)");
            assertThat(JdbcRows.rows(c, "SELECT P.ID, P.CITY, Q.TOWN FROM P JOIN Q ON P.ID = Q.ID"))
                    .isEqualTo(List.of(List.of(1L, "Oslo", "Bern")));
            assertThat(c.catalog().table("Q").column("ID").joinGroup())
                    .isNotEqualTo(c.catalog().table("P").column("ID").joinGroup());
        }
    }
}
