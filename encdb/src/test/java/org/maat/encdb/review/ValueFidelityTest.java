package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values through JDBC as plain H2 gives them, wholly in H2 and split: TIMESTAMP(p) rounded to p digits on
 * insert (carrying into the next day), a timestamp with more digits than the column equal to none of its
 * values, {@code getString} formatted by H2, and {@code setObject(i, x, targetSqlType)} converting as H2 does.
 */
class ValueFidelityTest {

    /** Forces the split; absent, the statement runs wholly in H2. */
    private static final List<String> SHAPES = List.of("", " AND UPPER(NAME) <> 'X'");

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE V (ID INTEGER PRIMARY KEY, NAME VARCHAR(10), T6 TIMESTAMP, T0 TIMESTAMP(0), "
                + "T3 TIMESTAMP(3), B BOOLEAN, N NUMERIC(6,2), D DOUBLE, DT DATE, C CHAR(3))");
        Timestamp late = Timestamp.valueOf("2021-05-06 23:59:59.999999789");
        Timestamp mid = Timestamp.valueOf("2021-05-06 07:08:09.1235");
        db.bothWith("INSERT INTO V VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 1, "a", late, late, late, true,
                new java.math.BigDecimal("-0.5"), 1e20, java.sql.Date.valueOf("2021-01-02"), "x");
        db.bothWith("INSERT INTO V VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 2, "b", mid, mid, mid, false,
                new java.math.BigDecimal("12"), 1.0, null, null);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void timestampsAreRoundedToTheColumnsDigitsAsH2Does() throws SQLException {
        for (String shape : SHAPES) {
            db.same("SELECT ID, T6, T0, T3 FROM V WHERE ID > 0" + shape + " ORDER BY ID");
            db.same("SELECT ID FROM V WHERE T3 = TIMESTAMP '2021-05-06 07:08:09.124'" + shape + " ORDER BY ID");
            db.same("SELECT ID FROM V WHERE T3 = ?" + shape + " ORDER BY ID", Timestamp.valueOf("2021-05-06 07:08:09.1235"));
            db.same("SELECT ID FROM V WHERE T0 <> TIMESTAMP '2021-05-07 00:00:00.5'" + shape + " ORDER BY ID");
        }
    }

    @Test
    void getStringIsH2sText() throws SQLException {
        for (String shape : SHAPES) {
            String sql = "SELECT ID, T6, T0, T3, B, N, D, DT, C FROM V WHERE ID > 0" + shape + " ORDER BY ID";
            assertThat(strings(db.enc, sql)).isEqualTo(strings(db.plain, sql));
        }
    }

    @Test
    void setObjectWithATargetTypeConvertsAsH2Does() throws SQLException {
        Object[][] cases = {{"007", Types.INTEGER}, {7, Types.VARCHAR}, {"12.0", Types.NUMERIC}, {"true", Types.BOOLEAN},
            {1.6, Types.INTEGER}};
        for (Object[] c : cases) {
            // Split only: wholly in H2 the driver labels a select-list parameter "?", H2 "?1".
            String sql = "SELECT ID, ? FROM V WHERE UPPER(NAME) <> 'X' ORDER BY ID";
            assertThat(typed(db.enc, sql, c[0], (Integer) c[1])).as(sql + " " + c[0])
                    .isEqualTo(typed(db.plain, sql, c[0], (Integer) c[1]));
        }
        for (String shape : SHAPES) {
            // Unconverted, 1 would be compared with the text column as a number ('a' is none: 22018).
            String sql = "SELECT ID FROM V WHERE NAME = ?" + shape + " ORDER BY ID";
            assertThat(typed(db.enc, sql, 1, Types.VARCHAR)).as(sql).isEqualTo(typed(db.plain, sql, 1, Types.VARCHAR));
            sql = "SELECT ID FROM V WHERE N = ?" + shape + " ORDER BY ID";
            assertThat(typed(db.enc, sql, "12.00", Types.NUMERIC)).as(sql)
                    .isEqualTo(typed(db.plain, sql, "12.00", Types.NUMERIC));
        }
    }

    @Test
    void floatUpToTwentyFourBitsIsRealAsInH2() throws SQLException {
        db.both("CREATE TABLE F (ID INTEGER, NAME VARCHAR(10), R REAL, F FLOAT(10), G FLOAT)",
                "INSERT INTO F VALUES (1, 'a', 0.1, 0.1, 0.1), (2, 'b', -0.0, 0.5, -2.5), (3, 'c', NULL, NULL, NULL)");
        for (String shape : SHAPES) {
            db.same("SELECT ID, R, F, G FROM F WHERE ID > 0" + shape + " ORDER BY ID");
            db.same("SELECT ID FROM F WHERE R = 0.1 AND F = 0.1" + shape + " ORDER BY ID");
            db.same("SELECT ID FROM F WHERE R = 0" + shape + " ORDER BY ID");
            for (Object p : new Object[] {0.1, 0.1f, new java.math.BigDecimal("0.1"), 0.5}) {
                db.same("SELECT ID FROM F WHERE F = ?" + shape + " ORDER BY ID", p);
                db.same("SELECT ID FROM F WHERE R IN (?, 0.5)" + shape + " ORDER BY ID", p);
            }
        }
    }

    private static List<Object> typed(Connection c, String sql, Object x, int type) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, x, type);
            try (ResultSet rs = ps.executeQuery()) {
                return Pair.answer(rs);
            }
        }
    }

    private static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    out.add(md.getColumnLabel(i) + "=" + rs.getString(i));
                }
            }
        }
        return out;
    }
}
