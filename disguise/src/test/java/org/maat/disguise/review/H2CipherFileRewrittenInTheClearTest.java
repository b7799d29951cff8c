package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.Disguises;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * Review attack on the disguise's H2 file rewrite ({@code JdbcDisguises}: "a file H2 itself encrypts
 * ({@code CIPHER}) ... gets {@code SHUTDOWN COMPACT}"; README: "after a command that changed a plain embedded H2
 * file ... the file is rewritten"). The check looks for {@code ;CIPHER=} in the connection's metadata URL, which H2
 * reports without its settings; so an AES-encrypted H2 file ({@code jdbc:h2:file:DIR/hr;CIPHER=AES}, the password
 * "FILEPASSWORD USERPASSWORD") is rewritten like a plain one: its SCRIPT run into a sibling opened without
 * {@code CIPHER} (the whole password string becoming the user's password), then renamed over the encrypted file.
 * After one {@code maat disguise register} the HR database lies on disk in the clear, every employee's name in
 * it, and the operator's own URL no longer opens it ("Encryption error").
 */
class H2CipherFileRewrittenInTheClearTest {

    private static final String PASSWORD = "file-secret user-secret";

    @TempDir
    Path dir;

    @Test
    void aDisguiseCommandOnAnAesH2FileLeavesItInTheClear() throws Exception {
        ErpDatabase plain = ErpDatabase.create(dir.resolve("erp"), ErpDatabase.Kind.PLAIN, 3, 100);
        new ErpLoader(100, n -> { }).load(plain);
        plain.markComplete();
        Path script = dir.resolve("hr.sql");
        try (Connection c = plain.connect(); Statement st = c.createStatement()) {
            st.execute("SCRIPT TO '" + script + "'");
        }
        Path aes = dir.resolve("aes");
        Files.createDirectories(aes);
        String url = "jdbc:h2:file:" + aes.resolve("hr") + ";CIPHER=AES";
        try (Connection c = DriverManager.getConnection(url, credentials()); Statement st = c.createStatement()) {
            st.execute("RUNSCRIPT FROM '" + script + "'");
        }
        Files.delete(script);
        Path file = aes.resolve("hr.mv.db");
        String last;
        int id;
        try (Connection c = DriverManager.getConnection(url, credentials()); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT EMPLOYEE_ID, LAST_NAME FROM EMPLOYEES WHERE CHAR_LENGTH(LAST_NAME)"
                     + " > 5 ORDER BY EMPLOYEE_ID")) {
            assertThat(rs.next()).isTrue();
            id = rs.getInt(1);
            last = rs.getString(2);
        }
        assertThat(latin1(file)).as("the AES file before any disguise command").doesNotContain(last);

        Properties p = credentials();
        p.setProperty("IFEXISTS", "TRUE"); // as 'maat disguise --db URL --user U --password P' opens an H2 file
        try (Disguises d = JdbcDisguises.open(url, p)) {
            d.register(Integer.toString(id), PrincipalKeys.generate().publicKey());
        }

        String stillOpens;
        try (Connection c = DriverManager.getConnection(url, credentials())) {
            stillOpens = "opens";
        } catch (SQLException e) {
            stillOpens = e.getMessage();
        }
        String after = latin1(file);
        assertThat(after.startsWith("H:2,") || after.contains(last)).as("hr.mv.db after 'maat disguise register' on %s"
                + " is an H2 store in the clear (its header \"%s...\", employee %s's name %s in it); the operator's URL"
                + " now: %s", url, after.substring(0, 12), id, last, stillOpens).isFalse();
    }

    private static Properties credentials() {
        Properties p = new Properties();
        p.setProperty("user", "hr");
        p.setProperty("password", PASSWORD);
        return p;
    }

    private static String latin1(Path f) throws Exception {
        return new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
    }
}
