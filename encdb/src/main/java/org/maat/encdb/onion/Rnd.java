package org.maat.encdb.onion;

import java.security.SecureRandom;
import org.bouncycastle.crypto.CipherParameters;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.CTRModeCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The RND layer: AES-256 in counter mode (Bouncy Castle {@link SICBlockCipher}) with a fresh random
 * 16-byte IV per row, stored beside the ciphertext.
 *
 * <p>Guarantees IND-CPA as long as IVs are never reused under one key; {@link #newIv()}'s random
 * 128-bit IVs collide with probability about 2<sup>-64</sup> after 2<sup>32</sup> rows (counter
 * ranges of short values overlap no sooner). The ciphertext is exactly as long as the plaintext,
 * so lengths leak. It does not authenticate: RND protects confidentiality of stored data against a
 * passive server, not integrity. Instances are thread-safe.
 */
public final class Rnd implements LayerCipher.Randomized {

    /** Length of the per-row IV, one AES block. */
    public static final int IV_LENGTH = 16;
    /** Length of the key, AES-256. */
    public static final int KEY_LENGTH = 32;

    private static final SecureRandom IVS = new SecureRandom();

    // BC ciphers are not thread-safe; one per thread keeps the key schedule computed once per thread.
    private final ThreadLocal<CTRModeCipher> ciphers;

    /** A RND layer under a 32-byte AES-256 key. */
    public Rnd(KeyParameter key) {
        this(key.getKey());
    }

    /** A RND layer under a 32-byte AES-256 key. */
    public Rnd(byte[] key32) {
        if (key32 == null || key32.length != KEY_LENGTH) {
            throw new IllegalArgumentException("RND key must be " + KEY_LENGTH + " bytes, got "
                    + (key32 == null ? "null" : key32.length));
        }
        byte[] key = key32.clone();
        this.ciphers = ThreadLocal.withInitial(() -> {
            CTRModeCipher ctr = SICBlockCipher.newInstance(AESEngine.newInstance());
            ctr.init(true, new ParametersWithIV(new KeyParameter(key), new byte[IV_LENGTH]));
            return ctr;
        });
    }


    /** A fresh random IV for one row. */
    public static byte[] newIv() {
        byte[] iv = new byte[IV_LENGTH];
        IVS.nextBytes(iv);
        return iv;
    }

    /** Encrypts {@code pt} under {@code iv16}; the result has the same length as {@code pt}. */
    @Override
    public byte[] encrypt(byte[] pt, byte[] iv16) {
        return apply(pt, iv16);
    }

    /** Decrypts what {@link #encrypt} produced under the same IV. */
    @Override
    public byte[] decrypt(byte[] ct, byte[] iv16) {
        return apply(ct, iv16);
    }

    private byte[] apply(byte[] in, byte[] iv) {
        if (iv == null || iv.length != IV_LENGTH) {
            throw new IllegalArgumentException("RND IV must be " + IV_LENGTH + " bytes, got "
                    + (iv == null ? "null" : iv.length));
        }
        CTRModeCipher ctr = ciphers.get();
        // A null key keeps the key schedule from the constructor; only the counter is reset.
        CipherParameters params = new ParametersWithIV(null, iv);
        ctr.init(true, params);
        byte[] out = new byte[in.length];
        ctr.processBytes(in, 0, in.length, out, 0);
        return out;
    }
}
