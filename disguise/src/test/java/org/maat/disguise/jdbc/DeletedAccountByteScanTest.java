package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.h2.mvstore.MVStoreTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * After a user deletes their account and the database file is compacted, no byte of the H2 file holds
 * the user's email or any of their answers, and Maat's own tables hold nothing naming the user.
 */
class DeletedAccountByteScanTest {

    @Test
    void theCompactedFileHoldsNothingOfTheDeletedUser(@TempDir Path dir) throws SQLException, Exception {
        String url = "jdbc:h2:file:" + dir.resolve("ws");
        int user = 20; // the last: its email is no substring of another user's (user7 would be of user17)
        String email = WebSubmitData.email(user);
        List<String> secrets = new ArrayList<>(List.of(email));
        for (int lec = 1; lec <= WebSubmitData.LECTURES; lec++) {
            for (int q = 1; q <= WebSubmitData.QUESTIONS; q++) {
                secrets.add(WebSubmitData.answer(user, lec, q));
            }
        }
        PrivateKey key = PrincipalKeys.generate();
        Receipt receipt;
        try (Connection conn = DriverManager.getConnection(url)) {
            WebSubmitData.load(conn, 20);
            try (JdbcDisguises disguises = new JdbcDisguises(conn)) {
                disguises.register(email, key.publicKey());
                receipt = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), email, PrincipalProof.none());
            }
            for (String table : List.of("MAAT_DISGUISE_BAGS", "MAAT_DISGUISE_PRINCIPALS")) {
                assertThat(String.join("\n", WebSubmitData.dump(conn, table).get(table))).as(table)
                        .doesNotContain(email).doesNotContain("user" + user)
                        .doesNotContain(receipt.locator().toText().substring("maat-loc1.".length()));
            }
            try (Statement st = conn.createStatement()) {
                st.execute("SHUTDOWN COMPACT");
            }
        }
        // SHUTDOWN COMPACT also compresses the pages, so a scan of its output would find no plaintext of
        // anyone. Rewriting the live data uncompressed makes the scan meaningful (its positive control
        // below finds another user's rows) and keeps what compaction dropped dropped.
        MVStoreTool.compact(dir.resolve("ws.mv.db").toString(), false);
        byte[] file = Files.readAllBytes(dir.resolve("ws.mv.db"));
        String bytes = new String(file, StandardCharsets.ISO_8859_1);
        // The scan finds what is there: another user's email and answer are in the same file.
        assertThat(bytes).contains(WebSubmitData.email(8)).contains(WebSubmitData.answer(8, 2, 3));
        for (String secret : secrets) {
            assertThat(bytes).as("the file holds %s", secret).doesNotContain(secret);
            assertThat(new String(file, StandardCharsets.UTF_16BE)).doesNotContain(secret);
        }
        try (Connection conn = DriverManager.getConnection(url);
             JdbcDisguises disguises = new JdbcDisguises(conn)) {
            disguises.reveal(receipt.locator(), key);
            assertThat(WebSubmitData.dump(conn, "ANSWERS").get("ANSWERS")).anyMatch(r -> r.contains(WebSubmitData.answer(user, 4, 5)));
        }
    }
}
