package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maat.keys.KeyFile;

/**
 * Random data and random parameters: every statement gives through the driver what it gives on
 * plain H2 (rows in order where the query orders them, update counts, and the tables afterwards).
 */
class RandomEquivalenceTest {

    @TempDir
    Path dir;

    private static final String DDL_T = "CREATE TABLE T (ID INTEGER PRIMARY KEY, GRP VARCHAR(10) COMMENT 'maat:search=none', "
            + "NAME VARCHAR(30) COMMENT 'maat:search=substring(2,4)', AMT NUMERIC(9,2), QTY INTEGER, DT DATE, "
            + "NOTE VARCHAR(20) COMMENT 'maat:plaintext')";
    private static final String DDL_U = "CREATE TABLE U (UID INTEGER PRIMARY KEY, TID INTEGER REFERENCES T (ID), "
            + "TAG VARCHAR(10) COMMENT 'maat:search=keyword')";

    private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi"};
    private static final String[] GROUPS = {"red", "green", "blue", "black"};

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void randomQueriesAndWritesMatchPlainH2(long seed) throws Exception {
        Random r = new Random(seed);
        try (Connection plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"));
                Connection enc = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"),
                        KeyFile.createIfAbsent(dir.resolve("key")))) {
            List<String> names = new ArrayList<>();
            for (Connection c : List.of(plain, enc)) {
                try (Statement st = c.createStatement()) {
                    st.execute(DDL_T);
                    st.execute(DDL_U);
                    st.execute("CREATE VIEW TV AS SELECT T.ID, T.GRP, T.AMT, U.TAG FROM T JOIN U ON T.ID = U.TID");
                }
            }
            int rows = 30 + r.nextInt(30);
            for (int id = 1; id <= rows; id++) {
                String name = r.nextInt(8) == 0 ? null : word(r) + " " + word(r);
                if (name != null) {
                    names.add(name);
                }
                Object[] values = {id, GROUPS[r.nextInt(GROUPS.length)], name,
                    r.nextInt(6) == 0 ? null : BigDecimal.valueOf(r.nextInt(100000) - 20000, 2),
                    r.nextInt(6) == 0 ? null : r.nextInt(20) - 5,
                    Date.valueOf(LocalDate.of(2020, 1, 1).plusDays(r.nextInt(400))), "n" + r.nextInt(5)};
                for (Connection c : List.of(plain, enc)) {
                    JdbcRows.exec(c, "INSERT INTO T VALUES (?, ?, ?, ?, ?, ?, ?)", values);
                }
            }
            for (int uid = 1; uid <= rows; uid++) {
                Object[] values = {uid, 1 + r.nextInt(rows), GROUPS[r.nextInt(GROUPS.length)]};
                for (Connection c : List.of(plain, enc)) {
                    JdbcRows.exec(c, "INSERT INTO U VALUES (?, ?, ?)", values);
                }
            }
            for (int i = 0; i < 60; i++) {
                Object[] q = query(r, names);
                String sql = (String) q[0];
                Object[] params = java.util.Arrays.copyOfRange(q, 1, q.length);
                if (sql.startsWith("SELECT")) {
                    assertThat(JdbcRows.rows(enc, sql, params)).as(sql + " " + java.util.Arrays.toString(params))
                            .isEqualTo(JdbcRows.rows(plain, sql, params));
                } else {
                    assertThat(update(enc, sql, params)).as(sql).isEqualTo(update(plain, sql, params));
                    for (String t : List.of("SELECT * FROM T ORDER BY ID", "SELECT * FROM U ORDER BY UID")) {
                        assertThat(JdbcRows.rows(enc, t)).as("after " + sql)
                                .isEqualTo(JdbcRows.rows(plain, t));
                    }
                }
            }
        }
    }

    private static int update(Connection c, String sql, Object[] params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return ps.executeUpdate();
        }
    }

    private static String word(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = 2 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            sb.append(SYLLABLES[r.nextInt(SYLLABLES.length)]);
        }
        return sb.substring(0, 1).toUpperCase() + sb.substring(1);
    }

    private static Object[] query(Random r, List<String> names) {
        String grp = GROUPS[r.nextInt(GROUPS.length)];
        BigDecimal lo = BigDecimal.valueOf(r.nextInt(100000) - 25000, 2);
        BigDecimal hi = lo.add(BigDecimal.valueOf(r.nextInt(50000), 2));
        String name = names.get(r.nextInt(names.size()));
        int from = r.nextInt(Math.max(1, name.length() - 3));
        String piece = name.substring(from, Math.min(name.length(), from + 2 + r.nextInt(4)));
        Date day = Date.valueOf(LocalDate.of(2020, 1, 1).plusDays(r.nextInt(400)));
        return switch (r.nextInt(20)) {
            case 0 -> new Object[] {"SELECT ID, NAME, AMT, NOTE FROM T WHERE GRP = ? ORDER BY ID", grp};
            case 1 -> new Object[] {"SELECT ID, AMT FROM T WHERE AMT BETWEEN ? AND ? ORDER BY AMT, ID", lo, hi};
            case 2 -> new Object[] {"SELECT ID, QTY, DT FROM T WHERE QTY > ? AND DT <= ? ORDER BY DT DESC, ID",
                r.nextInt(10), day};
            case 3 -> new Object[] {"SELECT GRP, COUNT(*), SUM(AMT), MIN(QTY), MAX(DT), AVG(QTY), AVG(AMT), "
                + "COUNT(NAME) FROM T GROUP BY GRP ORDER BY GRP"};
            case 4 -> new Object[] {"SELECT DISTINCT GRP FROM T WHERE QTY IN (?, ?, ?) ORDER BY GRP",
                r.nextInt(10), r.nextInt(10), r.nextInt(10)};
            case 5 -> new Object[] {"SELECT ID, NAME FROM T WHERE NAME LIKE ? ORDER BY ID", "%" + piece + "%"};
            case 6 -> new Object[] {"SELECT T.ID, U.TAG, T.NAME FROM T JOIN U ON T.ID = U.TID WHERE U.TAG = ? "
                + "ORDER BY T.ID, U.UID", grp};
            case 7 -> new Object[] {"SELECT NAME, ID FROM T WHERE NAME IS NOT NULL ORDER BY NAME DESC, ID LIMIT ?",
                1 + r.nextInt(8)};
            case 8 -> new Object[] {"SELECT ID, AMT + ?, QTY * 3, AMT - 1.5 FROM T WHERE ID < ? ORDER BY ID",
                lo, r.nextInt(40)};
            case 9 -> new Object[] {"SELECT COUNT(*), MIN(AMT), MAX(AMT) FROM T WHERE AMT >= ? OR QTY < ?", lo,
                r.nextInt(5)};
            case 10 -> new Object[] {"UPDATE T SET AMT = ?, GRP = ? WHERE GRP = ?", hi, GROUPS[r.nextInt(4)], grp};
            case 11 -> new Object[] {"UPDATE T SET QTY = QTY + 1 WHERE NAME LIKE ?", "%" + piece + "%"};
            case 12 -> new Object[] {"DELETE FROM U WHERE TAG = ? AND UID > ?", grp, r.nextInt(40)};
            case 13 -> new Object[] {"SELECT ID FROM T WHERE NOT (QTY <> ? OR AMT < ?) ORDER BY ID", r.nextInt(10), lo};
            case 19 -> new Object[] {"SELECT T.ID, U.UID FROM T JOIN U ON T.GRP = U.TAG WHERE T.ID < ? "
                + "ORDER BY T.ID, U.UID", r.nextInt(12)};
            case 16 -> new Object[] {"SELECT T.ID, U.UID, U.TAG FROM T LEFT JOIN U ON T.ID = U.TID WHERE T.QTY > ? "
                + "ORDER BY T.ID, U.UID", r.nextInt(12)};
            case 17 -> new Object[] {"SELECT * FROM TV WHERE GRP = ? AND AMT > ? ORDER BY ID", grp, lo};
            case 18 -> new Object[] {"SELECT * FROM T WHERE ID IN (?, ?) OR NAME IS NULL ORDER BY ID", r.nextInt(40),
                r.nextInt(40)};
            case 14 -> new Object[] {"SELECT T.GRP, COUNT(*) FROM T, U WHERE T.ID = U.TID GROUP BY T.GRP "
                + "HAVING COUNT(*) > ? ORDER BY 2 DESC, 1", r.nextInt(8)};
            default -> new Object[] {"SELECT ID, NAME FROM T WHERE DT > ? AND NAME LIKE ? ORDER BY NAME, ID", day,
                piece + "%"};
        };
    }
}
