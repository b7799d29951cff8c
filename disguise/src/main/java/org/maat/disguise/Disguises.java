package org.maat.disguise;

import java.util.List;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.store.Locator;

/**
 * Disguises over one application's data: a JDBC database ({@code jdbc.JdbcDisguises}) or Maat's search
 * data ({@code search.SearchDisguises}). The command line and the front-end use only this.
 *
 * <p>What every implementation guarantees:
 * <ul>
 *   <li>{@link #apply} and {@link #reveal} are all or nothing, across a crash (SIGKILL included): the
 *       data is as before the call or as after it, never a mix;</li>
 *   <li>what a disguise changed is kept only sealed to the principal's public key, in a bag found by
 *       the receipt's random locator; nothing Maat stores links the principal to the locator or to the
 *       pseudoprincipals it created;</li>
 *   <li>a reveal with the wrong key, a tampered bag, or a locator already revealed is refused and
 *       changes nothing; a reveal whose changes conflict with the current data is refused, naming
 *       every conflict, and changes nothing.</li>
 * </ul>
 */
public interface Disguises extends AutoCloseable {

    /** Registers (or replaces, after a compromise) a natural principal's public key. */
    void register(String principal, PublicKey key);

    /** Whether {@code principal} has a registered public key, so that a disguise can seal to it. */
    boolean registered(String principal);

    /**
     * Applies {@code spec} to {@code principal}'s data. {@code proof} holds the user's private key and
     * the locators of the user's earlier disguises, so that a disguise composed after another finds the
     * pseudoprincipals' data through the speaks-for records; {@link PrincipalProof#none()} when there
     * are none. The principal must be registered.
     *
     * @throws DisguiseException naming what is wrong (unknown principal, no registered key, a spec that
     *         does not fit the data)
     */
    Receipt apply(DisguiseSpec spec, String principal, PrincipalProof proof);

    /**
     * Restores what the disguise of {@code locator} changed and deletes its bag.
     *
     * @throws RevealRefusedException when the key does not open the bag, the bag is gone or altered, or
     *         the restore conflicts with the current data (every conflict named)
     */
    RevealReport reveal(Locator locator, PrivateKey key);

    /** What the bag of {@code locator} holds, opened with {@code key}, without changing anything. */
    BagSummary describe(Locator locator, PrivateKey key);

    /** Bags held: the only thing about them readable without a key. */
    long bags();

    @Override
    void close();

    /** A user's proof of who they are and speak for: the private key and earlier disguises' locators. */
    record PrincipalProof(PrivateKey key, List<Locator> locators) {

        public PrincipalProof {
            locators = List.copyOf(locators);
        }

        public static PrincipalProof none() {
            return new PrincipalProof(null, List.of());
        }

        public boolean present() {
            return key != null;
        }
    }
}
