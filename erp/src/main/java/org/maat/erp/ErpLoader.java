package org.maat.erp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Loads generated HR data into a new {@link ErpDatabase}: the schema, then the tables in foreign-key
 * order with batched inserts (plain H2 JDBC for a plain database, Maat's driver for an encrypted
 * one), then each department's manager, which needs the employees first. Rows stream from the
 * generator; memory does not grow with the number of employees beyond one int per department.
 */
public final class ErpLoader {

    private final int batchSize;
    private final LongConsumer progress;

    /**
     * @param progress told the number of rows written after each batch (e.g. a progress bar)
     */
    public ErpLoader(int batchSize, LongConsumer progress) {
        this.batchSize = batchSize;
        this.progress = progress;
    }

    /** Rows a load of {@code generator}'s data writes (inserts plus department manager updates). */
    public static long plannedRows(HrGenerator g) {
        return g.regions().size() + g.countries().size() + g.locations().size() + 2L * g.departmentCount()
                + g.jobs().size() + g.employeeCount() + g.jobHistoryCount();
    }

    /** Creates the schema in {@code db} and loads its generator's data; marks the database complete. */
    public PhaseTimings load(ErpDatabase db) throws SQLException {
        HrGenerator g = db.generator();
        PhaseTimings timings = new PhaseTimings();
        try (Connection conn = db.connect()) {
            timings.time("schema", () -> {
                HrSchema.load().create(conn);
                return 0;
            });
            insert(conn, "REGIONS", g.regions().iterator(), timings);
            insert(conn, "COUNTRIES", g.countries().iterator(), timings);
            insert(conn, "LOCATIONS", g.locations().iterator(), timings);
            insert(conn, "DEPARTMENTS", g.departments().iterator(), timings);
            insert(conn, "JOBS", g.jobs().iterator(), timings);
            int[] managers = new int[g.departmentCount()];
            Iterator<Object[]> employees = g.employees();
            Iterator<Object[]> recording = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return employees.hasNext();
                }

                @Override
                public Object[] next() {
                    Object[] row = employees.next();
                    int dept = (Integer) row[10] / 10 - 1;
                    if (managers[dept] == 0) {
                        managers[dept] = (Integer) row[0]; // the department's first (lowest-id) employee
                    }
                    return row;
                }
            };
            insert(conn, "EMPLOYEES", recording, timings);
            insert(conn, "JOB_HISTORY", g.jobHistory(), timings);
            timings.time("department managers", () -> setManagers(conn, managers));
        }
        timings.time("compact", () -> {
            db.compact(); // no rows of its own
            return 0;
        });
        db.markComplete();
        return timings;
    }

    private void insert(Connection conn, String table, Iterator<Object[]> rows, PhaseTimings timings)
            throws SQLException {
        List<String> columns = HrSchema.COLUMNS.get(table);
        timings.time(table, () -> {
            try (BatchInserter inserter = new BatchInserter(conn, table, columns, batchSize, progress)) {
                while (rows.hasNext()) {
                    inserter.add(rows.next());
                }
                inserter.flush();
                return inserter.rows();
            }
        });
    }

    /** UPDATE DEPARTMENTS SET MANAGER_ID for departments that have employees. */
    private long setManagers(Connection conn, int[] managers) throws SQLException {
        conn.setAutoCommit(false);
        long rows = 0;
        try (PreparedStatement update = conn.prepareStatement(
                "UPDATE DEPARTMENTS SET MANAGER_ID = ? WHERE DEPARTMENT_ID = ?")) {
            for (int i = 0; i < managers.length; i++) {
                if (managers[i] != 0) {
                    update.setInt(1, managers[i]);
                    update.setInt(2, 10 * (i + 1));
                    update.addBatch();
                    rows++;
                }
            }
            update.executeBatch();
        }
        conn.commit();
        progress.accept(managers.length);
        return rows;
    }
}
