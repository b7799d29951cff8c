package org.maat.atrest.cipher;

/**
 * A cipher that protects data at rest one block at a time: {@link #seal} encrypts and authenticates a
 * block under a 32-byte key and a 12-byte nonce (with associated data that binds the block to its file
 * and position), {@link #open} checks and decrypts it. A flipped bit anywhere in a sealed block, its
 * nonce or its associated data makes {@code open} throw, never return wrong bytes.
 *
 * <p>The caller guarantees that a nonce is never used twice under one key (the volume gives every seal a fresh
 * 192-bit nonce and runs the cipher under the HChaCha20 subkey it names: {@code file.BlockNonce}). Implementations
 * are thread-safe and keep no state between calls.
 */
public interface AtRestCipher {

    /** Length of the key every cipher takes. */
    int KEY_BYTES = 32;
    /** Length of the nonce every cipher takes. */
    int NONCE_BYTES = 12;

    /** The name users type and files record, e.g. {@code chacha20}, {@code freestyle-fast}. */
    String name();

    /** The byte that names this cipher in a block header; never reused for another cipher. */
    int id();

    /**
     * The rank that orders ciphers by protection, for policies that require a minimum: ChaCha8 &lt;
     * ChaCha12 &lt; ChaCha20 &lt; Freestyle Fast &lt; Balanced &lt; Strong.
     */
    int strength();

    /** The mean number of ChaCha rounds spent per 64-byte keystream block (for the trade-off chart). */
    double rounds();

    /** How much the ciphertext of equal plaintexts varies between encryptions, 0 for a plain stream cipher. */
    double randomization();

    /** An upper bound on the length of a sealed block of {@code plainLength} bytes (ciphertext and tag). */
    int sealedLength(int plainLength);

    /**
     * Encrypts and authenticates {@code length} bytes of {@code plain} from {@code offset} into {@code out}
     * from {@code outOffset}; returns the sealed length (at most {@link #sealedLength}).
     */
    int seal(byte[] key, byte[] nonce, byte[] aad, byte[] plain, int offset, int length, byte[] out, int outOffset);

    /**
     * Checks and decrypts {@code sealedLength} bytes of {@code sealed} from {@code offset} into {@code out}
     * from {@code outOffset}; returns the plaintext length.
     *
     * @throws BlockAuthenticationException when the block, nonce or associated data are not what was sealed
     */
    int open(byte[] key, byte[] nonce, byte[] aad, byte[] sealed, int offset, int sealedLength, byte[] out,
            int outOffset) throws BlockAuthenticationException;
}
