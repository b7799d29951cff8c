package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.SpecParser;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * Promises: "reveal restores exactly" and "after a disguise, Maat's stores hold nothing of the principal" it did
 * not record. The ERP database has Oracle HR's {@code UPDATE_JOB_HISTORY} trigger: an UPDATE of an employee that
 * changes JOB_ID or DEPARTMENT_ID inserts a JOB_HISTORY row naming the employee. A disguise that modifies the
 * department (an employee taken out of the organisation chart) fires it: the apply writes a JOB_HISTORY row that no
 * bag records (a new row naming the principal), and the reveal's UPDATE back fires it again, inserting a second row
 * with the same key (employee, hire date): the reveal fails with a database error, every time, so the principal can
 * never come back; and a reveal that went through would still leave the trigger's rows.
 */
class TriggerSideEffectReviewTest {

    private static final DisguiseSpec OUT_OF_CHART = SpecParser.parse("hr-out-of-chart.json", """
            {"disguise": "hr-out-of-chart", "applies-to": "jdbc",
             "principal": {"table": "EMPLOYEES", "id": "EMPLOYEE_ID"},
             "steps": [{"modify": "EMPLOYEES", "owner": "EMPLOYEE_ID", "key": ["EMPLOYEE_ID"],
                        "columns": {"DEPARTMENT_ID": "null"}}]}""");

    @TempDir
    Path dir;

    private static JdbcDisguises command(ErpDatabase db) {
        Properties p = new Properties();
        p.setProperty("user", "");
        p.setProperty("password", "");
        p.setProperty("IFEXISTS", "TRUE");
        return JdbcDisguises.open(db.h2Url(), p);
    }

    private static List<String> rows(ErpDatabase db, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = db.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(rs.getString(i)).append('|');
                }
                out.add(b.toString());
            }
        }
        return out;
    }

    @Test
    void aDisguiseThatMovesAnEmployeeOutOfTheirDepartmentCanBeRevealed() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("erp"), ErpDatabase.Kind.PLAIN, 29, 200);
        new ErpLoader(100, n -> { }).load(db);
        db.markComplete();
        String id = rows(db, "SELECT EMPLOYEE_ID FROM EMPLOYEES E WHERE DEPARTMENT_ID IS NOT NULL AND NOT EXISTS"
                + " (SELECT 1 FROM JOB_HISTORY H WHERE H.EMPLOYEE_ID = E.EMPLOYEE_ID) ORDER BY EMPLOYEE_ID LIMIT 1")
                .get(0).replace("|", "");
        String employee = "SELECT * FROM EMPLOYEES WHERE EMPLOYEE_ID = " + id;
        String history = "SELECT * FROM JOB_HISTORY WHERE EMPLOYEE_ID = " + id + " ORDER BY START_DATE";
        List<String> before = rows(db, employee);
        assertThat(rows(db, history)).isEmpty();

        PrivateKey key = PrincipalKeys.generate();
        Receipt receipt;
        try (JdbcDisguises d = command(db)) {
            d.register(id, key.publicKey());
        }
        try (JdbcDisguises d = command(db)) {
            receipt = d.apply(OUT_OF_CHART, id, PrincipalProof.none());
        }
        List<String> afterApply = rows(db, history);

        String revealed;
        try (JdbcDisguises d = command(db)) {
            d.reveal(receipt.locator(), key);
            revealed = "revealed";
        } catch (RuntimeException e) {
            revealed = "reveal failed: " + e.getMessage();
        }
        assertThat(List.of(revealed, rows(db, employee), rows(db, history)))
                .as("after apply, JOB_HISTORY of " + id + " held " + afterApply + " (no bag records it)")
                .isEqualTo(List.of("revealed", before, List.of()));
    }
}
