package org.maat.vault.pki;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import org.maat.vault.Sha256;
import org.maat.vault.VaultException;

/** Certificate helpers: the fingerprint servers know clients by, and the CA certificate's PEM file. */
public final class Certificates {

    private Certificates() {}

    /** The lower-hex SHA-256 of the certificate's DER encoding. */
    public static String fingerprint(X509Certificate cert) {
        try {
            return Sha256.hex(cert.getEncoded());
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException("cannot fingerprint " + cert.getSubjectX500Principal() + ": " + e, e);
        }
    }

    static String pem(X509Certificate cert) throws CertificateEncodingException {
        return "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(cert.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }

    /** Reads a PEM (or DER) certificate file, naming the file in any failure. */
    public static X509Certificate read(Path file) {
        try (var in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (IOException | CertificateException e) {
            throw new VaultException(file + ": cannot read the certificate: " + e.getMessage(), e);
        }
    }
}
