package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.jdbc.JdbcDisguises;

/**
 * JdbcDisguises(Connection): "the caller keeps conn". A refused apply on a connection where the caller
 * has its own transaction open must leave the caller's data "as before the call", not roll it back.
 */
class CallerTransactionTest {

    @Test
    void refusedApplyDoesNotRollBackTheCallersOpenTransaction() throws SQLException {
        try (Connection conn = ReviewDb.open(2); JdbcDisguises d = new JdbcDisguises(conn)) {
            conn.setAutoCommit(false);
            ReviewDb.exec(conn, "INSERT INTO USERS VALUES ('newcomer@example.org', 'k', 0, 0)");
            assertThatThrownBy(() -> d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), "nobody@example.org",
                    PrincipalProof.none())).isInstanceOf(RuntimeException.class);
            assertThat(ReviewDb.count(conn, "SELECT COUNT(*) FROM USERS WHERE EMAIL = 'newcomer@example.org'"))
                    .as("the caller's own uncommitted row, after a refused apply on its connection").isEqualTo(1);
            conn.rollback();
        }
    }
}
