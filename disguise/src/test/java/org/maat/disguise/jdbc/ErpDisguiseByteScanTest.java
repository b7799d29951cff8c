package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.SpecParser;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * "After every apply, a scan of every byte of every file of the database directory finds none of the
 * user's values": employees of a plain ERP database, drawn at random, are anonymized (names, e-mail and
 * phone rewritten in place, so old versions of the row and of the name index's entry are left behind)
 * and then leave ({@code hr-employee-leaves} removes the row), each operation a command of its own as
 * {@code maat disguise} runs it ({@link JdbcDisguises#open}, then close). The directory is then read
 * byte by byte, compressed pages expanded ({@link H2FileText}), for each employee's first and last name
 * as H2 stores the pair (in the row, first then last; in {@code EMP_NAME_IX}, last then first, a few
 * header bytes apart), e-mail and phone number, in UTF-8 and UTF-16.
 */
class ErpDisguiseByteScanTest {

    /** Rewrites every value that names the employee; the row stays (the old version is what may linger). */
    private static final DisguiseSpec ANONYMIZE = SpecParser.parse("hr-anonymize.json", """
            {"disguise": "hr-anonymize", "applies-to": "jdbc",
             "principal": {"table": "EMPLOYEES", "id": "EMPLOYEE_ID"},
             "steps": [{"modify": "EMPLOYEES", "owner": "EMPLOYEE_ID", "key": ["EMPLOYEE_ID"],
                        "columns": {"FIRST_NAME": "null", "LAST_NAME": "constant:Anonymous",
                                    "EMAIL": "random-email", "PHONE_NUMBER": "null"}}]}""");

    /** The patterns H2 stores each value by; an employee who stayed is found by each of them. */
    private static final List<String> STORED = List.of("name pair (row)", "name pair (index)", "e-mail", "phone");
    private static final int EMPLOYEES = 1000;
    private static final int LEAVERS = 3;

    @TempDir
    Path dir;

    private record Employee(int id, String first, String last, String email, String phone) {
    }

    @Test
    void anonymizedThenDeletedEmployeesLeaveNoByteInAnyFileOfTheDatabase() throws Exception {
        for (long seed : new long[] {29, 4711}) {
            scanAfterLeaving(seed);
        }
    }

    private void scanAfterLeaving(long seed) throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("erp-" + seed), ErpDatabase.Kind.PLAIN, seed, EMPLOYEES);
        new ErpLoader(100, n -> { }).load(db);
        db.compact(); // as 'maat erp' ends a build
        db.markComplete();
        Random random = new Random(seed);
        List<Employee> leavers = new ArrayList<>();
        Employee stays;
        String separators = H2FileText.nodePages(db.h2File());
        try (Connection conn = db.connect()) {
            List<Employee> all = employees(conn);
            // First a leaver whose name pair separates two pages of EMP_NAME_IX: a node page keeps it as a
            // copy, which a page-by-page compaction carries over once the row is gone.
            List<Employee> separating = all.stream().filter(e -> distinctive(e, all)
                    && patterns(e).get("name pair (index)").matcher(separators).find()).toList();
            assertThat(separating).as("employees whose name pair is a separator of the name index").isNotEmpty();
            leavers.add(separating.get(random.nextInt(separating.size())));
            while (leavers.size() < LEAVERS) {
                Employee e = all.get(random.nextInt(all.size()));
                if (!leavers.contains(e) && distinctive(e, all)) {
                    leavers.add(e);
                }
            }
            stays = all.stream().filter(e -> !leavers.contains(e) && distinctive(e, all)).findFirst().orElseThrow();
        }
        for (Employee e : leavers) {
            String id = Integer.toString(e.id());
            PrivateKey key = PrincipalKeys.generate();
            try (JdbcDisguises disguises = command(db)) {
                disguises.register(id, key.publicKey());
            }
            try (JdbcDisguises disguises = command(db)) {
                disguises.apply(ANONYMIZE, id, PrincipalProof.none());
            }
            try (JdbcDisguises disguises = command(db)) {
                disguises.apply(DisguiseSpecs.builtin("hr-employee-leaves"), id, PrincipalProof.none());
            }
        }
        try (Connection conn = db.connect()) {
            for (Employee e : leavers) {
                assertThat(count(conn, "SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = " + e.id())).isZero();
                assertThat(count(conn, "SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS WHERE PRINCIPAL = '" + e.id() + "'"))
                        .as("the registry forgot %s", e.id()).isZero();
            }
        }

        Map<Path, String> files = filesOf(db.dir());
        // The scan finds what is there: an employee who stayed, by the same patterns (in compressed pages
        // once the file is compacted, in plain ones otherwise).
        String all = String.join("\n", files.values());
        assertThat(found(all, stays)).as("what the scan finds of employee %s, who stayed", stays.id())
                .containsAll(STORED);
        for (Employee e : leavers) {
            files.forEach((file, text) -> assertThat(holds(text, e))
                    .as("seed %d: %s still holds a value of employee %s (%s)", seed, file.getFileName(), e.id(),
                            found(text, e)).isFalse());
        }
    }

    /** A command's own connection to the database, as {@code maat disguise --db} opens it. */
    private static JdbcDisguises command(ErpDatabase db) {
        Properties p = new Properties();
        p.setProperty("user", "");
        p.setProperty("password", "");
        p.setProperty("IFEXISTS", "TRUE");
        return JdbcDisguises.open(db.h2Url() + ";MAX_COMPACT_TIME=0", p);
    }

    /** Every file under {@code root}, H2 files with their compressed pages expanded. */
    private static Map<Path, String> filesOf(Path root) throws IOException {
        Map<Path, String> files = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                files.put(f, f.toString().endsWith(".mv.db") ? H2FileText.of(f)
                        : new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }

    private static boolean holds(String text, Employee e) {
        return !found(text, e).isEmpty();
    }

    /** Which of the employee's values {@code text} (one char a byte) holds. */
    private static List<String> found(String text, Employee e) {
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, Pattern> p : patterns(e).entrySet()) {
            if (p.getValue().matcher(text).find()) {
                found.add(p.getKey());
            }
        }
        return found;
    }

    private static Map<String, Pattern> patterns(Employee e) {
        Map<String, Pattern> m = new LinkedHashMap<>();
        String gap = "[\\x00-\\xff]{1,4}"; // the next value's type and length bytes
        m.put("name pair (row)", Pattern.compile(bytes(e.first()) + gap + bytes(e.last())));
        m.put("name pair (index)", Pattern.compile(bytes(e.last()) + gap + bytes(e.first())));
        m.put("e-mail", Pattern.compile(bytes(e.email())));
        m.put("phone", Pattern.compile(bytes(e.phone())));
        m.put("e-mail (UTF-16)", Pattern.compile(Pattern.quote(new String(e.email().getBytes(StandardCharsets.UTF_16BE),
                StandardCharsets.ISO_8859_1))));
        return m;
    }

    /** {@code s} as a regular expression over its UTF-8 bytes read one char a byte. */
    private static String bytes(String s) {
        return Pattern.quote(new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }

    /**
     * Whether no other employee shares the name pair, e-mail or phone (a hit would then be theirs) and the
     * values are long enough to mean something in a scan.
     */
    private static boolean distinctive(Employee e, List<Employee> all) {
        if (e.first() == null || e.phone() == null || e.first().length() < 3 || e.last().length() < 3) {
            return false;
        }
        return all.stream().filter(o -> o.id() != e.id()).noneMatch(o -> (e.first().equals(o.first())
                && e.last().equals(o.last())) || o.email().contains(e.email()) || e.email().contains(o.email())
                || (o.phone() != null && o.phone().contains(e.phone())));
    }

    private static List<Employee> employees(Connection conn) throws SQLException {
        List<Employee> all = new ArrayList<>();
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT EMPLOYEE_ID, FIRST_NAME, LAST_NAME, EMAIL, PHONE_NUMBER FROM EMPLOYEES ORDER BY EMPLOYEE_ID")) {
            while (rs.next()) {
                all.add(new Employee(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
            }
        }
        return all;
    }

    private static long count(Connection conn, String sql) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
