package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * A composition across users that {@code HrDisguisesTest} does not make: a manager leaves, then one of their
 * subordinates (whose MANAGER_ID now names the manager's pseudoprincipal). The manager's reveal before the
 * subordinate's is refused with nothing changed; latest first, each reveal gives back exactly the tables as they were
 * before the apply it reverses.
 */
class ManagerAndSubordinateLeaveReviewTest {

    private static final String[] TABLES = {"REGIONS", "COUNTRIES", "LOCATIONS", "DEPARTMENTS", "JOBS",
            "EMPLOYEES", "JOB_HISTORY", "MAAT_DISGUISE_BAGS", "MAAT_DISGUISE_PRINCIPALS"};

    @TempDir
    Path dir;

    @Test
    void managerThenSubordinateLeaveAndComeBackLatestFirst() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("plain"), ErpDatabase.Kind.PLAIN, 11, 60);
        new ErpLoader(100, n -> { }).load(db);
        try (Connection conn = db.connect(); JdbcDisguises disguises = new JdbcDisguises(conn)) {
            int manager = -1;
            int subordinate = -1;
            try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT e.MANAGER_ID,"
                    + " e.EMPLOYEE_ID FROM EMPLOYEES e JOIN DEPARTMENTS d ON d.MANAGER_ID = e.MANAGER_ID"
                    + " WHERE EXISTS (SELECT 1 FROM EMPLOYEES s WHERE s.MANAGER_ID = e.EMPLOYEE_ID)"
                    + " ORDER BY e.EMPLOYEE_ID")) {
                if (rs.next()) {
                    manager = rs.getInt(1);
                    subordinate = rs.getInt(2);
                }
            }
            if (manager < 0) {
                try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(
                        "SELECT MANAGER_ID, EMPLOYEE_ID FROM EMPLOYEES WHERE MANAGER_ID IS NOT NULL ORDER BY EMPLOYEE_ID")) {
                    assertThat(rs.next()).as("an employee with a manager").isTrue();
                    manager = rs.getInt(1);
                    subordinate = rs.getInt(2);
                }
            }
            PrivateKey managerKey = PrincipalKeys.generate();
            PrivateKey subordinateKey = PrincipalKeys.generate();
            disguises.register(Integer.toString(manager), managerKey.publicKey());
            disguises.register(Integer.toString(subordinate), subordinateKey.publicKey());
            Map<String, List<String>> initial = WebSubmitData.dump(conn, TABLES);

            Receipt first = disguises.apply(DisguiseSpecs.builtin("hr-employee-leaves"), Integer.toString(manager),
                    PrincipalProof.none());
            Map<String, List<String>> afterManager = WebSubmitData.dump(conn, TABLES);
            Receipt second = disguises.apply(DisguiseSpecs.builtin("hr-employee-leaves"), Integer.toString(subordinate),
                    PrincipalProof.none());
            Map<String, List<String>> afterBoth = WebSubmitData.dump(conn, TABLES);

            assertThatThrownBy(() -> disguises.reveal(first.locator(), managerKey))
                    .as("the manager's reveal while the subordinate's row, re-pointed to the pseudoprincipal, is away");
            assertThat(WebSubmitData.dump(conn, TABLES)).as("a refused reveal changes nothing").isEqualTo(afterBoth);

            disguises.reveal(second.locator(), subordinateKey);
            assertThat(WebSubmitData.dump(conn, TABLES)).as("after the subordinate's reveal").isEqualTo(afterManager);
            disguises.reveal(first.locator(), managerKey);
            assertThat(WebSubmitData.dump(conn, TABLES)).as("after both reveals").isEqualTo(initial);
        }
    }
}
