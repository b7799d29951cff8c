package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.h2.api.Trigger;
import org.junit.jupiter.api.Test;

/**
 * {@link H2UndoLog} against {@link FullScan}, the reference that reads every row: random tables (with and without
 * a primary key, a composite key, every column type disguises handle, NULLs), a trigger that writes two other
 * tables, and random inserts, updates (keys included, values unchanged included) and deletes, some failing half-way
 * (a duplicate key), in one transaction. At two points of it, both are asked what changed since each watch: per
 * table, the rows gone and the rows new (multisets) must be the same.
 */
class RowChangesEquivalenceTest {

    private static final int CASES = 12;
    private static final int STATEMENTS = 14;

    /** On any change of T0: inserts a row into T1 and updates rows of T2, from the changed row's values. */
    public static final class Spread implements Trigger {
        @Override
        public void fire(Connection c, Object[] oldRow, Object[] newRow) throws SQLException {
            Object[] row = newRow != null ? newRow : oldRow;
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO T1 (K, S, AMOUNT, D) VALUES (?, ?, ?, ?)");
                 PreparedStatement upd = c.prepareStatement("UPDATE T2 SET N = N + 1, TS = DATEADD(SECOND, 1, TS)"
                         + " WHERE MOD(B, 3) = MOD(?, 3)")) {
                ins.setObject(1, row[0]);
                ins.setObject(2, row[2]);
                ins.setObject(3, row[4]);
                ins.setObject(4, row[8]);
                ins.executeUpdate();
                upd.setObject(1, row[0]);
                upd.executeUpdate();
            }
        }
    }

    private static final String[] T0_COLUMNS = {"ID", "BIG", "S", "C", "AMOUNT", "X", "R", "FLAG", "D", "TS", "SM"};

    @Test
    void theUndoLogNamesTheSameChangedRowsAsReadingEveryTable() throws SQLException {
        for (int c = 0; c < CASES; c++) {
            runCase(7_000L + c);
        }
    }

    private static void runCase(long seed) throws SQLException {
        Random rnd = new Random(seed);
        try (Connection conn = DriverManager.getConnection("jdbc:h2:mem:eq" + UUID.randomUUID())) {
            try (Statement st = conn.createStatement()) {
                st.execute("CREATE TABLE T0 (ID INT PRIMARY KEY, BIG BIGINT, S VARCHAR(20), C CHAR(4),"
                        + " AMOUNT DECIMAL(10, 3), X DOUBLE PRECISION, R REAL, FLAG BOOLEAN, D DATE, TS TIMESTAMP,"
                        + " SM SMALLINT)");
                st.execute("CREATE TABLE T1 (K INT, S VARCHAR(20), AMOUNT DECIMAL(10, 3), D DATE)");
                st.execute("CREATE TABLE T2 (A VARCHAR(10), B INT, N INT, TS TIMESTAMP, PRIMARY KEY (A, B))");
                for (int i = 0; i < 20; i++) {
                    insertT0(conn, rnd, i);
                    st.execute("INSERT INTO T1 VALUES (" + (i % 5) + ", 'same', 1.5, DATE '2026-02-0" + (1 + i % 3)
                            + "')"); // duplicates: a table without a key holds equal rows
                    st.execute("INSERT INTO T2 VALUES ('a" + (i % 4) + "', " + i + ", 0, TIMESTAMP '2026-01-01 00:00:00')");
                }
                st.execute("CREATE TRIGGER SPREAD AFTER INSERT, UPDATE, DELETE ON T0 FOR EACH ROW CALL '"
                        + Spread.class.getName() + "'");
            }
            Sql sql = new Sql(conn, StatementObserver.NONE);
            RowChanges log = H2UndoLog.of(conn, sql).orElseThrow();
            RowChanges scan = FullScan.of(conn, sql);
            conn.setAutoCommit(false);
            try {
                List<String> done = new ArrayList<>();
                statements(conn, rnd, 2, done); // the transaction has written before the first watch
                RowChanges.Watch logP = log.watch();
                RowChanges.Watch scanP = scan.watch();
                statements(conn, rnd, STATEMENTS / 2, done);
                assertSame(logP, scanP, "seed " + seed + " at the middle, after " + done);
                RowChanges.Watch logQ = log.watch();
                RowChanges.Watch scanQ = scan.watch();
                statements(conn, rnd, STATEMENTS / 2, done);
                assertSame(logP, scanP, "seed " + seed + " at the end, since the first watch, after " + done);
                assertSame(logQ, scanQ, "seed " + seed + " at the end, since the second watch, after " + done);
            } finally {
                conn.rollback();
                conn.setAutoCommit(true);
                sql.close();
            }
        }
    }

    private static void assertSame(RowChanges.Watch log, RowChanges.Watch scan, String context) throws SQLException {
        assertThat(differences(log.changes())).as(context).isEqualTo(differences(scan.changes()));
    }

    /** Per table (those with a difference only): the rows gone and the rows new, as sorted text. */
    private static Map<String, List<List<String>>> differences(Map<String, RowChanges.TableDelta> changes) {
        Map<String, List<List<String>>> out = new TreeMap<>();
        changes.forEach((table, delta) -> {
            List<String> gone = minus(delta.before(), delta.after());
            List<String> added = minus(delta.after(), delta.before());
            if (!gone.isEmpty() || !added.isEmpty()) {
                out.put(table, List.of(gone, added));
            }
        });
        return out;
    }

    private static List<String> minus(List<Map<String, SqlValue>> a, List<Map<String, SqlValue>> b) {
        Map<String, Integer> counts = new HashMap<>();
        b.forEach(r -> counts.merge(text(r), 1, Integer::sum));
        List<String> out = new ArrayList<>();
        for (Map<String, SqlValue> r : a) {
            String t = text(r);
            if (counts.getOrDefault(t, 0) == 0) {
                out.add(t);
            } else {
                counts.merge(t, -1, Integer::sum);
            }
        }
        Collections.sort(out);
        return out;
    }

    /** Values with their types: a conversion that differs in type or text shows. */
    private static String text(Map<String, SqlValue> row) {
        StringBuilder b = new StringBuilder();
        row.forEach((c, v) -> b.append(c).append(':').append(v.type()).append('=').append(v.text()).append('|'));
        return b.toString();
    }

    private static void statements(Connection conn, Random rnd, int n, List<String> done) throws SQLException {
        for (int i = 0; i < n; i++) {
            int id = rnd.nextInt(30);
            String s = switch (rnd.nextInt(7)) {
                case 0 -> null; // an insert, below
                case 1 -> "UPDATE T0 SET " + T0_COLUMNS[1 + rnd.nextInt(T0_COLUMNS.length - 1)] + " = NULL WHERE ID = " + id;
                case 2 -> "UPDATE T0 SET ID = ID + 100 WHERE ID = " + id;
                case 3 -> "UPDATE T0 SET S = S WHERE MOD(ID, 4) = " + rnd.nextInt(4);
                case 4 -> "DELETE FROM T0 WHERE ID BETWEEN " + id + " AND " + (id + rnd.nextInt(3));
                case 5 -> "DELETE FROM T1 WHERE K = " + rnd.nextInt(5);
                default -> "UPDATE T0 SET ID = 5 WHERE ID BETWEEN " + id + " AND " + (id + 4); // often a duplicate key
            };
            try {
                if (s == null) {
                    insertT0(conn, rnd, id);
                    done.add("insert " + id);
                } else {
                    try (Statement st = conn.createStatement()) {
                        st.executeUpdate(s);
                    }
                    done.add(s);
                }
            } catch (SQLException e) {
                done.add((s == null ? "insert " + id : s) + " (failed)");
            }
        }
    }

    private static void insertT0(Connection conn, Random rnd, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO T0 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setInt(1, id);
            ps.setObject(2, rnd.nextInt(5) == 0 ? null : rnd.nextLong());
            ps.setObject(3, rnd.nextInt(5) == 0 ? null : "s" + rnd.nextInt(1000));
            ps.setObject(4, rnd.nextInt(5) == 0 ? null : "c" + rnd.nextInt(10));
            ps.setObject(5, rnd.nextInt(5) == 0 ? null : java.math.BigDecimal.valueOf(rnd.nextInt(100000), 3));
            ps.setObject(6, rnd.nextInt(5) == 0 ? null : rnd.nextDouble() * 1e6);
            ps.setObject(7, rnd.nextInt(5) == 0 ? null : rnd.nextFloat());
            ps.setObject(8, rnd.nextInt(5) == 0 ? null : rnd.nextBoolean());
            ps.setObject(9, rnd.nextInt(5) == 0 ? null : java.time.LocalDate.of(2020, 1, 1).plusDays(rnd.nextInt(3000)));
            ps.setObject(10, rnd.nextInt(5) == 0 ? null
                    : java.time.LocalDateTime.of(2026, 1, 1, 0, 0).plusNanos(rnd.nextLong(1L << 50) * 1000));
            ps.setObject(11, rnd.nextInt(5) == 0 ? null : (short) rnd.nextInt(1000));
            ps.executeUpdate();
        }
    }
}
