package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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

/** Wrong key, altered bag, replayed locator, bag moved to another locator, receipt of another database. */
class TamperAndReplayTest {

    private Connection conn;
    private JdbcDisguises disguises;
    private final PrivateKey aliceKey = PrincipalKeys.generate();
    private final PrivateKey bobKey = PrincipalKeys.generate();
    private Receipt alice;
    private Receipt bob;

    @BeforeEach
    void setUp() throws SQLException {
        conn = ReviewDb.open(7, 7, 3);
        disguises = new JdbcDisguises(conn);
        disguises.register(ReviewDb.email(1), aliceKey.publicKey());
        disguises.register(ReviewDb.email(2), bobKey.publicKey());
        alice = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ReviewDb.email(1), PrincipalProof.none());
        bob = disguises.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), ReviewDb.email(2), PrincipalProof.none());
    }

    @AfterEach
    void tearDown() throws SQLException {
        disguises.close();
        conn.close();
    }

    @Test
    void wrongKeyIsRefusedAndChangesNothing() throws SQLException {
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), bobKey)).isInstanceOf(RevealRefusedException.class);
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), PrincipalKeys.generate()))
                .isInstanceOf(RevealRefusedException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void everySingleFlippedByteOfTheBagIsRefused() throws SQLException {
        byte[] sealed = sealed(alice);
        var before = ReviewDb.dump(conn);
        for (int i = 0; i < sealed.length; i += Math.max(1, sealed.length / 64)) {
            byte[] bad = sealed.clone();
            bad[i] ^= 0x01;
            setSealed(alice, bad);
            assertThatThrownBy(() -> disguises.reveal(alice.locator(), aliceKey))
                    .as("byte %d flipped", i).isInstanceOf(RevealRefusedException.class);
        }
        setSealed(alice, sealed);
        var restoredBag = ReviewDb.dump(conn);
        assertThat(restoredBag).isEqualTo(before);
    }

    @Test
    void truncatedOrEmptyBagIsRefused() throws SQLException {
        byte[] sealed = sealed(alice);
        setSealed(alice, java.util.Arrays.copyOf(sealed, sealed.length - 1));
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
        setSealed(alice, new byte[0]);
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
    }

    @Test
    void replayedLocatorIsRefusedAfterTheReveal() throws SQLException {
        disguises.reveal(alice.locator(), aliceKey);
        var revealed = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(revealed);
    }

    @Test
    void replayedBagReinsertedByAnAttackerWithTheOldBytesDoesNotRevealTwice() throws SQLException {
        byte[] old = sealed(alice);
        String storage = alice.locator().storageKey();
        disguises.reveal(alice.locator(), aliceKey);
        // An operator restores the bag row from a backup, then alice deletes again and it is replayed.
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO MAAT_DISGUISE_BAGS VALUES (?, ?)")) {
            ps.setString(1, storage);
            ps.setBytes(2, old);
            ps.executeUpdate();
        }
        var before = ReviewDb.dump(conn);
        // Alice's rows are back, so the old bag conflicts with them: it must be refused, not applied twice.
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void bagMovedUnderAnotherLocatorDoesNotOpen() throws SQLException {
        byte[] a = sealed(alice);
        byte[] b = sealed(bob);
        setSealed(alice, b);
        setSealed(bob, a);
        var before = ReviewDb.dump(conn);
        assertThatThrownBy(() -> disguises.reveal(alice.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
        assertThatThrownBy(() -> disguises.reveal(bob.locator(), bobKey)).isInstanceOf(RevealRefusedException.class);
        assertThatThrownBy(() -> disguises.reveal(bob.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
        assertThat(ReviewDb.dump(conn)).isEqualTo(before);
    }

    @Test
    void receiptOfAnotherDatabaseIsRefused() throws SQLException {
        try (Connection other = ReviewDb.open(7, 7, 3); JdbcDisguises there = new JdbcDisguises(other)) {
            there.register(ReviewDb.email(1), aliceKey.publicKey());
            var before = ReviewDb.dump(other);
            assertThatThrownBy(() -> there.reveal(alice.locator(), aliceKey)).isInstanceOf(RevealRefusedException.class);
            assertThat(ReviewDb.dump(other)).isEqualTo(before);
        }
    }

    private byte[] sealed(Receipt r) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT SEALED FROM MAAT_DISGUISE_BAGS WHERE LOCATOR_KEY = ?")) {
            ps.setString(1, r.locator().storageKey());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBytes(1);
            }
        }
    }

    private void setSealed(Receipt r, byte[] bytes) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE MAAT_DISGUISE_BAGS SET SEALED = ? WHERE LOCATOR_KEY = ?")) {
            ps.setBytes(1, bytes);
            ps.setString(2, r.locator().storageKey());
            ps.executeUpdate();
        }
    }
}
