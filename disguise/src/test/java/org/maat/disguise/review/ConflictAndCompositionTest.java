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
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;

/** Reveals against data changed since, and delete-after-anonymize revealed in both orders. */
class ConflictAndCompositionTest {

    private Connection conn;
    private JdbcDisguises disguises;
    private final PrivateKey aliceKey = PrincipalKeys.generate();
    private final String alice = ReviewDb.email(1);

    @BeforeEach
    void setUp() throws SQLException {
        conn = ReviewDb.open(10, 4);
        disguises = new JdbcDisguises(conn);
        disguises.register(alice, aliceKey.publicKey());
    }

    @AfterEach
    void tearDown() throws SQLException {
        disguises.close();
        conn.close();
    }

    private Receipt anonymize() {
        return disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), alice, PrincipalProof.none());
    }

    private String pseudoprincipal() throws SQLException {
        try (var st = conn.createStatement(); var rs = st.executeQuery("SELECT EMAIL FROM USERS WHERE IS_ANON = 1")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void emailReRegisteredBySomeoneElseIsAConflictAndTheirKeyStays() throws SQLException {
        Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice, PrincipalProof.none());
        ReviewDb.exec(conn, "INSERT INTO USERS VALUES ('" + alice + "', 'mallory', 0, 0)");
        PrivateKey mallory = PrincipalKeys.generate();
        disguises.register(alice, mallory.publicKey());
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(r.locator(), aliceKey))
                .isInstanceOfSatisfying(RevealRefusedException.class,
                        e -> assertThat(e.conflicts()).extracting(c -> c.target()).contains("USERS"));
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void answerEditedViaEditAsSurvivesOrConflictsButIsNeverHalfRestored() throws SQLException {
        Receipt r = anonymize();
        String pp = pseudoprincipal();
        disguises.editAs(new PrincipalProof(aliceKey, List.of(r.locator())), "ANSWERS",
                Map.of("EMAIL", pp, "LEC", "1", "Q", "1"), "ANSWER", "edited while anonymous");
        disguises.reveal(r.locator(), aliceKey);
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = '" + alice
                + "' AND ANSWER = 'edited while anonymous'")).isEqualTo(1);
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM USERS WHERE IS_ANON = 1")).isZero();
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS")).isEqualTo(1);
    }

    @Test
    void pseudoprincipalRowDeletedByAnAdminIsAConflict() throws SQLException {
        Receipt r = anonymize();
        String pp = pseudoprincipal();
        ReviewDb.exec(conn, "DELETE FROM ANSWERS WHERE EMAIL = '" + pp + "'");
        ReviewDb.exec(conn, "DELETE FROM USERS WHERE EMAIL = '" + pp + "'");
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(r.locator(), aliceKey))
                .isInstanceOfSatisfying(RevealRefusedException.class,
                        e -> assertThat(e.conflicts()).hasSize(11)
                                .anySatisfy(c -> assertThat(c.reason()).contains("pseudoprincipal's row is gone")));
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void deleteAfterAnonymizeRevealedInReverseOrderRestoresEverything() throws SQLException {
        var original = ReviewDb.dump(conn);
        Receipt anon = anonymize();
        Receipt del = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice,
                new PrincipalProof(aliceKey, List.of(anon.locator())));
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM USERS")).isEqualTo(1);
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM ANSWERS")).isEqualTo(4);
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS")).isZero();

        var deleted = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(anon.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(deleted);

        disguises.reveal(del.locator(), aliceKey);
        disguises.reveal(anon.locator(), aliceKey);
        assertThat(ReviewDb.dump(conn)).isEqualTo(original);
    }

    @Test
    void deleteAfterAnonymizeWithoutProofLeavesNoPseudoprincipalDataForTheDelete() throws SQLException {
        // Without the proof the delete finds no user row: it must refuse, not disguise half of alice's data.
        Receipt anon = anonymize();
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice,
                PrincipalProof.none())).isInstanceOf(RuntimeException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
        assertThat(anon).isNotNull();
    }

    private String registeredKey(String who) throws SQLException {
        try (var ps = conn.prepareStatement("SELECT PUBLIC_KEY FROM MAAT_DISGUISE_PRINCIPALS WHERE PRINCIPAL = ?")) {
            ps.setString(1, who);
            try (var rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
