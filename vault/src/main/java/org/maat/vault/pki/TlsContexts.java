package org.maat.vault.pki;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.maat.vault.VaultException;
import org.maat.vault.config.VaultConfig;

/**
 * TLS contexts for the vault's parties: each presents its own certificate from its key store and trusts
 * the vault's CA and nothing else (not the JDK's public CAs), so only certificates this vault issued are
 * accepted on either side.
 */
public final class TlsContexts {

    private TlsContexts() {}

    /** Server {@code serverId}'s context: its key {@code server-I/tls.p12}. */
    public static SSLContext server(VaultConfig config, int serverId) {
        return context(config, config.files().serverTls(serverId));
    }

    /** Client {@code clientName}'s context: its key {@code clients/NAME.p12}. */
    public static SSLContext client(VaultConfig config, String clientName) {
        config.client(clientName); // an unknown name fails here, listing the known ones
        return context(config, config.files().client(clientName));
    }

    /** The certificate in client {@code clientName}'s key store. */
    public static X509Certificate clientCertificate(VaultConfig config, String clientName) {
        Path file = config.files().client(clientName);
        try {
            return KeyStores.chain(KeyStores.read(file, config.storePassword()))[0];
        } catch (GeneralSecurityException e) {
            throw new VaultException(file + ": cannot read its certificate: " + e.getMessage(), e);
        }
    }

    private static SSLContext context(VaultConfig config, Path keyStoreFile) {
        char[] password = config.storePassword();
        KeyStore keys = KeyStores.read(keyStoreFile, password);
        X509Certificate ca = Certificates.read(config.files().caCertificate());
        try {
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, password);
            KeyStore anchors = KeyStore.getInstance("PKCS12");
            anchors.load(null, null);
            anchors.setCertificateEntry("vault-ca", ca);
            TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
            trust.init(anchors);
            SSLContext context = SSLContext.getInstance("TLSv1.3");
            context.init(keyManagers.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new VaultException(keyStoreFile + ": cannot make a TLS context: " + e.getMessage(), e);
        }
    }
}
