package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * Equi-joins of up to six tables on equalities between many pairs of columns (the shape of sqllogictest's
 * {@code select4}), one after the other on one database pair, so each join re-keys JOIN layers into groups
 * earlier joins formed: every answer must be plain H2's, none refused.
 */
class ManyTableJoinTest {

    private static final int TABLES = 6;
    private static final int QUERIES = 120;

    @TempDir
    Path dir;

    @Test
    void manyTableEquiJoinsAnswerAsPlainH2() throws Exception {
        Random r = new Random(20261207L);
        List<String> differences = new ArrayList<>();
        try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:manyjoins-plain");
                Connection enc = MaatDriver.connect("jdbc:h2:mem:manyjoins-enc", KeyFile.createIfAbsent(dir.resolve("k")))) {
            for (int t = 1; t <= TABLES; t++) {
                String ddl = "CREATE TABLE t" + t + " (a" + t + " INTEGER, b" + t + " INTEGER, c" + t + " INTEGER, d"
                        + t + " INTEGER, e" + t + " INTEGER)";
                both(h2, enc, ddl);
                for (int row = 0; row < 6; row++) {
                    StringBuilder values = new StringBuilder();
                    for (int c = 0; c < 5; c++) {
                        values.append(c == 0 ? "" : ", ").append(r.nextInt(7) == 0 ? "NULL" : Integer.toString(r.nextInt(4)));
                    }
                    both(h2, enc, "INSERT INTO t" + t + " VALUES (" + values + ")");
                }
            }
            for (int q = 0; q < QUERIES; q++) {
                String sql = query(r);
                String plain = answer(h2, sql);
                String driver = answer(enc, sql);
                if (!plain.equals(driver)) {
                    differences.add(sql + "\n  H2:     " + plain + "\n  driver: " + driver);
                }
            }
        }
        assertThat(differences).as("answers that differ from plain H2's (or refusals)").isEmpty();
    }

    /** {@code SELECT ... FROM tA, tB, ... WHERE} equalities joining every table, and more between random pairs. */
    private static String query(Random r) {
        int k = 2 + r.nextInt(TABLES - 1);
        List<Integer> tables = new ArrayList<>();
        for (int t = 1; t <= TABLES; t++) {
            tables.add(t);
        }
        java.util.Collections.shuffle(tables, r);
        tables = tables.subList(0, k);
        List<String> conditions = new ArrayList<>();
        for (int i = 1; i < k; i++) {
            conditions.add(column(r, tables.get(r.nextInt(i))) + " = " + column(r, tables.get(i)));
        }
        for (int extra = r.nextInt(k); extra > 0; extra--) {
            int a = tables.get(r.nextInt(k));
            int b = tables.get(r.nextInt(k));
            conditions.add(column(r, a) + " = " + column(r, b));
        }
        if (r.nextInt(3) == 0) {
            conditions.add(column(r, tables.get(r.nextInt(k))) + " IN (" + r.nextInt(4) + ", " + r.nextInt(4) + ")");
        }
        java.util.Collections.shuffle(conditions, r);
        String select = r.nextInt(3) == 0 ? "COUNT(*)" : column(r, tables.get(0)) + ", " + column(r, tables.get(k - 1));
        StringBuilder from = new StringBuilder();
        for (int t : tables) {
            from.append(from.length() == 0 ? "" : ", ").append("t").append(t);
        }
        return "SELECT " + select + " FROM " + from + " WHERE " + String.join(" AND ", conditions);
    }

    private static String column(Random r, int table) {
        return "abcde".charAt(r.nextInt(5)) + Integer.toString(table);
    }

    private static void both(Connection h2, Connection enc, String sql) throws SQLException {
        try (Statement a = h2.createStatement(); Statement b = enc.createStatement()) {
            a.execute(sql);
            b.execute(sql);
        }
    }

    /** The rows sorted (the queries leave the order open), or the error's SQLState. */
    private static String answer(Connection c, String sql) {
        try {
            List<String> rows = new ArrayList<>();
            for (List<Object> row : JdbcRows.rows(c, sql)) {
                rows.add(row.toString());
            }
            java.util.Collections.sort(rows);
            return rows.toString();
        } catch (SQLException e) {
            return "error " + e.getSQLState() + ("0A000".equals(e.getSQLState()) ? " " + e.getMessage() : "");
        }
    }
}
