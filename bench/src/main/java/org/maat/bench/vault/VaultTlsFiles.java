package org.maat.bench.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The key material of a vault directory, read as vault/PROTOCOL.md lays it out ({@code ca.crt},
 * {@code server-I/tls.p12}, {@code clients/NAME.p12}, the store password in {@code vault.json}). The
 * bench reads the files itself rather than taking the vault's ready-made client context because it must
 * wrap the trust manager ({@link ClientTls} counts full handshakes).
 */
final class VaultTlsFiles {

    private final Path dir;
    private final char[] password;

    private VaultTlsFiles(Path dir, char[] password) {
        this.dir = dir;
        this.password = password;
    }

    static VaultTlsFiles in(Path dir) throws IOException {
        JsonNode config = new ObjectMapper().readTree(dir.resolve("vault.json").toFile());
        JsonNode pw = config.get("storePassword");
        if (pw == null || !pw.isTextual()) {
            throw new IOException(dir.resolve("vault.json") + " has no storePassword");
        }
        return new VaultTlsFiles(dir, pw.asText().toCharArray());
    }

    /** A trust store holding the vault's CA certificate alone. */
    KeyStore trust() throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        try (InputStream in = Files.newInputStream(dir.resolve("ca.crt"))) {
            ks.setCertificateEntry("ca", (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        return ks;
    }

    /** Client {@code name}'s TLS key and certificate. */
    KeyStore client(String name) throws IOException, GeneralSecurityException {
        return load(dir.resolve("clients").resolve(name + ".p12"));
    }

    /** A client context trusting the CA and presenting client {@code name}'s certificate (mutual TLS). */
    ClientTls mutual(String name) throws IOException, GeneralSecurityException {
        return ClientTls.of(trust(), client(name), password);
    }

    /** A client context trusting the CA, with no certificate of its own. */
    ClientTls serverOnly() throws IOException, GeneralSecurityException {
        return ClientTls.of(trust(), null, password);
    }

    /** Server {@code id}'s TLS key and certificate as a server context (no client authentication in it). */
    SSLContext server(int id) throws IOException, GeneralSecurityException {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(load(dir.resolve("server-" + id).resolve("tls.p12")), password);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }

    private KeyStore load(Path file) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password);
        }
        return ks;
    }
}
