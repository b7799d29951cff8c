package org.maat.atrest;

import java.nio.channels.FileChannel;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * A plaintext view of one encrypted file ({@link AtRestVolume#open}): a {@link FileChannel} whose bytes are
 * sealed block by block on their way to disk. Memory mapping is not supported; locks are the base file's.
 *
 * <p>The channel holds the block it last touched in memory: writes reach the disk (and other channels and
 * processes) when the channel moves to another block, is {@link #force forced} or closed, as with a buffered
 * stream. One channel at a time may write a file. Every read block is authenticated: a changed, moved or
 * missing block is an {@link java.io.IOException} naming the file and the block, never wrong bytes.
 * {@link #force} and {@link #close} record the file's block count in its authenticated header (force after
 * forcing the data, so the header never counts blocks the disk may lack; close without an fsync, so after a power
 * loss a file closed but never forced may read as cut short, an error): a file later cut below that count is an
 * error.
 * Thread-safe (methods are synchronized).
 */
public abstract class EncryptedChannel extends FileChannel {

    /**
     * Until changed, bytes written must be protected by at least {@code cipher} (null: by the volume's
     * write cipher): a block holding any such byte is sealed under the cipher the volume picks for it
     * ({@link AtRestVolume#cipherFor}), and the block records the requirement so that a switch or a
     * convergence never seals it under less. How a conduit's policy chooses the cipher of its record.
     */
    public abstract void requireAtLeast(AtRestCipher cipher);

    /** The cipher each block is sealed under now, by block index (flushing buffered blocks first). */
    public abstract java.util.List<AtRestCipher> blockCiphers() throws java.io.IOException;
}
