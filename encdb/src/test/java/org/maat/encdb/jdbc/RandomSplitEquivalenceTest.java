package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maat.keys.KeyFile;

/**
 * Randomly generated queries, most of which H2 cannot run whole over the onions (expressions over
 * encrypted columns, subqueries correlated or not, set operations, CTEs, HAVING over sums, outer joins
 * with conditions on the nullable side): the driver's answer is plain H2's, row for row (as a multiset,
 * or in order where the query orders by a unique key), and an error on one side is an error on the other.
 */
class RandomSplitEquivalenceTest {

    @TempDir
    Path dir;

    private static final String[] GROUPS = {"red", "green", "blue", "black"};
    private static final String[] WORDS = {"ka", "lo", "mi", "ne", "ru", "sa"};

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13})
    void randomSplitQueriesMatchPlainH2(long seed) throws Exception {
        Random r = new Random(seed);
        try (Connection plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"));
                Connection enc = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"),
                        KeyFile.createIfAbsent(dir.resolve("key")))) {
            for (Connection c : List.of(plain, enc)) {
                try (Statement st = c.createStatement()) {
                    st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY, GRP VARCHAR(10) COMMENT 'maat:search=none', "
                            + "NAME VARCHAR(30), AMT NUMERIC(9,2), QTY INTEGER, DT DATE, "
                            + "NOTE VARCHAR(20) COMMENT 'maat:plaintext')");
                    st.execute("CREATE TABLE U (UID INTEGER PRIMARY KEY, TID INTEGER REFERENCES T (ID), "
                            + "TAG VARCHAR(10), W INTEGER COMMENT 'maat:onions=eq')");
                }
            }
            int rows = 25 + r.nextInt(15);
            for (int id = 1; id <= rows; id++) {
                Object[] v = {id, GROUPS[r.nextInt(4)], r.nextInt(7) == 0 ? null : word(r) + " " + word(r),
                    r.nextInt(6) == 0 ? null : BigDecimal.valueOf(r.nextInt(20000) - 5000, 2),
                    r.nextInt(6) == 0 ? null : r.nextInt(20) - 5,
                    Date.valueOf(LocalDate.of(2020, 1, 1).plusDays(r.nextInt(400))), "n" + r.nextInt(4)};
                for (Connection c : List.of(plain, enc)) {
                    JdbcRows.exec(c, "INSERT INTO T VALUES (?, ?, ?, ?, ?, ?, ?)", v);
                }
            }
            for (int uid = 1; uid <= rows; uid++) {
                Object[] v = {uid, r.nextInt(8) == 0 ? null : 1 + r.nextInt(rows), GROUPS[r.nextInt(4)],
                    r.nextInt(5) == 0 ? null : r.nextInt(30)};
                for (Connection c : List.of(plain, enc)) {
                    JdbcRows.exec(c, "INSERT INTO U VALUES (?, ?, ?, ?)", v);
                }
            }
            int answered = 0;
            for (int i = 0; i < 80; i++) {
                List<Object> params = new ArrayList<>();
                String sql = query(r, params);
                Object[] p = params.toArray();
                String what = sql + " " + params;
                Object expected = answer(plain, sql, p);
                Object actual = answer(enc, sql, p);
                assertThat(actual).as(what).isEqualTo(expected);
                answered += expected instanceof List ? 1 : 0;
            }
            assertThat(answered).as("queries plain H2 answered (the generator writes valid SQL)").isGreaterThan(70);
        }
    }

    /** The rows (sorted unless the query orders by a unique key), or the error's SQLState class. */
    private static Object answer(Connection c, String sql, Object[] params) {
        try {
            List<List<Object>> rows = JdbcRows.rows(c, sql, params);
            if (!sql.contains("ORDER BY ID") && !sql.contains("ORDER BY UID")) {
                rows = new ArrayList<>(rows);
                rows.sort(Comparator.comparing(Object::toString));
            }
            return rows;
        } catch (SQLException e) {
            return "error " + (e.getSQLState() == null ? e.getMessage() : e.getSQLState().substring(0, 2));
        }
    }

    private static String word(Random r) {
        return WORDS[r.nextInt(WORDS.length)] + WORDS[r.nextInt(WORDS.length)];
    }

    private static String number(Random r, List<Object> params, String alias) {
        String a = alias == null ? "" : alias + ".";
        return switch (r.nextInt(8)) {
            case 0 -> a + "AMT";
            case 1 -> a + "QTY";
            case 2 -> a + "AMT * " + (1 + r.nextInt(12));
            case 3 -> a + "QTY + " + a + "ID";
            case 4 -> "COALESCE(" + a + "QTY, " + r.nextInt(5) + ")";
            case 5 -> "LENGTH(" + a + "NAME)";
            case 6 -> "ABS(" + a + "AMT - " + param(r, params, BigDecimal.valueOf(r.nextInt(5000), 2)) + ")";
            default -> "CASE WHEN " + a + "QTY > " + r.nextInt(10) + " THEN " + a + "AMT ELSE 0 END";
        };
    }

    private static String param(Random r, List<Object> params, Object value) {
        if (r.nextBoolean()) {
            params.add(value);
            return "?";
        }
        return value instanceof Date ? "DATE '" + value + "'" : value instanceof String ? "'" + value + "'"
                : value.toString();
    }

    private static String condition(Random r, List<Object> params, String alias, int depth) {
        String a = alias == null ? "" : alias + ".";
        int k = depth > 1 ? r.nextInt(7) : r.nextInt(11);
        return switch (k) {
            case 0 -> number(r, params, alias) + " > " + param(r, params, r.nextInt(60) - 10);
            case 1 -> number(r, params, alias) + " <= " + number(r, params, alias);
            case 2 -> a + "NAME LIKE '%" + WORDS[r.nextInt(WORDS.length)] + "%'";
            case 3 -> "UPPER(" + a + "GRP) = " + param(r, params, GROUPS[r.nextInt(4)].toUpperCase());
            case 4 -> a + (r.nextBoolean() ? "AMT" : "NAME") + " IS " + (r.nextBoolean() ? "" : "NOT ") + "NULL";
            case 5 -> a + "DT BETWEEN DATE '2020-03-01' AND " + param(r, params, Date.valueOf("2020-09-01"));
            case 6 -> a + "GRP = " + param(r, params, GROUPS[r.nextInt(4)]);
            case 7 -> "(" + condition(r, params, alias, depth + 1) + " OR " + condition(r, params, alias, depth + 1) + ")";
            case 8 -> "NOT (" + condition(r, params, alias, depth + 1) + ")";
            case 9 -> a + "ID IN (SELECT TID FROM U WHERE U.W > " + param(r, params, r.nextInt(30)) + ")";
            default -> "EXISTS (SELECT 1 FROM U WHERE U.TID = " + (alias == null ? "T" : alias) + ".ID AND U.TAG = "
                    + param(r, params, GROUPS[r.nextInt(4)]) + ")";
        };
    }

    private static String query(Random r, List<Object> params) {
        return switch (r.nextInt(10)) {
            case 0, 1 -> "SELECT ID, NAME, " + number(r, params, null) + " FROM T WHERE " + condition(r, params, null, 0)
                    + " AND " + condition(r, params, null, 0) + " ORDER BY ID";
            case 2 -> "SELECT GRP, COUNT(*), SUM(AMT), AVG(QTY), MAX(NAME) FROM T WHERE " + condition(r, params, null, 0)
                    + " GROUP BY GRP HAVING SUM(AMT) > " + param(r, params, r.nextInt(100) - 50);
            case 3 -> "SELECT T.ID, U.UID, U.TAG FROM T LEFT JOIN U ON U.TID = T.ID AND U.W > "
                    + param(r, params, r.nextInt(30)) + " WHERE " + (r.nextBoolean() ? "U.UID IS NULL OR " : "")
                    + "LENGTH(U.TAG) > " + r.nextInt(6);
            case 4 -> "SELECT ID FROM T WHERE " + condition(r, params, null, 0) + (r.nextBoolean() ? " UNION " : " EXCEPT ")
                    + "SELECT TID FROM U WHERE W * 2 > " + param(r, params, r.nextInt(60));
            case 5 -> "SELECT A.ID, B.ID FROM T A JOIN T B ON A.GRP = B.GRP AND A.ID < B.ID WHERE A.AMT > B.AMT AND "
                    + condition(r, params, "B", 1);
            case 6 -> "WITH S AS (SELECT GRP, SUM(QTY) AS Q FROM T WHERE " + condition(r, params, null, 0)
                    + " GROUP BY GRP) SELECT GRP, Q FROM S WHERE Q > (SELECT AVG(QTY) FROM T)";
            case 7 -> "SELECT ID, (SELECT COUNT(*) FROM U WHERE U.TID = T.ID) AS N, CASE WHEN AMT > 0 THEN 'p' "
                    + "WHEN AMT < 0 THEN 'n' END FROM T WHERE " + condition(r, params, "T", 0) + " ORDER BY ID";
            case 8 -> "SELECT COUNT(*), COUNT(DISTINCT GRP), MIN(AMT * QTY) FROM T WHERE " + condition(r, params, null, 0);
            default -> "SELECT DISTINCT GRP, NOTE FROM T WHERE " + condition(r, params, null, 0) + " INTERSECT "
                    + "SELECT TAG, 'n' || (W % 4) FROM U";
        };
    }
}
