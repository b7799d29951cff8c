package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.maat.disguise.jdbc.WebSubmitData.answer;
import static org.maat.disguise.jdbc.WebSubmitData.email;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maat.disguise.Conflict;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.SpecParser;

class WebSubmitDisguisesTest {

    private static final int USERS = 6;
    private static final DisguiseSpec DELETE = DisguiseSpecs.builtin("websubmit-delete-account");
    private static final DisguiseSpec ANONYMIZE = DisguiseSpecs.builtin("websubmit-anonymize-account");

    private Connection conn;
    private JdbcDisguises disguises;
    private PrivateKey aliceKey;
    private final String alice = email(3);

    @BeforeEach
    void setUp() throws SQLException {
        conn = DriverManager.getConnection("jdbc:h2:mem:ws" + UUID.randomUUID());
        WebSubmitData.load(conn, USERS);
        disguises = new JdbcDisguises(conn);
        aliceKey = PrincipalKeys.generate();
        disguises.register(alice, aliceKey.publicKey());
    }

    @AfterEach
    void tearDown() throws SQLException {
        disguises.close();
        conn.close();
    }

    @Test
    void deleteAccountRemovesAnswersUserAndRegistryEntryAndRevealRestoresEveryByte() throws SQLException {
        Map<String, List<String>> before = WebSubmitData.dumpAll(conn);
        Receipt receipt = disguises.apply(DELETE, alice, PrincipalProof.none());

        assertThat(receipt.changes()).isEqualTo(WebSubmitData.LECTURES * WebSubmitData.QUESTIONS + 1);
        assertThat(count("SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = '" + alice + "'")).isZero();
        assertThat(count("SELECT COUNT(*) FROM USERS WHERE EMAIL = '" + alice + "'")).isZero();
        assertThat(count("SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS")).isZero();
        assertThat(disguises.bags()).isEqualTo(1);
        assertThat(disguises.describe(receipt.locator(), aliceKey).changesByTarget())
                .isEqualTo(Map.of("ANSWERS", 20, "USERS", 1));

        RevealReport report = disguises.reveal(receipt.locator(), aliceKey);

        assertThat(report.restored()).isEqualTo(21);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
    }

    @Test
    void anonymizeKeepsAnswersUnderOneNewAnonymousUserAndRevealRemovesIt() throws SQLException {
        Map<String, List<String>> before = WebSubmitData.dumpAll(conn);
        Receipt receipt = disguises.apply(ANONYMIZE, alice, PrincipalProof.none());

        assertThat(receipt.pseudoprincipals()).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM USERS WHERE EMAIL = '" + alice + "'")).isZero();
        assertThat(count("SELECT COUNT(*) FROM USERS WHERE IS_ANON = 1")).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM ANSWERS A JOIN USERS U ON A.EMAIL = U.EMAIL WHERE U.IS_ANON = 1"
                + " AND A.ANSWER = '" + answer(3, 2, 2) + "'")).isEqualTo(1);
        assertThat(count("SELECT COUNT(DISTINCT EMAIL) FROM ANSWERS")).isEqualTo(USERS);

        RevealReport report = disguises.reveal(receipt.locator(), aliceKey);

        assertThat(report.recorrelated()).isEqualTo(20);
        assertThat(report.pseudoprincipalsRemoved()).isEqualTo(1);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
    }

    @Test
    void deleteAfterAnonymizeFindsThePseudoprincipalsAnswersAndBothRevealBackInReverseOrder() throws SQLException {
        Map<String, List<String>> before = WebSubmitData.dumpAll(conn);
        Receipt anon = disguises.apply(ANONYMIZE, alice, PrincipalProof.none());
        Map<String, List<String>> anonymized = WebSubmitData.dumpAll(conn);

        Receipt del = disguises.apply(DELETE, alice, new PrincipalProof(aliceKey, List.of(anon.locator())));

        assertThat(del.changes()).isEqualTo(21); // the pseudoprincipal's 20 answers and its user row
        assertThat(count("SELECT COUNT(*) FROM USERS WHERE IS_ANON = 1")).isZero();
        assertThat(count("SELECT COUNT(*) FROM ANSWERS")).isEqualTo((USERS - 1) * 20);
        assertThat(count("SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS")).isZero();

        Map<String, List<String>> deleted = WebSubmitData.dumpAll(conn);
        RevealRefusedException early = catchRefusal(() -> disguises.reveal(anon.locator(), aliceKey));
        assertThat(early.conflicts()).hasSize(21)
                .anyMatch(c -> c.reason().contains("reveal later disguises first"));
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(deleted);

        disguises.reveal(del.locator(), aliceKey);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(anonymized);
        disguises.reveal(anon.locator(), aliceKey);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
    }

    @Test
    void perRowDecorrelationMakesOnePseudoprincipalPerAnswerAndRevealRemovesThemAll() throws SQLException {
        DisguiseSpec perRow = SpecParser.parse("per-row.json", "{\"disguise\": \"scatter\", \"applies-to\": \"jdbc\","
                + "\"principal\": {\"table\": \"USERS\", \"id\": \"EMAIL\"},"
                + "\"pseudoprincipal\": {\"EMAIL\": \"new-id\", \"APIKEY\": \"random-text\", \"IS_ADMIN\": \"copy\","
                + "\"IS_ANON\": \"constant:1\"}, \"steps\": [{\"decorrelate\": \"ANSWERS\", \"column\": \"EMAIL\","
                + "\"key\": [\"EMAIL\", \"LEC\", \"Q\"], \"pseudoprincipals\": \"per-row\"}]}");
        Map<String, List<String>> before = WebSubmitData.dumpAll(conn);
        Receipt r = disguises.apply(perRow, alice, PrincipalProof.none());

        assertThat(r.pseudoprincipals()).isEqualTo(20);
        assertThat(count("SELECT COUNT(*) FROM USERS WHERE IS_ANON = 1")).isEqualTo(20);
        assertThat(count("SELECT COUNT(DISTINCT EMAIL) FROM ANSWERS")).isEqualTo(USERS - 1 + 20);
        assertThat(count("SELECT COUNT(*) FROM USERS WHERE EMAIL = '" + alice + "'")).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS")).as("alice alone").isEqualTo(1);

        RevealReport report = disguises.reveal(r.locator(), aliceKey);
        assertThat(report.pseudoprincipalsRemoved()).isEqualTo(20);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
    }

    @Test
    void aUserEditsTheirAnonymizedAnswerThroughSpeaksForAndTheEditSurvivesReveal() throws SQLException {
        Receipt anon = disguises.apply(ANONYMIZE, alice, PrincipalProof.none());
        String pseudo = single("SELECT EMAIL FROM USERS WHERE IS_ANON = 1");
        PrincipalProof proof = new PrincipalProof(aliceKey, List.of(anon.locator()));

        disguises.editAs(proof, "answers", Map.of("email", pseudo, "lec", "2", "q", "3"), "answer", "edited later");

        assertThat(single("SELECT ANSWER FROM ANSWERS WHERE EMAIL = '" + pseudo + "' AND LEC = 2 AND Q = 3"))
                .isEqualTo("edited later");
        disguises.reveal(anon.locator(), aliceKey);
        assertThat(single("SELECT ANSWER FROM ANSWERS WHERE EMAIL = '" + alice + "' AND LEC = 2 AND Q = 3"))
                .isEqualTo("edited later");
    }

    @Test
    void editsOfRowsNotOwnedByAPseudoprincipalOneSpeaksForAreRefused() throws SQLException {
        Receipt anon = disguises.apply(ANONYMIZE, alice, PrincipalProof.none());
        String pseudo = single("SELECT EMAIL FROM USERS WHERE IS_ANON = 1");
        Map<String, List<String>> state = WebSubmitData.dumpAll(conn);

        PrivateKey mallory = PrincipalKeys.generate();
        assertThatThrownBy(() -> disguises.editAs(new PrincipalProof(mallory, List.of(anon.locator())), "ANSWERS",
                Map.of("EMAIL", pseudo, "LEC", "1", "Q", "1"), "ANSWER", "x"))
                .isInstanceOf(DisguiseException.class).hasMessageContaining("does not open");
        PrincipalProof proof = new PrincipalProof(aliceKey, List.of(anon.locator()));
        assertThatThrownBy(() -> disguises.editAs(proof, "ANSWERS", Map.of("EMAIL", email(4), "LEC", "1", "Q", "1"),
                "ANSWER", "x")).hasMessageContaining("not owned by a pseudoprincipal you speak for");
        assertThatThrownBy(() -> disguises.editAs(proof, "ANSWERS", Map.of("EMAIL", pseudo, "LEC", "1", "Q", "1"),
                "EMAIL", email(4))).hasMessageContaining("names the row's owner");
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(state);
    }

    @Test
    void aRemovedRowsIdReusedSinceRefusesTheRevealAndChangesNothing() throws SQLException {
        Receipt del = disguises.apply(DELETE, alice, PrincipalProof.none());
        exec("INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES ('" + alice + "', 'new', 0, 0)");
        exec("INSERT INTO ANSWERS VALUES ('" + alice + "', 1, 1, 'new answer', TIMESTAMP '2026-04-01 10:00:00')");
        Map<String, List<String>> state = WebSubmitData.dumpAll(conn);

        RevealRefusedException e = catchRefusal(() -> disguises.reveal(del.locator(), aliceKey));

        assertThat(e.conflicts()).containsExactlyInAnyOrder(
                new Conflict("USERS", "EMAIL=" + alice, "a row with this key was added since (id reused)"),
                new Conflict("ANSWERS", "EMAIL=" + alice + ", LEC=1, Q=1", "a row with this key was added since (id reused)"));
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(state);
    }

    @Test
    void aModifiedValueEditedSinceRefusesTheReveal() throws SQLException {
        DisguiseSpec redact = SpecParser.parse("redact.json", "{\"disguise\": \"redact-answers\", \"applies-to\": \"jdbc\","
                + "\"principal\": {\"table\": \"USERS\", \"id\": \"EMAIL\"}, \"steps\": [{\"modify\": \"ANSWERS\","
                + "\"owner\": \"EMAIL\", \"key\": [\"EMAIL\", \"LEC\", \"Q\"], \"columns\": {\"ANSWER\": \"redact\"}}]}");
        Map<String, List<String>> before = WebSubmitData.dumpAll(conn);
        Receipt r = disguises.apply(redact, alice, PrincipalProof.none());
        assertThat(count("SELECT COUNT(*) FROM ANSWERS WHERE ANSWER = '[redacted]'")).isEqualTo(20);
        exec("UPDATE ANSWERS SET ANSWER = 'rewritten' WHERE EMAIL = '" + alice + "' AND LEC = 4 AND Q = 5");
        exec("UPDATE ANSWERS SET ANSWER = 'rewritten' WHERE EMAIL = '" + alice + "' AND LEC = 1 AND Q = 2");
        Map<String, List<String>> state = WebSubmitData.dumpAll(conn);

        RevealRefusedException e = catchRefusal(() -> disguises.reveal(r.locator(), aliceKey));

        assertThat(e.conflicts()).extracting(Conflict::key).containsExactlyInAnyOrder(
                "EMAIL=" + alice + ", LEC=4, Q=5", "EMAIL=" + alice + ", LEC=1, Q=2");
        assertThat(e.conflicts()).allMatch(c -> c.reason().equals("ANSWER was edited since"));
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(state);

        exec("UPDATE ANSWERS SET ANSWER = '[redacted]' WHERE ANSWER = 'rewritten'");
        disguises.reveal(r.locator(), aliceKey);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
    }

    @Test
    void aDecorrelatedRowGoneSinceRefusesTheReveal() throws SQLException {
        Receipt anon = disguises.apply(ANONYMIZE, alice, PrincipalProof.none());
        String pseudo = single("SELECT EMAIL FROM USERS WHERE IS_ANON = 1");
        exec("DELETE FROM ANSWERS WHERE EMAIL = '" + pseudo + "' AND LEC = 3 AND Q = 1");
        Map<String, List<String>> state = WebSubmitData.dumpAll(conn);

        RevealRefusedException e = catchRefusal(() -> disguises.reveal(anon.locator(), aliceKey));

        assertThat(e.conflicts()).containsExactly(
                new Conflict("ANSWERS", "EMAIL=" + pseudo + ", LEC=3, Q=1", "the row is gone since"));
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(state);
    }

    @Test
    void aWrongKeyATamperedBagAndAReplayedLocatorAreRefusedAndChangeNothing() throws SQLException {
        Receipt del = disguises.apply(DELETE, alice, PrincipalProof.none());
        Map<String, List<String>> deleted = WebSubmitData.dumpAll(conn);

        assertThat(catchRefusal(() -> disguises.reveal(del.locator(), PrincipalKeys.generate())))
                .hasMessageContaining("does not open with this key");
        assertThatThrownBy(() -> disguises.describe(del.locator(), PrincipalKeys.generate()))
                .isInstanceOf(RevealRefusedException.class);
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(deleted);

        byte[] sealed;
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT SEALED FROM MAAT_DISGUISE_BAGS")) {
            rs.next();
            sealed = rs.getBytes(1);
        }
        byte[] tampered = sealed.clone();
        tampered[tampered.length / 2] ^= 0x01;
        setBag(tampered);
        Map<String, List<String>> tamperedState = WebSubmitData.dumpAll(conn);
        assertThat(catchRefusal(() -> disguises.reveal(del.locator(), aliceKey))).hasMessageContaining("altered");
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(tamperedState);

        setBag(sealed);
        disguises.reveal(del.locator(), aliceKey);
        Map<String, List<String>> revealed = WebSubmitData.dumpAll(conn);
        assertThat(catchRefusal(() -> disguises.reveal(del.locator(), aliceKey)))
                .hasMessageContaining("no such bag: revealed already or never existed");
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(revealed);
    }

    @Test
    void aDisguiseThatFailsHalfwayChangesNothing() throws SQLException {
        DisguiseSpec broken = SpecParser.parse("broken.json", "{\"disguise\": \"broken\", \"applies-to\": \"jdbc\","
                + "\"principal\": {\"table\": \"USERS\", \"id\": \"EMAIL\"}, \"steps\": ["
                + "{\"remove\": \"ANSWERS\", \"owner\": \"EMAIL\", \"key\": [\"EMAIL\", \"LEC\", \"Q\"]},"
                + "{\"remove\": \"USERS\", \"owner\": \"EMAIL\", \"key\": [\"NO_SUCH_COLUMN\"]}]}");
        Map<String, List<String>> before = WebSubmitData.dumpAll(conn);

        assertThatThrownBy(() -> disguises.apply(broken, alice, PrincipalProof.none()))
                .isInstanceOf(DisguiseException.class).hasMessageContaining("USERS has no column NO_SUCH_COLUMN");
        assertThatThrownBy(() -> disguises.apply(DELETE, email(5), PrincipalProof.none()))
                .hasMessageContaining("has no registered public key");
        assertThatThrownBy(() -> disguises.apply(DELETE, "nobody@example.org", PrincipalProof.none()))
                .isInstanceOf(DisguiseException.class);
        assertThatThrownBy(() -> disguises.apply(DisguiseSpecs.builtin("search-delete-account"), alice,
                PrincipalProof.none())).hasMessageContaining("is for Maat's search data");
        assertThat(WebSubmitData.dumpAll(conn)).isEqualTo(before);
    }

    private void setBag(byte[] sealed) throws SQLException {
        try (var ps = conn.prepareStatement("UPDATE MAAT_DISGUISE_BAGS SET SEALED = ?")) {
            ps.setBytes(1, sealed);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    private static RevealRefusedException catchRefusal(Runnable r) {
        try {
            r.run();
        } catch (RevealRefusedException e) {
            return e;
        }
        throw new AssertionError("the reveal was not refused");
    }

    private long count(String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String single(String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            String v = rs.getString(1);
            assertThat(rs.next()).isFalse();
            return v;
        }
    }

    private void exec(String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute(sql);
        }
    }
}
