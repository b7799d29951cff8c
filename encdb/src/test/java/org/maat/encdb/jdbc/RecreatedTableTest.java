package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * A table dropped and created again under the same name, its columns of other types: values are encoded
 * and decoded as the new columns' types say, not as a cipher cached for the old ones did (the
 * differential fuzzer, reusing one database across schemas, found a ClassCastException here).
 */
class RecreatedTableTest {

    @TempDir
    Path dir;

    @Test
    void aColumnRecreatedWithAnotherTypeDecodesAsTheNewType() throws Exception {
        try (Connection c = MaatDriver.connect("jdbc:h2:mem:recreated", KeyFile.createIfAbsent(dir.resolve("key")));
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER, V NUMERIC(9,2), W BOOLEAN)");
            st.execute("INSERT INTO T VALUES (1, 1.5, TRUE)");
            try (ResultSet rs = st.executeQuery("SELECT V, W FROM T WHERE V IN (1.5, 2) AND W = TRUE")) {
                assertThat(rs.next()).isTrue();
            }
            st.execute("DROP TABLE T");
            st.execute("CREATE TABLE T (ID INTEGER, V BIGINT, W TIMESTAMP)");
            st.execute("INSERT INTO T VALUES (1, 5, TIMESTAMP '2020-01-02 10:00:00'), (2, -2, NULL)");
            try (ResultSet rs = st.executeQuery("SELECT V, -V, W FROM T WHERE V IN (5, -2) ORDER BY V")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(1)).isEqualTo(-2L);
                assertThat(rs.getLong(2)).isEqualTo(2L);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(1)).isEqualTo(5L);
                assertThat(rs.getTimestamp(3)).isEqualTo(java.sql.Timestamp.valueOf("2020-01-02 10:00:00"));
            }
            try (ResultSet rs = st.executeQuery("SELECT ID FROM T WHERE W <> TIMESTAMP '2020-01-03 12:00:00'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }
}
