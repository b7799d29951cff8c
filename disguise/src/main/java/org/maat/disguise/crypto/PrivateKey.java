package org.maat.disguise.crypto;

import java.util.Base64;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;

/**
 * A principal's X25519 private key. The user keeps it (a key file, {@link PrivateKeyFile}, or a
 * {@link RecoveryPhrase}); Maat holds it only for the duration of an operation the user asked for.
 * Its text form is {@value #PREFIX} followed by the key in unpadded base64url. {@link #toString()}
 * never shows the key.
 */
public final class PrivateKey {

    public static final String PREFIX = "maat-sk1.";

    private final byte[] bytes;
    private final PublicKey publicKey;

    private PrivateKey(byte[] bytes, PublicKey publicKey) {
        this.bytes = bytes;
        this.publicKey = publicKey;
    }

    /** The key of 32 raw bytes; its public key is derived. */
    public static PrivateKey of(byte[] bytes) {
        if (bytes == null || bytes.length != PublicKey.LENGTH) {
            throw new IllegalArgumentException("a private key is " + PublicKey.LENGTH + " bytes, not "
                    + (bytes == null ? "none" : bytes.length));
        }
        AsymmetricCipherKeyPair pair = Hpke.suite().deserializePrivateKey(bytes, null);
        return new PrivateKey(bytes.clone(), PublicKey.of(Hpke.suite().serializePublicKey(pair.getPublic())));
    }

    static PrivateKey of(AsymmetricCipherKeyPair pair) {
        return new PrivateKey(Hpke.suite().serializePrivateKey(pair.getPrivate()),
                PublicKey.of(Hpke.suite().serializePublicKey(pair.getPublic())));
    }

    /** Parses the text form; a clear error when {@code text} is not one (the text itself is never echoed). */
    public static PrivateKey parse(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a Maat private key (it should start with " + PREFIX + ")");
        }
        byte[] raw;
        try {
            raw = Base64.getUrlDecoder().decode(t.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a Maat private key: it is not base64url");
        }
        return of(raw);
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    public String toText() {
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    AsymmetricCipherKeyPair keyPair() {
        return Hpke.suite().deserializePrivateKey(bytes, publicKey.bytes());
    }

    @Override
    public String toString() {
        return "private key of " + publicKey;
    }
}
