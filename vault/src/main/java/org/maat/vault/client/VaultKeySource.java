package org.maat.vault.client;

import java.nio.file.Path;
import org.maat.keys.KeySource;

/**
 * A key held in the vault ({@code vault:DIR/COLLECTION/NAME}), fetched once when opened and kept in
 * memory, so a keyed database opens with the vault reachable and keeps working if it goes away later.
 * {@link #describe()} names the vault directory and the secret, never the bytes.
 */
public final class VaultKeySource implements KeySource {

    private final Path vaultDir;
    private final String collection;
    private final String name;
    private final byte[] key;

    private VaultKeySource(Path vaultDir, String collection, String name, byte[] key) {
        this.vaultDir = vaultDir;
        this.collection = collection;
        this.name = name;
        this.key = key;
    }

    /**
     * Reads secret {@code collection/name} from the vault in {@code vaultDir} as client
     * {@value VaultClient#DEFAULT_CLIENT}.
     *
     * @throws org.maat.vault.VaultException when it cannot be read (the message says why)
     */
    public static VaultKeySource fetch(Path vaultDir, String collection, String name) {
        try (VaultClient client = VaultClient.open(vaultDir)) {
            return new VaultKeySource(vaultDir, collection, name, client.get(collection, name));
        }
    }

    @Override
    public byte[] key() {
        return key.clone();
    }

    @Override
    public String describe() {
        return "vault " + vaultDir + " secret " + collection + "/" + name;
    }

    @Override
    public String toString() {
        return describe();
    }
}
