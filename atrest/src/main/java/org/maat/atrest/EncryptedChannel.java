package org.maat.atrest;

import java.nio.channels.FileChannel;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * A plaintext view of one encrypted file ({@link AtRestVolume#open}): a {@link FileChannel} whose bytes are
 * sealed block by block on their way to disk. Memory mapping, locks and transfers are not supported.
 */
public abstract class EncryptedChannel extends FileChannel {

    /**
     * Until changed, bytes written must be protected by at least {@code cipher} (null: by the volume's
     * write cipher): a block holding any such byte is sealed under the cipher the volume picks for it
     * ({@link AtRestVolume#cipherFor}). How a conduit's policy chooses the cipher of its record.
     */
    public abstract void requireAtLeast(AtRestCipher cipher);

    /** The cipher each block is sealed under now, by block index (flushing buffered blocks first). */
    public abstract java.util.List<AtRestCipher> blockCiphers() throws java.io.IOException;
}
