package org.maat.disguise.store;

import java.util.Optional;

/**
 * Natural principals' and pseudoprincipals' public keys, by principal id: what a disguise seals to.
 * A disguise that removes a principal's identity also forgets its entry; a reveal registers it again
 * from the key the user presents.
 */
public interface PrincipalRegistry {

    /** Registers or replaces (a new key pair after a compromise) the public key of {@code principal}. */
    void register(String principal, org.maat.disguise.crypto.PublicKey key);

    Optional<org.maat.disguise.crypto.PublicKey> find(String principal);

    void forget(String principal);
}
