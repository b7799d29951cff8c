package org.maat.vault.pki;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import org.maat.vault.VaultException;
import org.maat.vault.config.VaultConfig;

/**
 * A client's own key and certificate ({@code clients/NAME.p12}), for what the client signs itself: the shares
 * it stores, so that a reader can tell them from shares a storage server made up.
 */
public record ClientCredentials(PrivateKey key, X509Certificate certificate) {

    /** Client {@code clientName}'s key and certificate. */
    public static ClientCredentials load(VaultConfig config, String clientName) {
        config.client(clientName); // an unknown name fails here, listing the known ones
        Path file = config.files().client(clientName);
        char[] password = config.storePassword();
        KeyStore store = KeyStores.read(file, password);
        try {
            return new ClientCredentials(KeyStores.privateKey(file, store, password), KeyStores.chain(store)[0]);
        } catch (GeneralSecurityException e) {
            throw new VaultException(file + ": cannot read its certificate: " + e.getMessage(), e);
        }
    }
}
