package org.maat.disguise.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;

/**
 * Seals a message to a principal's public key with HPKE single-shot encryption (RFC 9180 section
 * 6.1). A sealed message is the 32-byte encapsulated key followed by the ChaCha20-Poly1305 ciphertext.
 * The associated data (a bag's locator) is authenticated, not stored: a sealed bag moved to another
 * locator does not open. HPKE with X25519 is key-private: a sealed message does not show which public
 * key it was sealed to.
 */
public final class Sealer {

    private static final byte[] INFO = "maat-disguise-bag-1".getBytes(StandardCharsets.US_ASCII);

    private Sealer() {
    }

    public static byte[] seal(PublicKey to, byte[] associatedData, byte[] plaintext) {
        AsymmetricKeyParameter recipient = Hpke.suite().deserializePublicKey(to.bytes());
        try {
            byte[][] out = Hpke.suite().seal(recipient, INFO, associatedData, plaintext, null, null, null);
            byte[] ciphertext = out[0];
            byte[] enc = out[1];
            byte[] sealed = Arrays.copyOf(enc, enc.length + ciphertext.length);
            System.arraycopy(ciphertext, 0, sealed, enc.length, ciphertext.length);
            return sealed;
        } catch (InvalidCipherTextException e) {
            throw new IllegalStateException("HPKE refused to seal", e);
        }
    }

    /**
     * Opens a sealed message.
     *
     * @throws UnsealException if the key is not the one it was sealed to, the associated data differs, or
     *         a byte of it was changed (the three cannot be told apart, by design)
     */
    public static byte[] open(PrivateKey key, byte[] associatedData, byte[] sealed) {
        int encLength = Hpke.encapsulationLength();
        if (sealed == null || sealed.length < encLength + 16) {
            throw new UnsealException("the sealed record is too short to be one");
        }
        byte[] enc = Arrays.copyOf(sealed, encLength);
        byte[] ciphertext = Arrays.copyOfRange(sealed, encLength, sealed.length);
        try {
            return Hpke.suite().open(enc, key.keyPair(), INFO, associatedData, ciphertext, null, null, null);
        } catch (InvalidCipherTextException | IllegalArgumentException e) {
            throw new UnsealException("the key does not open it, or it was altered");
        }
    }
}
