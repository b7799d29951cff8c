package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;

/**
 * Disguises.apply: "The principal must be registered." A bag sealed to anyone else's key is a disguise
 * the principal can never reveal, and one the key's holder can read.
 */
class SealingKeyTest {

    @Test
    void unregisteredPrincipalIsNotDisguisedUnderAStrangersKey() throws SQLException {
        try (Connection conn = ReviewDb.open(5, 5); JdbcDisguises d = new JdbcDisguises(conn)) {
            PrivateKey mallory = PrincipalKeys.generate();
            var before = ReviewDb.dump(conn);
            assertThatThrownBy(() -> d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ReviewDb.email(2),
                    new PrincipalProof(mallory, List.of())))
                    .as("user2 never registered a key; mallory's proof is not theirs").isInstanceOf(RuntimeException.class);
            assertThat(ReviewDb.dump(conn)).isEqualTo(before);
        }
    }

    @Test
    void registeredPrincipalIsNotDisguisedUnderAnotherKey() throws SQLException {
        try (Connection conn = ReviewDb.open(5, 5); JdbcDisguises d = new JdbcDisguises(conn)) {
            d.register(ReviewDb.email(2), PrincipalKeys.generate().publicKey());
            var before = ReviewDb.dump(conn);
            assertThatThrownBy(() -> d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ReviewDb.email(2),
                    new PrincipalProof(PrincipalKeys.generate(), List.of()))).isInstanceOf(RuntimeException.class);
            assertThat(ReviewDb.dump(conn)).isEqualTo(before);
        }
    }
}
