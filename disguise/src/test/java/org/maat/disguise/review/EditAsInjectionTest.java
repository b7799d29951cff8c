package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;

/** editAs takes table, key and column names from the caller: none of them may reach SQL unchecked. */
class EditAsInjectionTest {

    private Connection conn;
    private JdbcDisguises disguises;
    private PrincipalProof aliceProof;
    private PrincipalProof bobProof;

    @BeforeEach
    void setUp() throws SQLException {
        conn = ReviewDb.open(5, 5, 5);
        disguises = new JdbcDisguises(conn);
        aliceProof = anonymize(ReviewDb.email(1));
        bobProof = anonymize(ReviewDb.email(2));
    }

    private PrincipalProof anonymize(String who) {
        PrivateKey key = PrincipalKeys.generate();
        disguises.register(who, key.publicKey());
        Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), who, PrincipalProof.none());
        return new PrincipalProof(key, List.of(r.locator()));
    }

    @AfterEach
    void tearDown() throws SQLException {
        disguises.close();
        conn.close();
    }

    @Test
    void tableNameCannotCarryASecondStatement() throws SQLException {
        String said = "(accepted)";
        try {
            disguises.editAs(aliceProof, "ANSWERS; DROP TABLE MAAT_DISGUISE_PRINCIPALS", Map.of(), "ANSWER", "x");
        } catch (RuntimeException refused) {
            said = refused.getMessage(); // refusing is right; what matters is that nothing ran
        }
        assertThat(ReviewDb.tableExists(conn, "MAAT_DISGUISE_PRINCIPALS"))
                .as("the disguise registry table survives an editAs with a crafted table name (editAs said: %s)", said)
                .isTrue();
    }

    @Test
    void tableNameCannotCarryAnUpdateOfAnotherTable() throws SQLException {
        var before = ReviewDb.dump(conn);
        try {
            disguises.editAs(aliceProof, "ANSWERS; UPDATE USERS SET IS_ADMIN = 1; SELECT * FROM ANSWERS",
                    Map.of(), "ANSWER", "x");
        } catch (RuntimeException refused) {
            // expected
        }
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void keyAndColumnNamesCannotCarrySql() throws SQLException {
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.editAs(aliceProof, "ANSWERS",
                Map.of("LEC = LEC OR 1", "1"), "ANSWER", "x")).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> disguises.editAs(aliceProof, "ANSWERS",
                Map.of("LEC", "1"), "ANSWER = 'x', EMAIL", "x")).isInstanceOf(RuntimeException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void cannotEditARowOfAPseudoprincipalNotSpokenFor() throws SQLException {
        String bobPseudo = pseudoprincipalOwning("answer 0 of user 2");
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.editAs(aliceProof, "ANSWERS",
                Map.of("EMAIL", bobPseudo, "LEC", "1", "Q", "1"), "ANSWER", "alice was here"))
                .isInstanceOf(RuntimeException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void cannotEditTheOwnerColumnOrThePseudoprincipalRow() throws SQLException {
        String alicePseudo = pseudoprincipalOwning("answer 0 of user 1");
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.editAs(aliceProof, "answers",
                Map.of("EMAIL", alicePseudo, "LEC", "1", "Q", "1"), "email", ReviewDb.email(3)))
                .isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> disguises.editAs(aliceProof, "USERS",
                Map.of("EMAIL", alicePseudo), "IS_ADMIN", "1")).isInstanceOf(RuntimeException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    private String pseudoprincipalOwning(String answer) throws SQLException {
        try (var st = conn.prepareStatement("SELECT EMAIL FROM ANSWERS WHERE ANSWER = ?")) {
            st.setString(1, answer);
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
