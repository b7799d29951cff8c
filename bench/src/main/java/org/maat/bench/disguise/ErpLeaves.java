package org.maat.bench.disguise;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.maat.bench.load.Latencies;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.erp.HrGenerator;

/**
 * An employee leaves, on the ERP HR schema (plain H2): the built-in disguise {@code hr-employee-leaves}
 * and its reveal, against the manual irreversible SQL that does the same (a "former employee" row takes
 * over the job history, the reports and the departments; the employee row goes). Employees are drawn
 * at random without repetition, alternately for Maat and the manual version, so both see the same mix
 * of managers and individual contributors, and never one who manages another drawn one (a leave would
 * then change rows another's reveal restores, a conflict that refuses the reveal); every employee Maat
 * disguised is restored, last one first (the measured reveal). The first {@code warmUp} of each are not
 * timed.
 */
final class ErpLeaves {

    private final int employees;
    private final int warmUp;
    private final int runs;
    private final long seed;

    ErpLeaves(int employees, int warmUp, int runs, long seed) {
        if (2L * (warmUp + runs) > employees) {
            throw new IllegalArgumentException(employees + " employees are too few for " + (warmUp + runs)
                    + " leaves with Maat and as many manual ones: give more --employees or fewer --runs");
        }
        this.employees = employees;
        this.warmUp = warmUp;
        this.runs = runs;
        this.seed = seed;
    }

    /** Measures on a loaded HR database: {@code maatConn} for disguises, {@code sqlConn} for the manual SQL. */
    List<Timed> measure(Connection maatConn, Connection sqlConn) throws SQLException {
        JdbcDisguises maat = new JdbcDisguises(maatConn);
        DisguiseSpec leaves = DisguiseSpecs.builtin("hr-employee-leaves");
        int n = warmUp + runs;
        int[] drawn = distinctEmployees(2 * n);
        PrivateKey[] keys = new PrivateKey[n];
        for (int i = 0; i < n; i++) {
            keys[i] = PrincipalKeys.generate();
            maat.register(String.valueOf(drawn[2 * i]), keys[i].publicKey());
        }
        sqlConn.setAutoCommit(false);
        SplittableRandom random = new SplittableRandom(seed);
        Receipt[] receipts = new Receipt[n];
        long[] maatLeave = new long[n];
        long[] manualLeave = new long[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            receipts[i] = maat.apply(leaves, String.valueOf(drawn[2 * i]), PrincipalProof.none());
            maatLeave[i] = System.nanoTime() - t0;
            long t1 = System.nanoTime();
            manualLeave(sqlConn, drawn[2 * i + 1], 1_000_000_000 + i, random);
            manualLeave[i] = System.nanoTime() - t1;
        }
        long[] restore = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            long t0 = System.nanoTime();
            maat.reveal(receipts[i].locator(), keys[i]);
            restore[i] = System.nanoTime() - t0;
            if (!exists(sqlConn, drawn[2 * i])) {
                throw new IllegalStateException("benchmark check failed: employee " + drawn[2 * i] + " not restored");
            }
        }
        String note = "random employees of " + employees;
        return List.of(timed("employee leaves", Timed.MAAT, maatLeave, note),
                timed("employee leaves", Timed.MANUAL, manualLeave, note),
                timed("restore employee", Timed.MAAT, restore, note));
    }

    /**
     * What a developer would write without disguises: a former-employee row (a new id from the
     * application's own sequence, here {@code newId}) takes over the employee's job history, reports
     * and departments; the employee row is deleted. Nothing is kept to undo it.
     */
    static void manualLeave(Connection conn, int employee, int newId, SplittableRandom random) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO EMPLOYEES (EMPLOYEE_ID, FIRST_NAME, LAST_NAME, "
                + "EMAIL, PHONE_NUMBER, HIRE_DATE, JOB_ID, SALARY, COMMISSION_PCT, MANAGER_ID, DEPARTMENT_ID) "
                + "SELECT ?, NULL, 'Former employee', ?, NULL, HIRE_DATE, JOB_ID, NULL, NULL, NULL, DEPARTMENT_ID "
                + "FROM EMPLOYEES WHERE EMPLOYEE_ID = ?")) {
            ps.setInt(1, newId);
            ps.setString(2, "fx" + HexFormat.of().toHexDigits(random.nextInt()) + "@hr.example");
            ps.setInt(3, employee);
            if (ps.executeUpdate() != 1) {
                throw new IllegalStateException("benchmark check failed: no employee " + employee);
            }
        }
        for (String sql : List.of("UPDATE JOB_HISTORY SET EMPLOYEE_ID = ? WHERE EMPLOYEE_ID = ?",
                "UPDATE EMPLOYEES SET MANAGER_ID = ? WHERE MANAGER_ID = ?",
                "UPDATE DEPARTMENTS SET MANAGER_ID = ? WHERE MANAGER_ID = ?")) {
            try (PreparedStatement ps = conn.prepareStatement(sql)) {
                ps.setInt(1, newId);
                ps.setInt(2, employee);
                ps.executeUpdate();
            }
        }
        try (PreparedStatement ps = conn.prepareStatement("DELETE FROM EMPLOYEES WHERE EMPLOYEE_ID = ?")) {
            ps.setInt(1, employee);
            ps.executeUpdate();
        }
        conn.commit();
    }

    /** {@code count} employee ids, none the manager of another (generated as the loaded database was). */
    private int[] distinctEmployees(int count) {
        HrGenerator g = new HrGenerator(seed, employees);
        int[] order = new int[employees];
        for (int i = 0; i < employees; i++) {
            order[i] = i;
        }
        SplittableRandom r = new SplittableRandom(seed);
        Set<Integer> chosen = new HashSet<>();
        Set<Integer> managersOfChosen = new HashSet<>();
        int[] out = new int[count];
        int found = 0;
        for (int i = 0; i < employees && found < count; i++) {
            int j = i + r.nextInt(employees - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            HrGenerator.Employee e = g.employee(order[i]);
            if (managersOfChosen.contains(e.id()) || e.managerId() != null && chosen.contains(e.managerId())) {
                continue;
            }
            chosen.add(e.id());
            if (e.managerId() != null) {
                managersOfChosen.add(e.managerId());
            }
            out[found++] = e.id();
        }
        if (found < count) {
            throw new IllegalArgumentException(employees + " employees hold too few unrelated ones for " + count
                    + " leaves: give more --employees or fewer --runs");
        }
        return out;
    }

    private static boolean exists(Connection conn, int employee) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = ?")) {
            ps.setInt(1, employee);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                boolean found = rs.getInt(1) == 1;
                conn.commit();
                return found;
            }
        }
    }

    private Timed timed(String operation, String variant, long[] nanos, String note) {
        return new Timed("ERP HR", operation, variant, Latencies.of(Arrays.copyOfRange(nanos, warmUp, nanos.length)),
                note);
    }
}
