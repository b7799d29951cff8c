package org.maat.vault.pki;

import java.math.BigInteger;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The vault's small certificate authority (Bouncy Castle's PKIX API over the JDK's providers): a
 * self-signed CA that issues server certificates (TLS server, naming the server's host and loopback) and
 * client certificates (TLS client, {@code CN=client, OU=account}). Keys are ECDSA P-256: a full TLS
 * handshake with them costs a fraction of RSA-2048's signing, which matters for fresh connections.
 */
public final class CertificateAuthority {

    private static final String SIGNATURE = "SHA256withECDSA";
    private static final Duration CA_VALIDITY = Duration.ofDays(3650);
    private static final Duration LEAF_VALIDITY = Duration.ofDays(825);

    private final KeyPair keys;
    private final X509Certificate certificate;
    private final SecureRandom random;

    private CertificateAuthority(KeyPair keys, X509Certificate certificate, SecureRandom random) {
        this.keys = keys;
        this.certificate = certificate;
        this.random = random;
    }

    /** A new CA named {@code CN=name}. */
    public static CertificateAuthority create(String name, SecureRandom random) {
        try {
            KeyPair keys = newKeyPair(random);
            X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, name).build();
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(random),
                    Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(CA_VALIDITY)), subject,
                    keys.getPublic());
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(keys.getPublic()));
            return new CertificateAuthority(keys, sign(builder, keys.getPrivate()), random);
        } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot create the vault's CA: " + e, e);
        }
    }

    /** The CA as loaded from its key store, to issue more certificates. */
    public static CertificateAuthority of(PrivateKey key, X509Certificate certificate, SecureRandom random) {
        return new CertificateAuthority(new KeyPair(certificate.getPublicKey(), key), certificate, random);
    }

    public X509Certificate certificate() {
        return certificate;
    }

    public PrivateKey privateKey() {
        return keys.getPrivate();
    }

    /** A TLS server key and certificate valid for {@code host}, {@code localhost} and {@code 127.0.0.1}. */
    public Issued issueServer(String commonName, String host) {
        Set<String> names = new LinkedHashSet<>(List.of(host, "localhost", "127.0.0.1"));
        List<GeneralName> alternatives = new ArrayList<>();
        for (String name : names) {
            alternatives.add(isIpLiteral(name) ? new GeneralName(GeneralName.iPAddress, name)
                    : new GeneralName(GeneralName.dNSName, name));
        }
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, commonName).build();
        return issue(subject, KeyPurposeId.id_kp_serverAuth,
                new GeneralNames(alternatives.toArray(new GeneralName[0])));
    }

    /** A TLS client key and certificate {@code CN=client, OU=account}. */
    public Issued issueClient(String client, String account) {
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE)
                .addRDN(BCStyle.OU, account).addRDN(BCStyle.CN, client).build();
        return issue(subject, KeyPurposeId.id_kp_clientAuth, null);
    }

    private Issued issue(X500Name subject, KeyPurposeId purpose, GeneralNames alternatives) {
        try {
            KeyPair leaf = newKeyPair(random);
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(certificate, serial(random),
                    Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(LEAF_VALIDITY)), subject,
                    leaf.getPublic());
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    ext.createAuthorityKeyIdentifier(certificate));
            if (alternatives != null) {
                builder.addExtension(Extension.subjectAlternativeName, false, alternatives);
            }
            return new Issued(leaf.getPrivate(), sign(builder, keys.getPrivate()));
        } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot issue a certificate for " + subject + ": " + e, e);
        }
    }

    /** A private key and its certificate. */
    public record Issued(PrivateKey key, X509Certificate certificate) {}

    private static KeyPair newKeyPair(SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), random);
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
            throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter().getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE)
                .build(key)));
    }

    private static BigInteger serial(SecureRandom random) {
        return new BigInteger(127, random).add(BigInteger.ONE);
    }

    private static boolean isIpLiteral(String host) {
        if (!host.matches("[0-9.]+|[0-9a-fA-F:]*:[0-9a-fA-F:.]*")) {
            return false;
        }
        try {
            InetAddress.getByName(host); // a literal: no lookup happens
            return true;
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
