package org.maat.disguise.search;

import java.util.Optional;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.store.PrincipalRegistry;

/**
 * Principals' public keys in {@code DATA/disguise.db}, by principal id. Natural principals are
 * registered by their account name; pseudoprincipals by their random id, which names no one. Each
 * change is committed and synced before it returns.
 */
public final class FilePrincipalRegistry implements PrincipalRegistry {

    private final DisguiseFile file;

    FilePrincipalRegistry(DisguiseFile file) {
        this.file = file;
    }

    @Override
    public void register(String principal, PublicKey key) {
        file.commit(edit -> edit.put(DisguiseFile.PRINCIPALS, principal, key.bytes()));
    }

    @Override
    public Optional<PublicKey> find(String principal) {
        return file.get(DisguiseFile.PRINCIPALS, principal).map(PublicKey::of);
    }

    @Override
    public void forget(String principal) {
        file.commit(edit -> edit.remove(DisguiseFile.PRINCIPALS, principal));
    }
}
