package org.maat.atrest.file;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.maat.atrest.cipher.HChaCha20;

/**
 * The one place a block's nonce is made ({@link #fresh}), and the one place it becomes the key and nonce a cipher
 * runs under ({@link #derive}). Every seal of every block takes a fresh 192-bit nonce: 128 bits drawn from
 * {@link SecureRandom} once per JVM, then a 64-bit counter this JVM never repeats. The cipher runs XChaCha-style
 * under {@code HChaCha20(file key, nonce[0, 16))} with the nonce {@code 0^4 || nonce[16, 24)}, and the nonce is
 * stored in the slot beside the sealed bytes.
 *
 * <p>What this guarantees: no (key, nonce) pair a cipher runs under repeats, whatever happens to the files. The
 * nonce depends on nothing read from disk (no generation, salt, length or configuration), so copying a file within
 * or across volumes, rolling a file, its staging file or a whole directory back from a backup, a crash at any
 * step, or two processes writing one file cannot bring a nonce back: within a JVM the counter only grows, and two
 * JVMs (two processes, or one process and its later restart) share a 128-bit prefix with probability about
 * 2^-128 per pair. What it does not: a JVM whose memory is itself restored twice (a virtual machine snapshot
 * resumed twice, CRaC) resumes with the same prefix and counter.
 *
 * <p>An instance keeps the last subkey it derived (per file key and 128-bit prefix), so blocks sealed by one JVM
 * cost one HChaCha20 per file and cipher, not per block. Instances are not thread-safe (one per physical file).
 */
final class BlockNonce {

    /** Bytes of a stored nonce. */
    static final int LENGTH = 24;

    private static final byte[] PREFIX = new byte[HChaCha20.NONCE_BYTES];
    private static final AtomicLong COUNTER = new AtomicLong();

    static {
        new SecureRandom().nextBytes(PREFIX);
    }

    /** The key the cipher runs under: HChaCha20 of the file key and the nonce's first 16 bytes. */
    final byte[] key = new byte[32];
    /** The nonce the cipher runs under: four zero bytes, then the nonce's last 8. */
    final byte[] nonce = new byte[12];
    private byte[] derivedFrom;
    private final byte[] derivedPrefix = new byte[HChaCha20.NONCE_BYTES];

    /** Writes a nonce never made before into {@code out[at, at + 24)}. */
    static void fresh(byte[] out, int at) {
        System.arraycopy(PREFIX, 0, out, at, PREFIX.length);
        Bytes.putLong(out, at + PREFIX.length, COUNTER.getAndIncrement());
    }

    /** Sets {@link #key} and {@link #nonce} for {@code fileKey} and the stored nonce at {@code stored[at]}. */
    void derive(byte[] fileKey, byte[] stored, int at) {
        int p = HChaCha20.NONCE_BYTES;
        if (fileKey != derivedFrom || !Arrays.equals(derivedPrefix, 0, p, stored, at, at + p)) {
            HChaCha20.subkey(fileKey, stored, at, key);
            derivedFrom = fileKey;
            System.arraycopy(stored, at, derivedPrefix, 0, p);
        }
        System.arraycopy(stored, at + p, nonce, 4, LENGTH - p);
    }
}
