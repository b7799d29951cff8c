package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.disguise.spec.DisguiseSpec;

/**
 * A spec whose "key" does not identify one row (an easy mistake: the lecture and question, not the
 * user). A disguise of one principal must then refuse, or touch that principal's rows only: never
 * delete or re-point another user's rows, which no bag of theirs records and no reveal brings back.
 */
class NonUniqueKeyTest {

    @TempDir
    Path dir;

    private DisguiseSpec spec(String step) throws IOException {
        Path f = dir.resolve("spec.json");
        Files.writeString(f, "{\"disguise\": \"wrong-key\", \"applies-to\": \"jdbc\",\n"
                + "\"principal\": {\"table\": \"USERS\", \"id\": \"EMAIL\"},\n"
                + "\"pseudoprincipal\": {\"EMAIL\": \"new-id\", \"APIKEY\": \"random-text\", \"IS_ADMIN\": \"constant:0\", \"IS_ANON\": \"constant:1\"},\n"
                + "\"steps\": [" + step + "]}\n");
        return DisguiseSpecs.load(f);
    }

    private void onlyAliceTouched(String step) throws IOException, SQLException {
        DisguiseSpec spec = spec(step);
        try (Connection conn = ReviewDb.open(5, 5, 5); JdbcDisguises d = new JdbcDisguises(conn)) {
            PrivateKey key = PrincipalKeys.generate();
            d.register(ReviewDb.email(1), key.publicKey());
            try {
                Receipt r = d.apply(spec, ReviewDb.email(1), PrincipalProof.none());
                assertThat(r).isNotNull();
            } catch (RuntimeException refused) {
                // refusing the spec is a right answer
            }
            assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM ANSWERS WHERE EMAIL IN ('" + ReviewDb.email(2)
                    + "', '" + ReviewDb.email(3) + "')")).as("other users' answers after disguising user1 only")
                    .isEqualTo(10);
        }
    }

    @Test
    void removeWithANonUniqueKeyDoesNotDeleteOtherUsersRows() throws IOException, SQLException {
        onlyAliceTouched("{\"remove\": \"ANSWERS\", \"owner\": \"EMAIL\", \"key\": [\"LEC\", \"Q\"]}");
    }

    @Test
    void decorrelateWithANonUniqueKeyDoesNotRepointOtherUsersRows() throws IOException, SQLException {
        onlyAliceTouched("{\"decorrelate\": \"ANSWERS\", \"column\": \"EMAIL\", \"key\": [\"LEC\", \"Q\"]}");
    }
}
