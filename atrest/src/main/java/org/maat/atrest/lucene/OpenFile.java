package org.maat.atrest.lucene;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.maat.atrest.EncryptedChannel;

/**
 * One index file opened for reading, shared by an {@link AtRestIndexInput} and all its clones and slices: the
 * channel, the plaintext length (fixed: Lucene's files are written once) and where plaintext blocks come from,
 * the {@link PlaintextBlockCache} first, then the channel (which authenticates and decrypts them).
 */
final class OpenFile {

    /** Identities of opened files in the block cache: never reused, so a recreated name never sees old blocks. */
    private static final AtomicLong NEXT_ID = new AtomicLong();

    private final String description;
    private final EncryptedChannel channel;
    private final long length;
    private final int blockSize;
    private final PlaintextBlockCache cache;
    private final long id = NEXT_ID.incrementAndGet();

    OpenFile(String description, EncryptedChannel channel, int blockSize, PlaintextBlockCache cache)
            throws IOException {
        this.description = description;
        this.channel = channel;
        this.length = channel.size();
        this.blockSize = blockSize;
        this.cache = cache;
    }

    long length() {
        return length;
    }

    int blockSize() {
        return blockSize;
    }

    /**
     * Fills {@code into} (backed by an array of at least the block size) with the plaintext of block
     * {@code index} and returns its length. Thread-safe: reads are positional.
     */
    int readBlock(long index, ByteBuffer into) throws IOException {
        long start = index * blockSize;
        int n = (int) Math.min(blockSize, length - start);
        byte[] array = into.array();
        if (cache.copyTo(id, index, array, n)) {
            return n;
        }
        into.clear().limit(n);
        while (into.hasRemaining()) {
            if (channel.read(into, start + into.position()) < 0) {
                throw new EOFException(description + ": ends at " + (start + into.position())
                        + " before its length " + length);
            }
        }
        cache.put(id, index, array, n);
        return n;
    }

    void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
