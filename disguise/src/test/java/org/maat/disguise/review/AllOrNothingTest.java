package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.h2.api.Trigger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;

/** A database that rejects one row half-way through an apply or a reveal: nothing may have changed. */
class AllOrNothingTest {

    /** Rejects any row whose third column (ANSWERS.Q) is 5 in lecture 4, or any USERS row. */
    public static final class RejectOne implements Trigger {
        @Override
        public void fire(Connection c, Object[] oldRow, Object[] newRow) throws SQLException {
            Object[] row = newRow != null ? newRow : oldRow;
            if (row.length == 4 && !(row[0] + "").startsWith("pp-")) {
                throw new SQLException("trigger rejects USERS row " + row[0]);
            }
            if (row.length == 5 && Integer.valueOf(4).equals(row[1]) && Integer.valueOf(5).equals(row[2])) {
                throw new SQLException("trigger rejects ANSWERS row 4.5");
            }
        }
    }

    private Connection conn;
    private JdbcDisguises disguises;
    private PrivateKey aliceKey;
    private final String alice = ReviewDb.email(1);

    @BeforeEach
    void setUp() throws SQLException {
        conn = ReviewDb.open(20, 20);
        disguises = new JdbcDisguises(conn);
        aliceKey = PrincipalKeys.generate();
        disguises.register(alice, aliceKey.publicKey());
    }

    @AfterEach
    void tearDown() throws SQLException {
        disguises.close();
        conn.close();
    }

    private static String trigger(String name, String when, String table) {
        return "CREATE TRIGGER " + name + " " + when + " ON " + table + " FOR EACH ROW CALL '"
                + RejectOne.class.getName() + "'";
    }

    @Test
    void anonymizeRejectedAtItsLastStepLeavesAnswersPseudoprincipalAndRegistryUntouched() throws SQLException {
        ReviewDb.exec(conn, trigger("NO_USER_DELETE", "BEFORE DELETE", "USERS"));
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), alice,
                PrincipalProof.none())).isInstanceOf(RuntimeException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
        assertThat(disguises.bags()).isZero();
    }

    @Test
    void revealRejectedHalfWayRestoresNothingAndKeepsTheBag() throws SQLException {
        Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice, PrincipalProof.none());
        ReviewDb.exec(conn, trigger("NO_ANSWER_45", "BEFORE INSERT", "ANSWERS"));
        var disguised = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(r.locator(), aliceKey)).isInstanceOf(RuntimeException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(disguised);

        ReviewDb.exec(conn, "DROP TRIGGER NO_ANSWER_45");
        disguises.reveal(r.locator(), aliceKey);
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = '" + alice + "'")).isEqualTo(20);
        assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM MAAT_DISGUISE_PRINCIPALS")).isEqualTo(1);
    }

    @Test
    void revealFailingOnAConcurrentInsertChangesNothing() throws Exception {
        Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), alice, PrincipalProof.none());
        var disguised = ReviewDb.dump(conn);
        // Another connection holds an uncommitted re-registration of alice's e-mail while the reveal runs.
        try (Connection other = java.sql.DriverManager.getConnection(conn.getMetaData().getURL())) {
            other.setAutoCommit(false);
            ReviewDb.exec(other, "INSERT INTO USERS VALUES ('" + alice + "', 'k', 0, 0)");
            ReviewDb.exec(conn, "SET LOCK_TIMEOUT 200");
            assertThatThrownBy(() -> disguises.reveal(r.locator(), aliceKey)).isInstanceOf(RuntimeException.class);
            other.rollback();
        }
        assertThat(ReviewDb.dump(conn)).isEqualTo(disguised);
        assertThat(disguises.bags()).isEqualTo(1);
    }

    @Test
    void applyOnAClosedConnectionFailsCleanlyAndReopenedDataIsUnchanged() throws SQLException {
        String url = conn.getMetaData().getURL();
        try (Connection keep = java.sql.DriverManager.getConnection(url)) {
            var before = ReviewDb.dump(keep);
            conn.close();
            assertThatThrownBy(() -> disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), alice,
                    PrincipalProof.none())).isInstanceOf(RuntimeException.class);
            assertThat(ReviewDb.dump(keep)).isEqualTo(before);
        }
        conn = ReviewDb.open();
        disguises = new JdbcDisguises(conn);
    }
}
