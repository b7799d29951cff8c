package org.maat.vault.client;

import java.nio.file.Path;
import org.maat.keys.KeySource;
import org.maat.keys.KeySourceProvider;
import org.maat.keys.KeyUnavailableException;
import org.maat.vault.VaultException;
import org.maat.vault.config.VaultConfig;

/**
 * The {@code vault:} key source scheme: {@code vault:DIR/COLLECTION/NAME}, the last two path elements
 * the secret, the rest the vault directory (relative to the working directory unless absolute). Found by
 * {@link org.maat.keys.KeySources} through {@code META-INF/services}.
 */
public final class VaultKeySourceProvider implements KeySourceProvider {

    public static final String SCHEME = "vault";

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public String usage() {
        return "vault:DIR/COLLECTION/NAME";
    }

    @Override
    public KeySource open(String location) {
        String trimmed = location == null ? "" : location.strip();
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        int nameAt = trimmed.lastIndexOf('/');
        int collectionAt = nameAt < 0 ? -1 : trimmed.lastIndexOf('/', nameAt - 1);
        if (collectionAt < 1) {
            throw new IllegalArgumentException("key source 'vault:" + location + "' does not name a vault directory,"
                    + " a collection and a secret: expected " + usage());
        }
        Path dir = Path.of(trimmed.substring(0, collectionAt));
        String collection = trimmed.substring(collectionAt + 1, nameAt);
        String name = trimmed.substring(nameAt + 1);
        for (String part : new String[] {collection, name}) {
            if (!VaultConfig.NAME.matcher(part).matches()) {
                throw new IllegalArgumentException("key source 'vault:" + location + "': '" + part
                        + "' is not a vault name (1 to 64 of A-Z a-z 0-9 . _ -); expected " + usage());
            }
        }
        try {
            return VaultKeySource.fetch(dir, collection, name);
        } catch (VaultException e) {
            throw new KeyUnavailableException("key source vault:" + location + ": " + e.getMessage(), e);
        }
    }
}
