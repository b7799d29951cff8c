package org.maat.vault.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.Certificates;
import org.maat.vault.pki.ClientCredentials;

/**
 * Client signatures on shares. A storage server holds a share's bytes and could replace them, and the
 * threshold with them: one forged "1-of-1" share passes its own check value, so no rule over the shares
 * alone tells it from an honest one. Every share is therefore signed by the client that stored it (its
 * certificate key, ECDSA P-256) over the collection, the secret's name, its index, k, n, digest and the
 * put's id; a reader accepts a share only with a valid signature by a certificate the vault's CA issued to
 * a client listed in vault.json. A storage server has no client's key, so it can withhold or damage a share,
 * never forge one.
 */
final class ShareSignatures {

    private static final String ALGORITHM = "SHA256withECDSA";
    private static final String CONTEXT = "maat-vault-share-v1";

    private final VaultConfig config;
    private final X509Certificate ca;
    private final ClientCredentials own;
    private final String ownEncoded;
    /** Signer certificates already checked (issuer and listing), by their Base64 text. */
    private final Map<String, X509Certificate> trusted = new ConcurrentHashMap<>();

    ShareSignatures(VaultConfig config, ClientCredentials own) {
        this.config = config;
        this.ca = Certificates.read(config.files().caCertificate());
        this.own = own;
        try {
            this.ownEncoded = Base64.getEncoder().encodeToString(own.certificate().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot encode the client's certificate: " + e, e);
        }
    }

    /** Adds {@code signer} and {@code signature} to {@code record} (which has index, k, n, digest and put). */
    void sign(ObjectNode record, String collection, String name) {
        try {
            Signature signer = Signature.getInstance(ALGORITHM);
            signer.initSign(own.key());
            signer.update(payload(record, collection, name));
            record.put("signer", ownEncoded);
            record.put("signature", Base64.getEncoder().encodeToString(signer.sign()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a share: " + e, e);
        }
    }

    /**
     * Checks the signature of a stored share record of {@code collection}/{@code name}.
     *
     * @throws IllegalArgumentException saying why the share cannot be trusted, for the report
     */
    void verify(JsonNode record, String collection, String name) {
        JsonNode signer = record.get("signer");
        JsonNode signature = record.get("signature");
        if (signer == null || !signer.isTextual() || signature == null || !signature.isTextual()) {
            throw new IllegalArgumentException("its share carries no client signature: a storage server cannot "
                    + "be trusted with an unsigned share");
        }
        X509Certificate certificate = trusted.computeIfAbsent(signer.textValue(), this::checkSigner);
        boolean valid;
        try {
            Signature check = Signature.getInstance(ALGORITHM);
            check.initVerify(certificate.getPublicKey());
            check.update(payload(record, collection, name));
            valid = check.verify(Base64.getDecoder().decode(signature.textValue()));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("its share's signature cannot be checked: " + e.getMessage());
        }
        if (!valid) {
            throw new IllegalArgumentException("its share's signature does not match the share (forged or altered, "
                    + "or stored under another name)");
        }
    }

    /** The signer certificate, if the vault's CA issued it to a client vault.json lists; else why not. */
    private X509Certificate checkSigner(String encoded) {
        X509Certificate certificate;
        try {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(Base64.getDecoder().decode(encoded)));
            certificate.verify(ca.getPublicKey());
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("its share is signed by a certificate the vault's CA did not issue ("
                    + e.getMessage() + ")");
        }
        if (config.clientByFingerprint(Certificates.fingerprint(certificate)).isEmpty()) {
            throw new IllegalArgumentException("its share is signed by " + certificate.getSubjectX500Principal()
                    + ", not a client of vault.json");
        }
        return certificate;
    }

    private static byte[] payload(JsonNode record, String collection, String name) {
        return String.join("\n", CONTEXT, collection, name, record.path("index").asText(), record.path("k").asText(),
                record.path("n").asText(), record.path("digest").asText(), record.path("put").asText())
                .getBytes(StandardCharsets.UTF_8);
    }
}
