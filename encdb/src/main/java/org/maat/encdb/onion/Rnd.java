package org.maat.encdb.onion;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * The RND layer: AES-256 in counter mode (NIST SP 800-38A) with a fresh random 16-byte IV per row,
 * stored beside the ciphertext. The IV is the first counter block; each next block adds one to the
 * whole 128-bit block, big-endian, modulo 2<sup>128</sup> (as Bouncy Castle's {@code SICBlockCipher}
 * and the JDK's {@code AES/CTR} do, so rows stored by either decrypt).
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
    /** Counter blocks enciphered per call of the block cipher: values longer than this loop. */
    private static final int CHUNK_BLOCKS = 64;

    // Cipher objects are not thread-safe; one per thread keeps the key schedule computed once per thread.
    private final ThreadLocal<Keystream> keystreams;

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
        SecretKeySpec key = new SecretKeySpec(key32, "AES");
        this.keystreams = ThreadLocal.withInitial(() -> new Keystream(key));
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
        byte[] out = new byte[in.length];
        keystreams.get().xor(iv, in, out);
        return out;
    }

    /**
     * CTR mode over the JDK's AES/ECB, one thread's. Driving the counter here instead of re-initializing
     * an {@code AES/CTR} Cipher with each row's IV measured 2-3 times faster on 16-64 byte values: the
     * per-row {@code Cipher.init} cost more than the AES itself (AES-NI through SunJCE's intrinsics).
     */
    private static final class Keystream {
        private final Cipher ecb;
        private final byte[] counters = new byte[CHUNK_BLOCKS * IV_LENGTH];
        private final byte[] stream = new byte[CHUNK_BLOCKS * IV_LENGTH];

        Keystream(SecretKeySpec key) {
            try {
                ecb = Cipher.getInstance("AES/ECB/NoPadding");
                ecb.init(Cipher.ENCRYPT_MODE, key);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK provides no AES/ECB/NoPadding", e);
            }
        }

        /** {@code out = in XOR keystream(iv)}, counter blocks iv, iv+1, ... */
        void xor(byte[] iv, byte[] in, byte[] out) {
            if (in.length <= IV_LENGTH) {
                // One counter block, the IV itself (most stored values: names, codes, dates, numbers).
                encipher(iv, IV_LENGTH);
                for (int i = 0; i < in.length; i++) {
                    out[i] = (byte) (in[i] ^ stream[i]);
                }
                return;
            }
            System.arraycopy(iv, 0, counters, 0, IV_LENGTH);
            for (int done = 0; done < in.length; ) {
                int len = Math.min(in.length - done, counters.length);
                int blocks = (len + IV_LENGTH - 1) / IV_LENGTH;
                for (int b = 1; b < blocks; b++) {
                    System.arraycopy(counters, (b - 1) * IV_LENGTH, counters, b * IV_LENGTH, IV_LENGTH);
                    increment(counters, b * IV_LENGTH);
                }
                encipher(counters, blocks * IV_LENGTH);
                for (int i = 0; i < len; i++) {
                    out[done + i] = (byte) (in[done + i] ^ stream[i]);
                }
                done += len;
                if (done < in.length) {
                    // The next chunk starts one past this chunk's last counter.
                    System.arraycopy(counters, (blocks - 1) * IV_LENGTH, counters, 0, IV_LENGTH);
                    increment(counters, 0);
                }
            }
        }

        /**
         * {@code stream = AES(counterBlocks)} for whole blocks. ECB keeps no state between whole blocks, so
         * {@code update} serves and skips {@code doFinal}'s end-of-message bookkeeping, a large part of the
         * cost of one block.
         */
        private void encipher(byte[] counterBlocks, int length) {
            try {
                ecb.update(counterBlocks, 0, length, stream, 0);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("AES/ECB rejected whole blocks", e);
            }
        }

        /** Adds one to the 128-bit big-endian block at {@code offset}, wrapping at 2^128. */
        private static void increment(byte[] block, int offset) {
            for (int i = offset + IV_LENGTH - 1; i >= offset && ++block[i] == 0; i--) {
                // carry into the next more significant byte
            }
        }
    }
}
