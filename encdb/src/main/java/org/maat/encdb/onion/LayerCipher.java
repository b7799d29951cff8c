package org.maat.encdb.onion;

import java.math.BigInteger;
import java.util.Collection;

/**
 * The scheme of one onion {@link Layer}, in the manner of Bouncy Castle's lightweight engines: an
 * algorithm is an object with one small interface, and its key is a separate value object
 * ({@link org.bouncycastle.crypto.params.KeyParameter} for the symmetric schemes, {@link PaillierKeyPair}
 * for HOM) given when the object is made. Unlike a Bouncy Castle engine, a scheme is initialised once,
 * by its constructor, and is then immutable and thread-safe: every connection of a database shares it.
 *
 * <p>Each kind of layer adds what it offers through a sub-interface, with encrypt and decrypt over the
 * values it works on: {@link Deterministic} bytes (DET, JOIN), {@link Randomized} bytes under a per-row
 * IV (RND), {@link OrderPreserving} integers (OPE), {@link Additive} integers (HOM), and
 * {@link Searchable} word sets, which are one-way (SEARCH). A new scheme (an at-rest stream cipher, say)
 * implements the sub-interface of what it offers, or adds one here.
 */
public interface LayerCipher {

    /** Equal plaintexts give equal ciphertexts under one key; the server can test equality. */
    interface Deterministic extends LayerCipher {
        byte[] encrypt(byte[] plaintext);

        /** Inverts {@link #encrypt}; rejects a ciphertext that was altered. */
        byte[] decrypt(byte[] ciphertext);
    }

    /** A fresh IV per value (stored beside the ciphertext) hides even equality. */
    interface Randomized extends LayerCipher {
        byte[] encrypt(byte[] plaintext, byte[] iv);

        byte[] decrypt(byte[] ciphertext, byte[] iv);
    }

    /** Ciphertexts compare as their plaintexts do; the server can evaluate ranges, MIN, MAX and ORDER BY. */
    interface OrderPreserving extends LayerCipher {
        long encrypt(long plaintext);

        long decrypt(long ciphertext);
    }

    /** The server can add ciphertexts and multiply them by a known integer without reading them. */
    interface Additive extends LayerCipher {
        byte[] encrypt(long plaintext);

        BigInteger decrypt(byte[] ciphertext);

        /** A ciphertext of the sum of the two plaintexts. */
        byte[] add(byte[] c1, byte[] c2);

        /** A ciphertext of {@code k} times the plaintext. */
        byte[] multiply(byte[] c, long k);
    }

    /**
     * The server can find the values containing a word, given that word's token. One-way: a value is
     * read back from another onion, never from this one.
     */
    interface Searchable extends LayerCipher {
        byte[] encrypt(Collection<String> words);

        /** The token that finds {@code word} in ciphertexts. */
        byte[] token(String word);
    }
}
