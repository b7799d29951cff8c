package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * An employee of the ERP HR schema leaves and comes back, on plain H2 and through Maat's encrypted
 * layer ({@code jdbc:maat:h2:}): job history kept under one pseudoprincipal, subordinates and
 * departments re-pointed to it, the employee's row removed; the reveal restores every table exactly.
 */
class HrDisguisesTest {

    private static final String[] TABLES = {"REGIONS", "COUNTRIES", "LOCATIONS", "DEPARTMENTS", "JOBS",
            "EMPLOYEES", "JOB_HISTORY", "MAAT_DISGUISE_BAGS", "MAAT_DISGUISE_PRINCIPALS"};

    @TempDir
    Path dir;

    @Test
    void anEmployeeLeavesAndComesBackOnPlainH2() throws SQLException {
        leaveAndComeBack(ErpDatabase.Kind.PLAIN);
    }

    @Test
    void anEmployeeLeavesAndComesBackThroughTheEncryptedLayer() throws SQLException {
        leaveAndComeBack(ErpDatabase.Kind.ENCRYPTED);
    }

    private void leaveAndComeBack(ErpDatabase.Kind kind) throws SQLException {
        ErpDatabase db = ErpDatabase.create(dir.resolve(kind.name()), kind, 11, 60);
        new ErpLoader(100, n -> { }).load(db);
        try (Connection conn = db.connect(); JdbcDisguises disguises = new JdbcDisguises(conn)) {
            int leaver = managerWithSubordinatesAndHistory(conn);
            long subordinates = count(conn, "SELECT COUNT(*) FROM EMPLOYEES WHERE MANAGER_ID = ?", leaver);
            long history = count(conn, "SELECT COUNT(*) FROM JOB_HISTORY WHERE EMPLOYEE_ID = ?", leaver);
            long departments = count(conn, "SELECT COUNT(*) FROM DEPARTMENTS WHERE MANAGER_ID = ?", leaver);
            PrivateKey key = PrincipalKeys.generate();
            disguises.register(Integer.toString(leaver), key.publicKey());
            Map<String, List<String>> before = WebSubmitData.dump(conn, TABLES);

            Receipt receipt = disguises.apply(DisguiseSpecs.builtin("hr-employee-leaves"), Integer.toString(leaver),
                    PrincipalProof.none());

            assertThat(receipt.pseudoprincipals()).isEqualTo(1);
            assertThat(count(conn, "SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = ?", leaver)).isZero();
            for (String ref : List.of("EMPLOYEES WHERE MANAGER_ID", "JOB_HISTORY WHERE EMPLOYEE_ID",
                    "DEPARTMENTS WHERE MANAGER_ID")) {
                assertThat(count(conn, "SELECT COUNT(*) FROM " + ref + " = ?", leaver)).as(ref).isZero();
            }
            int pseudo = pseudoprincipal(conn);
            assertThat(count(conn, "SELECT COUNT(*) FROM EMPLOYEES WHERE MANAGER_ID = ?", pseudo)).isEqualTo(subordinates);
            assertThat(count(conn, "SELECT COUNT(*) FROM JOB_HISTORY WHERE EMPLOYEE_ID = ?", pseudo)).isEqualTo(history);
            assertThat(count(conn, "SELECT COUNT(*) FROM DEPARTMENTS WHERE MANAGER_ID = ?", pseudo)).isEqualTo(departments);
            assertThat(receipt.changes()).isEqualTo((int) (subordinates + history + departments + 1));

            RevealReport report = disguises.reveal(receipt.locator(), key);

            assertThat(report.pseudoprincipalsRemoved()).isEqualTo(1);
            assertThat(WebSubmitData.dump(conn, TABLES)).isEqualTo(before);
        }
    }

    /** A department manager with subordinates and, if any employee has one, a job history. */
    private static int managerWithSubordinatesAndHistory(Connection conn) throws SQLException {
        List<Integer> managers = new ArrayList<>();
        try (Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT MANAGER_ID FROM DEPARTMENTS WHERE MANAGER_ID IS NOT NULL")) {
            while (rs.next()) {
                managers.add(rs.getInt(1));
            }
        }
        Integer fallback = null;
        for (int m : managers) {
            if (count(conn, "SELECT COUNT(*) FROM EMPLOYEES WHERE MANAGER_ID = ?", m) > 0) {
                if (count(conn, "SELECT COUNT(*) FROM JOB_HISTORY WHERE EMPLOYEE_ID = ?", m) > 0) {
                    return m;
                }
                fallback = fallback == null ? m : fallback;
            }
        }
        assertThat(fallback).as("a department manager with subordinates").isNotNull();
        return fallback;
    }

    private static int pseudoprincipal(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE LAST_NAME = 'Former employee'")) {
            assertThat(rs.next()).isTrue();
            int id = rs.getInt(1);
            assertThat(rs.next()).isFalse();
            return id;
        }
    }

    private static long count(Connection conn, String sql, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
