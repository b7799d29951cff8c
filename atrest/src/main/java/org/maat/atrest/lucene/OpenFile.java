package org.maat.atrest.lucene;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.maat.atrest.SharedReadChannel;

/**
 * One index file opened for reading, shared by an {@link AtRestIndexInput} and all its clones and slices: the
 * channel (a {@link SharedReadChannel}: no searching thread's interrupt closes it for the others), the plaintext
 * length (fixed: Lucene's files are written once) and where plaintext blocks come from, the
 * {@link PlaintextBlockCache} first, then the channel (which authenticates and decrypts them).
 */
final class OpenFile {

    private final String description;
    private final SharedReadChannel channel;
    private final long length;
    private final int blockSize;
    private final PlaintextBlockCache cache;
    /** This file's identity in the cache. */
    private final long id;

    OpenFile(String description, SharedReadChannel channel, int blockSize, PlaintextBlockCache cache)
            throws IOException {
        this.description = description;
        this.channel = channel;
        this.length = channel.size();
        this.blockSize = blockSize;
        this.cache = cache;
        this.id = cache.newFile();
    }

    long length() {
        return length;
    }

    int blockSize() {
        return blockSize;
    }

    /** The plaintext length of block {@code index}: the block size, but for the last block. */
    int blockLength(long index) {
        return (int) Math.min(blockSize, length - index * blockSize);
    }

    /** Whether {@link #readBlock} returns the cache's arrays (else it fills the caller's buffer). */
    boolean cached() {
        return cache.enabled();
    }

    /**
     * The plaintext of block {@code index}, from its first byte to at most the block size: the cache's (shared,
     * only to be read) array, or, with no cache, {@code own}'s array filled. Thread-safe: reads are positional.
     *
     * @param own a buffer of the block size over an array of the caller's, or null when {@link #cached}
     */
    byte[] readBlock(long index, ByteBuffer own) throws IOException {
        byte[] plain = cache.get(id, index);
        if (plain != null) {
            return plain;
        }
        long start = index * blockSize;
        int n = blockLength(index);
        // With a cache, the block is read into an array of its exact length that the cache then keeps.
        ByteBuffer into = own == null ? ByteBuffer.wrap(new byte[n]) : own.clear().limit(n);
        while (into.hasRemaining()) {
            if (channel.read(into, start + into.position()) < 0) {
                throw new EOFException(description + ": ends at " + (start + into.position())
                        + " before its length " + length);
            }
        }
        if (own == null) {
            cache.put(id, index, into.array());
        }
        return into.array();
    }

    void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
