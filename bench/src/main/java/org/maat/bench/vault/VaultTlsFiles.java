package org.maat.bench.vault;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.config.VaultFiles;
import org.maat.vault.pki.Certificates;

/**
 * The load generator's key material from a vault: the CA certificate as its only trust anchor and a
 * client's key store, found where the vault's own {@link VaultFiles} puts them. The generator builds its
 * contexts itself rather than taking the vault's ready-made client context because it must wrap the trust
 * manager ({@link ClientTls} counts full handshakes).
 */
final class VaultTlsFiles {

    private final VaultFiles files;
    private final char[] password;

    private VaultTlsFiles(VaultFiles files, char[] password) {
        this.files = files;
        this.password = password;
    }

    static VaultTlsFiles of(VaultConfig config) {
        return new VaultTlsFiles(config.files(), config.storePassword());
    }

    /** A trust store holding the vault's CA certificate alone. */
    KeyStore trust() throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setCertificateEntry("ca", Certificates.read(files.caCertificate()));
        return ks;
    }

    /** A client context trusting the CA and presenting client {@code name}'s certificate (mutual TLS). */
    ClientTls mutual(String name) throws IOException, GeneralSecurityException {
        return ClientTls.of(trust(), load(files.client(name)), password);
    }

    /** A client context trusting the CA, with no certificate of its own. */
    ClientTls serverOnly() throws IOException, GeneralSecurityException {
        return ClientTls.of(trust(), null, password);
    }

    private KeyStore load(Path file) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password);
        }
        return ks;
    }
}
