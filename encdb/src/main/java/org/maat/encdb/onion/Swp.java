package org.maat.encdb.onion;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * The SEARCH layer: Song, Wagner and Perrig's searchable encryption ("Practical techniques for
 * searches on encrypted data", IEEE S&amp;P 2000), final scheme, with pre-encryption of words.
 *
 * <p>Each word {@code W} is first pre-encrypted to {@code X = PRF_k''(W)} ({@value #X_LENGTH} bytes,
 * HMAC-SHA256), split as {@code X = L || R} with {@code |R| = }{@value #CHECK_LENGTH} bytes, and given
 * its own key {@code k_W = PRF_k'(L)}. Its ciphertext is {@code X xor (S || F_kW(S))} for a fresh random
 * {@value #NONCE_LENGTH}-byte {@code S} (F is AES-256 under {@code k_W}, truncated). A value's ciphertext
 * is the concatenation, in random order, of its words' ciphertexts. A search token is
 * {@code X || k_W}; {@link #matches} xors {@code X} off each word ciphertext and checks whether the
 * right part is {@code F_kW} of the left part, which needs no key.
 *
 * <p>Guarantees: without a token, ciphertexts reveal only how many words a value has (equal words in
 * different rows are unlinkable, thanks to the per-word nonce); a token reveals which rows contain
 * that word and nothing about other words or about the word itself (pre-encryption). Matching has no
 * false negatives; a false positive needs a {@value #CHECK_LENGTH}-byte check to collide by chance,
 * probability 2<sup>-64</sup> per word compared. Instances are thread-safe.
 */
public final class Swp implements LayerCipher.Searchable {

    /** Bytes of the pre-encrypted word X, and of each word's ciphertext. */
    public static final int X_LENGTH = 24;
    /** Bytes of the check F_kW(S): 64 bits bound the false-positive rate to 2^-64 per word. */
    public static final int CHECK_LENGTH = 8;
    /** Bytes of the per-word random nonce S (one AES block). */
    public static final int NONCE_LENGTH = X_LENGTH - CHECK_LENGTH;
    /** Bytes of a word key k_W (AES-256). */
    public static final int WORD_KEY_LENGTH = 32;
    /** Bytes of a search token: X || k_W. */
    public static final int TOKEN_LENGTH = X_LENGTH + WORD_KEY_LENGTH;

    /**
     * Nonces come from a DRBG per thread (NIST SP 800-90A, seeded by the system): the default
     * SecureRandom is one instance behind one lock, which writers on several threads queue for.
     */
    private static final ThreadLocal<SecureRandom> NONCES = ThreadLocal.withInitial(Swp::nonceSource);
    private static final ThreadLocal<Checker> CHECKERS = ThreadLocal.withInitial(Checker::new);

    /**
     * Per thread, HMAC-SHA256 under k'' (pre-encryption) and k' (word keys), keyed once: HMAC's key
     * setup costs as much as hashing a short word.
     */
    private final ThreadLocal<HMac[]> macs;
    /**
     * Recently used words with their secrets and keyed F: a substring index yields ~27 n-grams per phone
     * number, most of them shared by many rows, so a hit saves two HMACs and an AES key schedule.
     */
    private final WordSecrets[] recent = new WordSecrets[1 << 15];

    /** A SEARCH layer under a 32-byte key. */
    public Swp(KeyParameter key) {
        this(key.getKey());
    }

    /** A SEARCH layer under a 32-byte key. */
    public Swp(byte[] key32) {
        if (key32 == null || key32.length != 32) {
            throw new IllegalArgumentException("SWP key must be 32 bytes, got " + (key32 == null ? "null" : key32.length));
        }
        byte[] preEncryptionKey = hmac(key32, "maat/swp/pre-encryption".getBytes(StandardCharsets.UTF_8));
        byte[] wordKeyKey = hmac(key32, "maat/swp/word-key".getBytes(StandardCharsets.UTF_8));
        this.macs = ThreadLocal.withInitial(() -> new HMac[] {keyedMac(preEncryptionKey), keyedMac(wordKeyKey)});
    }


    /** The ciphertext of a set of words: one {@value #X_LENGTH}-byte block per distinct word, in random order. */
    @Override
    public byte[] encrypt(Collection<String> words) {
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(words));
        byte[] nonces = new byte[distinct.size() * NONCE_LENGTH];
        NONCES.get().nextBytes(nonces); // one call for all words: SecureRandom costs per call
        byte[] check = new byte[16];
        byte[][] blocks = new byte[distinct.size()][X_LENGTH];
        for (int i = 0; i < distinct.size(); i++) {
            WordSecrets word = secrets(distinct.get(i));
            byte[] block = blocks[i];
            word.f.processBlock(nonces, i * NONCE_LENGTH, check, 0);
            for (int j = 0; j < NONCE_LENGTH; j++) {
                block[j] = (byte) (word.x[j] ^ nonces[i * NONCE_LENGTH + j]);
            }
            for (int j = 0; j < CHECK_LENGTH; j++) {
                block[NONCE_LENGTH + j] = (byte) (word.x[NONCE_LENGTH + j] ^ check[j]);
            }
        }
        // Sorting by ciphertext puts the words in an order that is uniformly random (each block starts
        // with L xor a fresh random S), so a block's position says nothing about the word's place in
        // the text, and no per-word random draw is needed for a shuffle.
        Arrays.sort(blocks, Arrays::compareUnsigned);
        byte[] out = new byte[distinct.size() * X_LENGTH];
        for (int i = 0; i < blocks.length; i++) {
            System.arraycopy(blocks[i], 0, out, i * X_LENGTH, X_LENGTH);
        }
        return out;
    }

    /** The search token for one word: lets anyone find the word in ciphertexts, reveals nothing else. */
    @Override
    public byte[] token(String word) {
        WordSecrets secrets = secrets(word);
        byte[] token = Arrays.copyOf(secrets.x, TOKEN_LENGTH);
        System.arraycopy(secrets.key, 0, token, X_LENGTH, WORD_KEY_LENGTH);
        return token;
    }

    /** Whether {@code ciphertext} holds the word {@code token} was made for; needs no key. */
    public static boolean matches(byte[] ciphertext, byte[] token) {
        if (token == null || token.length != TOKEN_LENGTH) {
            throw new IllegalArgumentException("SWP token must be " + TOKEN_LENGTH + " bytes, got "
                    + (token == null ? "null" : token.length));
        }
        if (ciphertext == null) {
            return false;
        }
        if (ciphertext.length % X_LENGTH != 0) {
            throw new IllegalArgumentException("SWP ciphertext length " + ciphertext.length + " is not a multiple of "
                    + X_LENGTH);
        }
        return CHECKERS.get().matches(ciphertext, token);
    }

    /** X and k_W of a word, from the memo cache when the word was seen recently (ERP words repeat). */
    private WordSecrets secrets(String word) {
        int slot = (word.hashCode() * 0x9E3779B9 >>> 16) & (recent.length - 1);
        WordSecrets cached = recent[slot];
        if (cached != null && cached.word.equals(word)) {
            return cached;
        }
        HMac[] mac = macs.get();
        byte[] x = Arrays.copyOf(finish(mac[0], word.getBytes(StandardCharsets.UTF_8)), X_LENGTH);
        // k_W depends on L (the first NONCE_LENGTH bytes of X) only, as in the scheme.
        byte[] key = finish(mac[1], Arrays.copyOf(x, NONCE_LENGTH));
        AESEngine f = new AESEngine();
        f.init(true, new KeyParameter(key));
        WordSecrets fresh = new WordSecrets(word, x, key, f);
        recent[slot] = fresh; // racy but safe: records are immutable, a lost write costs a recomputation
        return fresh;
    }

    /**
     * A word's X, k_W and F_kW. Bouncy Castle's AESEngine only reads its fields in processBlock once
     * initialized, so one keyed engine serves every thread (published through this record's final field).
     */
    private record WordSecrets(String word, byte[] x, byte[] key, AESEngine f) {
    }

    private static SecureRandom nonceSource() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (java.security.NoSuchAlgorithmException e) {
            return new SecureRandom();
        }
    }

    private static HMac keyedMac(byte[] key) {
        HMac mac = new HMac(new SHA256Digest());
        mac.init(new KeyParameter(key));
        return mac;
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        return finish(keyedMac(key), data);
    }

    /** The MAC of {@code data}; doFinal leaves the HMac keyed and ready for the next message. */
    private static byte[] finish(HMac mac, byte[] data) {
        mac.update(data, 0, data.length);
        byte[] out = new byte[mac.getMacSize()];
        mac.doFinal(out, 0);
        return out;
    }

    /**
     * Per-thread matching state: H2 calls {@link #matches} once per row with the same token, so the
     * AES key schedule of the token's word key is kept until the token changes.
     */
    private static final class Checker {
        private final BlockCipher f = AESEngine.newInstance();
        private final byte[] token = new byte[TOKEN_LENGTH];
        private final byte[] s = new byte[16];
        private final byte[] check = new byte[16];
        private boolean keyed;

        boolean matches(byte[] ciphertext, byte[] newToken) {
            if (!keyed || !Arrays.equals(token, newToken)) {
                System.arraycopy(newToken, 0, token, 0, TOKEN_LENGTH);
                f.init(true, new KeyParameter(token, X_LENGTH, WORD_KEY_LENGTH));
                keyed = true;
            }
            // The server learns the result anyway, so stopping at the first hit leaks nothing more.
            for (int off = 0; off < ciphertext.length; off += X_LENGTH) {
                for (int j = 0; j < NONCE_LENGTH; j++) {
                    s[j] = (byte) (ciphertext[off + j] ^ token[j]);
                }
                f.processBlock(s, 0, check, 0);
                int diff = 0;
                for (int j = 0; j < CHECK_LENGTH; j++) {
                    diff |= (ciphertext[off + NONCE_LENGTH + j] ^ token[NONCE_LENGTH + j]) ^ check[j];
                }
                if (diff == 0) {
                    return true;
                }
            }
            return false;
        }
    }
}
