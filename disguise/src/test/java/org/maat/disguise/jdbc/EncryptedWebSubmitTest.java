package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * WebSubmit through Maat's encrypted layer: anonymize, delete after it through the speaks-for chain,
 * and both reveals restore every row exactly, TIMESTAMPs with their fractional seconds included (rounded to
 * the column's 6 digits on insert, as plain H2 rounds them).
 */
class EncryptedWebSubmitTest {

    @Test
    void anonymizeThenDeleteAndBothRevealsRoundTripThroughTheEncryptedLayer(@TempDir Path dir) throws SQLException {
        KeyFile key = KeyFile.createIfAbsent(dir.resolve("maat.key"));
        try (Connection conn = MaatDriver.connect("jdbc:h2:mem:enc" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", key)) {
            WebSubmitData.load(conn, 4);
            try (JdbcDisguises disguises = new JdbcDisguises(conn)) {
                String alice = WebSubmitData.email(2);
                PrivateKey aliceKey = PrincipalKeys.generate();
                disguises.register(alice, aliceKey.publicKey());
                Map<String, List<String>> before = WebSubmitData.dumpAll(conn);
                assertThat(before.get("ANSWERS")).anyMatch(r -> r.contains(".123457")); // .123456789 inserted

                Receipt anon = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), alice,
                        PrincipalProof.none());
                Map<String, List<String>> anonymized = WebSubmitData.dumpAll(conn);
                assertThat(anonymized.get("USERS")).noneMatch(r -> r.contains(alice));
                Receipt del = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice,
                        new PrincipalProof(aliceKey, List.of(anon.locator())));
                assertThat(del.changes()).isEqualTo(21);
                assertThat(WebSubmitData.dumpAll(conn).get("ANSWERS")).hasSize(3 * 20);

                disguises.reveal(del.locator(), aliceKey);
                assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(anonymized);
                disguises.reveal(anon.locator(), aliceKey);
                assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
            }
        }
    }
}
