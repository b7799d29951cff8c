package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PreparedStatement.getMetaData() of a split query, before it runs, is plain H2's. */
class SplitPreparedMetaDataTest {

    @TempDir
    Path dir;

    private static List<String> columns(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ResultSetMetaData md = ps.getMetaData();
            assertThat(md).as(sql).isNotNull();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                out.add(md.getColumnLabel(i) + ":" + md.getColumnTypeName(i) + "(" + md.getPrecision(i) + ","
                        + md.getScale(i) + ") nullable=" + md.isNullable(i));
            }
        }
        return out;
    }

    @Test
    void splitQueryHasItsResultColumnsBeforeItRuns() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20) NOT NULL, V NUMERIC(7,2), "
                    + "TS TIMESTAMP(9) COMMENT 'maat:plaintext')", "INSERT INTO T VALUES (1, 'a', 2.5, NULL)");
            String sql = "SELECT ID, UPPER(NAME) AS U, SUM(V) OVER () AS S, TS FROM T WHERE LENGTH(NAME) > ? ORDER BY ID";
            assertThat(columns(db.enc, sql)).isEqualTo(columns(db.plain, sql));
        }
    }
}
