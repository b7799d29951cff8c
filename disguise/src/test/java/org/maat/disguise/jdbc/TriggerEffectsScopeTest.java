package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.h2.api.Trigger;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * What recording trigger writes must not take in: rows the disguise's transaction did not write. A table no
 * statement of the disguise touches, in a column type disguises do not handle, must not stop the disguise; and a
 * row another session commits while an apply runs is that session's, not a trigger's, so the reveal must leave it.
 */
class TriggerEffectsScopeTest {

    /** On a USERS delete: counts it in DELETIONS (nothing of the user is written). */
    public static final class CountDeletes implements Trigger {
        @Override
        public void fire(Connection c, Object[] oldRow, Object[] newRow) throws SQLException {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("UPDATE DELETIONS SET N = N + 1");
            }
        }
    }

    private static final String[] TABLES = {"USERS", "LECTURES", "QUESTIONS", "ANSWERS", "DELETIONS", "FILES",
            "MAAT_DISGUISE_BAGS", "MAAT_DISGUISE_PRINCIPALS"};

    /** WebSubmit with the counting trigger and, if {@code files}, a table of binary and UUID columns. */
    private static void schema(Connection conn, boolean files) throws SQLException {
        WebSubmitData.load(conn, 4);
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE DELETIONS (N INT NOT NULL)");
            st.execute("INSERT INTO DELETIONS VALUES (0)");
            if (files) {
                st.execute("CREATE TABLE FILES (ID INT PRIMARY KEY, DATA VARBINARY(16), TAG UUID)");
                st.execute("INSERT INTO FILES VALUES (1, X'00ff10', RANDOM_UUID())");
            }
            st.execute("CREATE TRIGGER COUNT_DELETES AFTER DELETE ON USERS FOR EACH ROW CALL '"
                    + CountDeletes.class.getName() + "'");
        }
    }

    @Test
    void aTableTheDisguiseDoesNotWriteMayHoldColumnTypesDisguisesDoNotHandle() throws SQLException {
        try (Connection conn = DriverManager.getConnection("jdbc:h2:mem:scope" + UUID.randomUUID())) {
            schema(conn, true);
            try (JdbcDisguises disguises = new JdbcDisguises(conn)) {
                String alice = WebSubmitData.email(2);
                PrivateKey key = PrincipalKeys.generate();
                disguises.register(alice, key.publicKey());
                Map<String, List<String>> before = WebSubmitData.dump(conn, TABLES);

                Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice,
                        PrincipalProof.none());
                assertThat(WebSubmitData.dump(conn, "DELETIONS").get("DELETIONS")).containsExactly("N=1|");
                disguises.reveal(r.locator(), key);

                assertThat(WebSubmitData.dump(conn, TABLES)).isEqualTo(before);
            }
        }
    }

    @Test
    void aRowAnotherSessionCommitsDuringAnApplyIsLeftByTheReveal() throws SQLException {
        String url = "jdbc:h2:mem:scope" + UUID.randomUUID();
        try (Connection conn = DriverManager.getConnection(url); Connection other = DriverManager.getConnection(url)) {
            schema(conn, false);
            boolean[] armed = {false};
            boolean[] done = {false};
            StatementObserver anotherUserMeanwhile = sql -> {
                if (armed[0] && !done[0] && sql.startsWith("DELETE FROM ANSWERS")) {
                    done[0] = true;
                    try (Statement st = other.createStatement()) {
                        st.executeUpdate("INSERT INTO LECTURES VALUES (99, 'added by another session')");
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }
            };
            try (JdbcDisguises disguises = new JdbcDisguises(conn, false, anotherUserMeanwhile)) {
                String alice = WebSubmitData.email(2);
                PrivateKey key = PrincipalKeys.generate();
                disguises.register(alice, key.publicKey());

                armed[0] = true;
                Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice,
                        PrincipalProof.none());
                assertThat(done[0]).isTrue();
                disguises.reveal(r.locator(), key);

                assertThat(WebSubmitData.dump(conn, "LECTURES").get("LECTURES"))
                        .contains("ID=99|LABEL=added by another session|");
                assertThat(WebSubmitData.dump(conn, "DELETIONS").get("DELETIONS")).containsExactly("N=0|");
            }
        }
    }
}
