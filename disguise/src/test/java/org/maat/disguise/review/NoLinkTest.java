package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;

/**
 * "Nothing Maat stores links the principal to the locator or to the pseudoprincipals it created": an
 * attacker holding the database after several users anonymized tries to pair each bag (locator key)
 * with the pseudoprincipal it created, using only what is stored in the clear.
 */
class NoLinkTest {

    private static final int USERS = 8;
    private Connection conn;
    private JdbcDisguises disguises;

    @AfterEach
    void tearDown() throws SQLException {
        disguises.close();
        conn.close();
    }

    /** Users 1..8 anonymize in the order given; returns locator storage key -> the pseudoprincipal it made. */
    private Map<String, String> anonymizeAll(int[] answers, int[] order) throws SQLException {
        conn = ReviewDb.open(answers);
        disguises = new JdbcDisguises(conn);
        Map<String, String> truth = new HashMap<>();
        for (int user : order) {
            PrivateKey key = PrincipalKeys.generate();
            disguises.register(ReviewDb.email(user), key.publicKey());
            Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), ReviewDb.email(user),
                    PrincipalProof.none());
            truth.put(r.locator().storageKey(), ownerOf("answer 0 of user " + user));
        }
        return truth;
    }

    @Test
    void bagLengthDoesNotPairABagWithItsPseudoprincipal() throws SQLException {
        int[] answers = {3, 17, 1, 9, 12, 5, 20, 7};
        Map<String, String> truth = anonymizeAll(answers, new int[] {1, 2, 3, 4, 5, 6, 7, 8});
        // Attacker: the k-th longest bag belongs to the pseudoprincipal with the k-th most answers.
        List<String> bagsByLength = column("SELECT LOCATOR_KEY FROM MAAT_DISGUISE_BAGS ORDER BY OCTET_LENGTH(SEALED)");
        List<String> ppByAnswers = column("SELECT EMAIL FROM ANSWERS GROUP BY EMAIL ORDER BY COUNT(*)");
        Map<String, String> guess = pair(bagsByLength, ppByAnswers);
        assertThat(guess).as("bags paired with pseudoprincipals by sealed length alone (lengths %s)",
                column("SELECT OCTET_LENGTH(SEALED) FROM MAAT_DISGUISE_BAGS ORDER BY OCTET_LENGTH(SEALED)"))
                .isNotEqualTo(truth);
    }

    @Test
    void noTableHoldsTheAnonymizedPrincipalsEmailOrApiKey() throws SQLException {
        anonymizeAll(new int[] {4, 4, 4, 4, 4, 4, 4, 4}, new int[] {3});
        String all = ReviewDb.dump(conn).toString();
        assertThat(all).doesNotContain(ReviewDb.email(3)).doesNotContain("apikey-of-3");
        assertThat(column("SELECT PRINCIPAL FROM MAAT_DISGUISE_PRINCIPALS")).as("user 3 forgotten, no pseudoprincipal")
                .isEmpty();
    }

    /**
     * An attacker reads the registry after users anonymized in a random order, some twice (composed, with
     * per-row pseudoprincipals): any row beyond the users' own would say which principals are pseudonyms,
     * and its place among the rows (insertion order, the key's transaction) whose.
     */
    @Test
    void theRegistryHoldsTheUsersAloneNeverAPseudoprincipal() throws SQLException {
        java.util.Random random = new java.util.Random(29);
        conn = ReviewDb.open(new int[] {3, 5, 2, 6, 4, 1});
        disguises = new JdbcDisguises(conn);
        Map<String, PrivateKey> keys = new HashMap<>();
        for (int user = 1; user <= 6; user++) {
            keys.put(ReviewDb.email(user), PrincipalKeys.generate());
            disguises.register(ReviewDb.email(user), keys.get(ReviewDb.email(user)).publicKey());
        }
        java.util.Set<String> stayed = new java.util.TreeSet<>(keys.keySet());
        for (int i = 0; i < 4; i++) {
            String email = ReviewDb.email(1 + random.nextInt(6));
            if (!stayed.remove(email)) {
                continue;
            }
            PrivateKey key = keys.get(email);
            Receipt first = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), email,
                    PrincipalProof.none());
            if (random.nextBoolean()) {
                disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), email,
                        new PrincipalProof(key, List.of(first.locator())));
            }
        }
        List<String> pseudoprincipals = column("SELECT EMAIL FROM USERS WHERE IS_ANON = 1");
        assertThat(pseudoprincipals).isNotEmpty();
        // An anonymized user is forgotten with their row; those who stayed keep their keys; no one else is there.
        assertThat(column("SELECT PRINCIPAL FROM MAAT_DISGUISE_PRINCIPALS"))
                .as("the registry when %s stayed", stayed).containsExactlyInAnyOrderElementsOf(stayed)
                .doesNotContainAnyElementsOf(pseudoprincipals);
        // Unregistered, a pseudoprincipal is disguised only with its user, never on its own.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> disguises.apply(
                DisguiseSpecs.builtin("websubmit-delete-account"), pseudoprincipals.get(0), PrincipalProof.none()))
                .hasMessageContaining("no registered public key");
    }

    @Test
    void pseudoprincipalIdsAreFreshEachTimeNotDerivedFromThePrincipal() throws SQLException {
        conn = ReviewDb.open(4);
        disguises = new JdbcDisguises(conn);
        PrivateKey key = PrincipalKeys.generate();
        disguises.register(ReviewDb.email(1), key.publicKey());
        List<String> ids = new ArrayList<>();
        List<String> apiKeys = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), ReviewDb.email(1),
                    PrincipalProof.none());
            ids.add(ownerOf("answer 0 of user 1"));
            apiKeys.addAll(column("SELECT APIKEY FROM USERS WHERE IS_ANON = 1"));
            disguises.reveal(r.locator(), key);
        }
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(apiKeys).doesNotHaveDuplicates();
    }

    private static Map<String, String> pair(List<String> a, List<String> b) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            m.put(a.get(i), b.get(i));
        }
        return m;
    }

    private String ownerOf(String answer) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT EMAIL FROM ANSWERS WHERE ANSWER = ?")) {
            ps.setString(1, answer);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private List<String> column(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (var st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
