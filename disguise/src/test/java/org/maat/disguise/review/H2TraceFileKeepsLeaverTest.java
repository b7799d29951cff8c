package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * Review attack on "no byte of any file of the database directory holds the leaver's name pair or e-mail" (plain
 * H2, {@code hr-employee-leaves}, each step a command as {@code maat disguise --db jdbc:h2:file:...} runs it). The
 * database directory holds one more file than the H2 store: {@code hr.trace.db}, where H2 (at its default
 * {@code TRACE_LEVEL_FILE=1}) writes every failed statement's text with its literals. An HR query about the
 * employee that H2 refuses (a mistyped date) leaves their name pair and e-mail there; the disguise rewrites
 * {@code hr.mv.db} from its live rows but never looks at the trace file, which keeps naming the employee after they
 * left. (The encrypted layer turns the trace file off for this very reason: {@code H2Connections.openServer}.)
 */
class H2TraceFileKeepsLeaverTest {

    @TempDir
    Path dir;

    @Test
    void aRefusedQueryAboutTheLeaverStaysInTheDatabaseDirectoryAfterTheyLeave() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("erp"), ErpDatabase.Kind.PLAIN, 5, 200);
        new ErpLoader(100, n -> { }).load(db);
        db.markComplete();
        int leaver;
        String first;
        String last;
        String email;
        try (Connection conn = db.connect(); Statement st = conn.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT E.EMPLOYEE_ID, E.FIRST_NAME, E.LAST_NAME, E.EMAIL FROM EMPLOYEES E"
                    + " WHERE E.FIRST_NAME IS NOT NULL AND NOT EXISTS (SELECT 1 FROM EMPLOYEES S WHERE S.MANAGER_ID ="
                    + " E.EMPLOYEE_ID) AND NOT EXISTS (SELECT 1 FROM DEPARTMENTS D WHERE D.MANAGER_ID = E.EMPLOYEE_ID)"
                    + " ORDER BY E.EMPLOYEE_ID")) {
                assertThat(rs.next()).isTrue();
                leaver = rs.getInt(1);
                first = rs.getString(2);
                last = rs.getString(3);
                email = rs.getString(4);
            }
            // An operator's ad-hoc query about the employee, with a date H2 cannot read: refused, and traced.
            assertThatThrownBy(() -> st.executeQuery("SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE FIRST_NAME = '" + first
                    + "' AND LAST_NAME = '" + last + "' AND EMAIL = '" + email + "' AND HIRE_DATE = DATE 'last spring'"))
                    .isInstanceOf(SQLException.class);
        }
        String id = Integer.toString(leaver);
        try (Disguises d = command(db)) {
            d.register(id, PrincipalKeys.generate().publicKey());
        }
        try (Disguises d = command(db)) {
            d.apply(DisguiseSpecs.builtin("hr-employee-leaves"), id, PrincipalProof.none());
        }
        try (Connection conn = db.connect(); Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = " + leaver)) {
            rs.next();
            assertThat(rs.getLong(1)).as("the employee's row is gone").isZero();
        }
        List<String> naming = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(db.dir())) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                if (text.contains(email) || text.contains("'" + first + "' AND LAST_NAME = '" + last + "'")) {
                    naming.add(db.dir().relativize(f).toString());
                }
            }
        }
        assertThat(naming).as("files of %s naming employee %s (%s %s, %s) after they left", db.dir(), id, first, last,
                email).isEmpty();
    }

    private static Disguises command(ErpDatabase db) {
        Properties p = new Properties();
        p.setProperty("user", "");
        p.setProperty("password", "");
        p.setProperty("IFEXISTS", "TRUE");
        return JdbcDisguises.open(db.h2Url(), p);
    }
}
