package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
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
 * Review attack on "after a disguise no file of the data directory holds the user's data": the README's own ERP
 * example runs {@code maat disguise} on {@code jdbc:maat:h2:file:erp/hr;maat.keyFile=erp/maat.key} (the encrypted
 * SQL layer). There H2 stores each of the employee's values as the layer's ciphertext under {@code erp/maat.key},
 * which the product decrypts. {@code hr-employee-leaves} removes the employee's row, each step a command of its own
 * ({@link JdbcDisguises#open} then close, as the CLI runs it); but the file-rewrite that drops old row versions runs
 * only for a plain H2 connection, so the removed row's stored ciphertexts (name, e-mail, phone, every column) stay
 * in {@code hr.mv.db}'s superseded chunks, decryptable with the key that lies beside it.
 *
 * <p>Each command opens the database with {@code MAX_COMPACT_TIME=0}, as {@code ErpDisguiseByteScanTest} does for
 * the plain database (which passes): the file must be clean by the disguise's own doing, not by the partial
 * compaction H2 may run at close (with H2's default 200 ms the values still remain for 1,000 employees).
 *
 * <p>The scan: the raw stored values of EMPLOYEES are read through plain H2 before and after (the rows that
 * disappeared are the leaver's), then every byte of every file of the database directory is searched for the
 * leaver's stored values of 12 bytes or more; an employee who stayed is found by the same scan (control).
 */
class EncryptedLayerLeaverCiphertextTest {

    @TempDir
    Path dir;

    @Test
    void aLeaverOfTheEncryptedErpLeavesNoStoredValueInAnyFile() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("erp"), ErpDatabase.Kind.ENCRYPTED, 7, 500);
        new ErpLoader(100, n -> { }).load(db);
        db.markComplete();
        String url = "jdbc:maat:h2:file:" + db.dir().resolve(ErpDatabase.H2_NAME) + ";maat.keyFile="
                + db.dir().resolve(ErpDatabase.KEY_FILE) + ";MAX_COMPACT_TIME=0"; // as ErpDisguiseByteScanTest opens it

        int leaver;
        try (Connection conn = db.connect(); Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT MIN(E.EMPLOYEE_ID) FROM EMPLOYEES E WHERE E.MANAGER_ID IS NOT NULL"
                     + " AND NOT EXISTS (SELECT 1 FROM EMPLOYEES S WHERE S.MANAGER_ID = E.EMPLOYEE_ID)"
                     + " AND NOT EXISTS (SELECT 1 FROM DEPARTMENTS D WHERE D.MANAGER_ID = E.EMPLOYEE_ID)")) {
            rs.next();
            leaver = rs.getInt(1);
        }
        List<Map<String, byte[]>> before = rawRows(db, "EMPLOYEES");

        String id = Integer.toString(leaver);
        try (Disguises d = command(url)) {
            d.register(id, PrincipalKeys.generate().publicKey());
        }
        try (Disguises d = command(url)) {
            d.apply(DisguiseSpecs.builtin("hr-employee-leaves"), id, PrincipalProof.none());
        }
        try (Connection conn = db.connect(); Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = " + leaver)) {
            rs.next();
            assertThat(rs.getLong(1)).as("the employee's row is gone").isZero();
        }
        List<Map<String, byte[]>> after = rawRows(db, "EMPLOYEES");

        Set<String> kept = new HashSet<>();
        after.forEach(r -> r.values().forEach(v -> kept.add(latin1(v))));
        List<Map<String, byte[]>> removed = new ArrayList<>();
        for (Map<String, byte[]> r : before) {
            if (!after.stream().anyMatch(a -> sameRow(a, r))) {
                removed.add(r);
            }
        }
        assertThat(removed.size()).as("stored rows of EMPLOYEES that the disguise removed").isEqualTo(1);

        String files = allBytes(db.dir());
        // Control: each long stored value of a row that stayed is in the files.
        Map<String, byte[]> stayer = after.get(after.size() / 2);
        for (Map.Entry<String, byte[]> c : stayer.entrySet()) {
            if (c.getValue().length >= 12) {
                assertThat(files.contains(latin1(c.getValue()))).as("control: the stayer's stored " + c.getKey())
                        .isTrue();
            }
        }
        List<String> left = new ArrayList<>();
        for (Map.Entry<String, byte[]> c : removed.get(0).entrySet()) {
            String v = latin1(c.getValue());
            if (c.getValue().length >= 12 && !kept.contains(v) && files.contains(v)) {
                left.add(c.getKey() + " (" + c.getValue().length + " bytes)");
            }
        }
        assertThat(left).as("stored values (ciphertext under maat.key) of employee %s, gone from EMPLOYEES, still"
                + " in a file of %s", id, db.dir()).isEmpty();
    }

    private static Disguises command(String url) {
        Properties p = new Properties();
        p.setProperty("user", "");
        p.setProperty("password", "");
        p.setProperty("IFEXISTS", "TRUE"); // as TargetOptions.open does for an H2 file
        return JdbcDisguises.open(url, p);
    }

    private static boolean sameRow(Map<String, byte[]> a, Map<String, byte[]> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        for (String k : a.keySet()) {
            if (!java.util.Arrays.equals(a.get(k), b.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** Every row of every physical table whose name starts with {@code table}, as H2 stores it (plain driver). */
    private static List<Map<String, byte[]>> rawRows(ErpDatabase db, String table) throws SQLException {
        List<Map<String, byte[]>> rows = new ArrayList<>();
        Properties p = new Properties();
        p.setProperty("user", "");
        p.setProperty("password", "");
        try (Connection c = DriverManager.getConnection(db.h2Url() + ";IFEXISTS=TRUE", p);
             Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA"
                    + " = 'PUBLIC' AND TABLE_NAME = '" + table + "'")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            assertThat(tables).as("physical table " + table).isNotEmpty();
            for (String t : tables) {
                try (ResultSet rs = st.executeQuery("SELECT * FROM \"" + t + "\"")) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        Map<String, byte[]> row = new HashMap<>();
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            Object o = rs.getObject(i);
                            if (o instanceof java.sql.Blob blob) {
                                row.put(md.getColumnName(i), blob.getBytes(1, (int) blob.length()));
                            } else if (o instanceof java.sql.Clob clob) {
                                row.put(md.getColumnName(i), clob.getSubString(1, (int) clob.length())
                                        .getBytes(StandardCharsets.UTF_8));
                            } else if (o instanceof byte[] b) {
                                row.put(md.getColumnName(i), b);
                            } else if (o != null) {
                                row.put(md.getColumnName(i), o.toString().getBytes(StandardCharsets.UTF_8));
                            }
                        }
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }

    private static String allBytes(Path root) throws Exception {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                all.append(f.toString().endsWith(".mv.db") ? expanded(f) : latin1(Files.readAllBytes(f))).append('\n');
            }
        }
        return all.toString();
    }

    /** The file's bytes followed by each compressed page expanded (the byte scan of ErpDisguiseByteScanTest). */
    private static String expanded(Path mvDb) throws Exception {
        java.lang.reflect.Method of = Class.forName("org.maat.disguise.jdbc.H2FileText").getDeclaredMethod("of", Path.class);
        of.setAccessible(true);
        return (String) of.invoke(null, mvDb);
    }

    private static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
