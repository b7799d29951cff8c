package org.maat.vault.pki;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import org.maat.vault.VaultException;

/** The vault's PKCS#12 key stores: one key entry (alias {@code key}) with its certificate chain. */
final class KeyStores {

    static final String ALIAS = "key";

    private KeyStores() {}

    static void write(Path file, PrivateKey key, X509Certificate[] chain, char[] password) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, key, password, chain);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            store.store(bytes, password);
            PrivateFiles.write(file, bytes.toByteArray());
        } catch (IOException | GeneralSecurityException e) {
            throw new VaultException(file + ": cannot write the key store: " + e, e);
        }
    }

    static KeyStore read(Path file, char[] password) {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            if (!store.isKeyEntry(ALIAS)) {
                throw new VaultException(file + ": holds no key entry '" + ALIAS + "'; is it a vault key store?");
            }
            return store;
        } catch (NoSuchFileException e) {
            throw new VaultException(file + " does not exist: this machine lacks that part of the vault directory");
        } catch (IOException | GeneralSecurityException e) {
            throw new VaultException(file + ": cannot read the key store (damaged, or another vault's): "
                    + e.getMessage(), e);
        }
    }

    static PrivateKey privateKey(Path file, KeyStore store, char[] password) {
        try {
            return (PrivateKey) store.getKey(ALIAS, password);
        } catch (GeneralSecurityException e) {
            throw new VaultException(file + ": cannot read its key: " + e.getMessage(), e);
        }
    }

    static X509Certificate[] chain(KeyStore store) throws GeneralSecurityException {
        Certificate[] chain = store.getCertificateChain(ALIAS);
        X509Certificate[] x509 = new X509Certificate[chain.length];
        for (int i = 0; i < chain.length; i++) {
            x509[i] = (X509Certificate) chain[i];
        }
        return x509;
    }
}
