package org.maat.erp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import org.maat.encdb.jdbc.H2Connections;

/**
 * Encrypts an existing plaintext ERP database into a new encrypted one: reads every row with H2's
 * driver and writes it through Maat's, so every onion of every column is computed as the driver
 * would for the application's own inserts.
 *
 * <p>Tables go in foreign-key order. Within DEPARTMENTS, EMPLOYEES and JOB_HISTORY, rows are split
 * into id ranges worked on by {@code threads} threads, each with its own driver connection and
 * batches. Two references need care: EMPLOYEES.MANAGER_ID points into EMPLOYEES, so employees go
 * level by level of the management tree (a level starts when its managers are committed), and
 * DEPARTMENTS.MANAGER_ID points into EMPLOYEES, so departments are copied without their manager and
 * updated last. The target is marked complete only when every phase succeeded.
 */
public final class BulkEncryptor {

    private final int threads;
    private final int batchSize;
    private final LongConsumer progress;

    /**
     * @param progress told the number of rows written after each batch; must be thread-safe
     */
    public BulkEncryptor(int threads, int batchSize, LongConsumer progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.batchSize = batchSize;
        this.progress = progress;
    }

    /** Rows an encryption of {@code from} writes: every row, plus one update per department. */
    public static long plannedRows(ErpDatabase from) throws SQLException {
        long rows = 0;
        try (Connection conn = from.connect(); Statement st = conn.createStatement()) {
            for (String table : HrSchema.TABLES) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    rows += rs.getLong(1) * (table.equals("DEPARTMENTS") ? 2 : 1);
                }
            }
        }
        return rows;
    }

    /**
     * Creates the HR schema in {@code to} through the driver and copies {@code from}'s rows into it.
     *
     * @return the time of each phase: schema, each table, department managers, compaction
     */
    public PhaseTimings encrypt(ErpDatabase from, ErpDatabase to) throws SQLException {
        if (from.kind() != ErpDatabase.Kind.PLAIN) {
            throw new IllegalArgumentException(from.dir() + ": not a plaintext database");
        }
        if (to.kind() != ErpDatabase.Kind.ENCRYPTED) {
            throw new IllegalArgumentException(to.dir() + ": target must be an encrypted database");
        }
        PhaseTimings timings = new PhaseTimings();
        BlockingQueue<Connection> targets = new ArrayBlockingQueue<>(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "maat-erp-encrypt");
            t.setDaemon(true);
            return t;
        });
        try (Connection source = from.connect()) {
            for (int i = 0; i < threads; i++) {
                targets.add(to.connect());
            }
            Connection first = targets.peek();
            timings.time("schema", () -> {
                HrSchema.load().create(first);
                return 0;
            });
            for (String table : HrSchema.TABLES) { // foreign-key order
                timings.time(table, () -> switch (table) {
                    case "DEPARTMENTS" -> copyPartitioned(source, targets, pool, table, "DEPARTMENT_ID");
                    case "EMPLOYEES" -> copyEmployees(source, targets, pool);
                    case "JOB_HISTORY" -> copyPartitioned(source, targets, pool, table, "EMPLOYEE_ID");
                    default -> copyRange(source, first, table, null, Long.MIN_VALUE, Long.MAX_VALUE, null);
                });
            }
            timings.time("department managers", () -> copyDepartmentManagers(source, first));
        } finally {
            pool.shutdownNow();
            for (Connection c : targets) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing after a failure: the first error is the one worth reporting
                }
            }
        }
        timings.time("compact", () -> {
            to.compact(); // a phase without rows of its own: the total stays the number of rows copied
            return 0;
        });
        to.markComplete();
        return timings;
    }

    /** Copies rows whose {@code key} lies in [lo, hi] (all rows if key is null), optionally only some. */
    private long copyRange(Connection source, Connection target, String table, String key, long lo, long hi,
            RowFilter filter) throws SQLException {
        List<String> columns = HrSchema.COLUMNS.get(table);
        String select = "SELECT " + String.join(", ", columns) + " FROM " + table
                + (key == null ? "" : " WHERE " + key + " BETWEEN ? AND ? ORDER BY " + key);
        int deferred = table.equals("DEPARTMENTS") ? columns.indexOf("MANAGER_ID") : -1;
        try (PreparedStatement st = source.prepareStatement(select);
                BatchInserter inserter = new BatchInserter(target, table, columns, batchSize, progress)) {
            if (key != null) {
                st.setLong(1, lo);
                st.setLong(2, hi);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    Object[] row = new Object[columns.size()];
                    for (int c = 0; c < row.length; c++) {
                        Object v = rs.getObject(c + 1);
                        row[c] = v instanceof java.sql.Date d ? d.toLocalDate() : v;
                    }
                    if (filter != null && !filter.accept(row)) {
                        continue;
                    }
                    if (deferred >= 0) {
                        row[deferred] = null; // set by copyDepartmentManagers once EMPLOYEES exist
                    }
                    inserter.add(row);
                }
            }
            inserter.flush();
            return inserter.rows();
        }
    }

    @FunctionalInterface
    private interface RowFilter {
        boolean accept(Object[] row);
    }

    private long copyPartitioned(Connection source, BlockingQueue<Connection> targets, ExecutorService pool,
            String table, String key) throws SQLException {
        long[] bounds = bounds(source, table, key);
        if (bounds == null) {
            return 0;
        }
        return runChunks(targets, pool, chunks(bounds[0], bounds[1]), (target, range) -> {
            // Each chunk reads with its own source connection: H2 connections serialize their statements.
            try (Connection src = sourceLike(source)) {
                return copyRange(src, target, table, key, range[0], range[1], null);
            }
        });
    }

    /**
     * EMPLOYEES level by level of the management tree: level 0 has no manager, level k+1's managers
     * are on level k, so every level's inserts find their managers committed.
     */
    private long copyEmployees(Connection source, BlockingQueue<Connection> targets, ExecutorService pool)
            throws SQLException {
        int count;
        try (Statement st = source.createStatement();
                ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
            rs.next();
            count = rs.getInt(1);
        }
        int[] ids = new int[count];
        int[] managers = new int[count];
        try (Statement st = source.createStatement();
                ResultSet rs = st.executeQuery("SELECT EMPLOYEE_ID, MANAGER_ID FROM EMPLOYEES ORDER BY EMPLOYEE_ID")) {
            for (int i = 0; i < count && rs.next(); i++) {
                ids[i] = rs.getInt(1);
                int m = rs.getInt(2);
                managers[i] = rs.wasNull() ? Integer.MIN_VALUE : m;
            }
        }
        int[] levels = ManagementLevels.of(ids, managers);
        int maxLevel = Arrays.stream(levels).max().orElse(-1);
        long rows = 0;
        for (int level = 0; level <= maxLevel; level++) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                if (levels[i] == level) {
                    lo = Math.min(lo, ids[i]);
                    hi = Math.max(hi, ids[i]);
                }
            }
            int wanted = level;
            RowFilter onLevel = row -> levels[Arrays.binarySearch(ids, (Integer) row[0])] == wanted;
            rows += runChunks(targets, pool, chunks(lo, hi), (target, range) -> {
                try (Connection src = sourceLike(source)) {
                    return copyRange(src, target, "EMPLOYEES", "EMPLOYEE_ID", range[0], range[1], onLevel);
                }
            });
        }
        return rows;
    }

    private long copyDepartmentManagers(Connection source, Connection target) throws SQLException {
        long rows = 0;
        target.setAutoCommit(false);
        try (Statement st = source.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT DEPARTMENT_ID, MANAGER_ID FROM DEPARTMENTS WHERE MANAGER_ID IS NOT NULL");
                PreparedStatement update = target.prepareStatement(
                        "UPDATE DEPARTMENTS SET MANAGER_ID = ? WHERE DEPARTMENT_ID = ?")) {
            int pending = 0;
            while (rs.next()) {
                update.setInt(1, rs.getInt(2));
                update.setInt(2, rs.getInt(1));
                update.addBatch();
                rows++;
                if (++pending == batchSize) {
                    update.executeBatch();
                    target.commit();
                    progress.accept(pending);
                    pending = 0;
                }
            }
            update.executeBatch();
            target.commit();
            progress.accept(pending);
        }
        return rows;
    }

    @FunctionalInterface
    private interface Chunk {
        long copy(Connection target, long[] range) throws SQLException;
    }

    /** Runs the chunks on the pool, each borrowing one target connection; the first failure is thrown. */
    private long runChunks(BlockingQueue<Connection> targets, ExecutorService pool, List<long[]> ranges, Chunk chunk)
            throws SQLException {
        List<Future<Long>> futures = new ArrayList<>();
        for (long[] range : ranges) {
            futures.add(pool.submit(() -> {
                Connection target = targets.take();
                try {
                    return chunk.copy(target, range);
                } finally {
                    targets.add(target);
                }
            }));
        }
        long rows = 0;
        try {
            for (Future<Long> f : futures) {
                rows += f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            futures.forEach(f -> f.cancel(true));
            throw new SQLException("bulk encryption interrupted", e);
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            Throwable cause = e.getCause();
            if (cause instanceof SQLException s) {
                throw s;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new SQLException(cause);
        }
        return rows;
    }

    /** Splits [lo, hi] into a few ranges per thread, so threads that finish early take more. */
    private List<long[]> chunks(long lo, long hi) {
        List<long[]> out = new ArrayList<>();
        if (lo > hi) {
            return out;
        }
        int parts = threads == 1 ? 1 : threads * 4;
        long span = Math.max(1, (hi - lo + parts) / parts);
        for (long start = lo; start <= hi; start += span) {
            out.add(new long[] {start, Math.min(hi, start + span - 1)});
            if (start + span < start) {
                break; // overflow
            }
        }
        return out;
    }

    private static long[] bounds(Connection source, String table, String key) throws SQLException {
        try (Statement st = source.createStatement();
                ResultSet rs = st.executeQuery("SELECT MIN(" + key + "), MAX(" + key + ") FROM " + table)) {
            rs.next();
            long lo = rs.getLong(1);
            return rs.wasNull() ? null : new long[] {lo, rs.getLong(2)};
        }
    }

    private static Connection sourceLike(Connection source) throws SQLException {
        return H2Connections.open(source.getMetaData().getURL());
    }
}
