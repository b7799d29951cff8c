package org.maat.atrest.lucene;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Decrypted blocks of the index files open for reading, so that a block read again (by another clone of an
 * input: Lucene clones one per query and term) is copied, not decrypted again. Bounded: a direct-mapped table of
 * a fixed number of blocks, where a block evicts whatever shared its slot; no locks, no bookkeeping per read.
 *
 * <p>What it holds is plaintext in this process's memory, as any reader's buffers do; encryption at rest
 * protects the disk, not a running process. Blocks are keyed by an identity of the opened file that is never
 * reused, so a file deleted and created again under the same name never returns the old file's blocks.
 * Thread-safe.
 */
final class PlaintextBlockCache {

    private final AtomicReferenceArray<Block> slots;
    private final int mask;

    /** A cache of at most {@code bytes} of plaintext in blocks of {@code blockSize} (0 bytes: no cache). */
    PlaintextBlockCache(long bytes, int blockSize) {
        long blocks = bytes / blockSize;
        int capacity = blocks <= 0 ? 0 : Integer.highestOneBit((int) Math.min(blocks, 1 << 30));
        this.slots = new AtomicReferenceArray<>(capacity);
        this.mask = capacity - 1;
    }

    /** Copies block {@code index} of file {@code file} into {@code into} when cached with length {@code n}. */
    boolean copyTo(long file, long index, byte[] into, int n) {
        if (mask < 0) {
            return false;
        }
        Block block = slots.getAcquire(slot(file, index));
        if (block == null || block.file != file || block.index != index || block.plain.length != n) {
            return false;
        }
        System.arraycopy(block.plain, 0, into, 0, n);
        return true;
    }

    /** Keeps a copy of the first {@code n} bytes of {@code plain} as block {@code index} of file {@code file}. */
    void put(long file, long index, byte[] plain, int n) {
        if (mask < 0) {
            return;
        }
        byte[] copy = new byte[n];
        System.arraycopy(plain, 0, copy, 0, n);
        slots.setRelease(slot(file, index), new Block(file, index, copy));
    }

    private int slot(long file, long index) {
        long h = file * 0x9E3779B97F4A7C15L + index;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return (int) h & mask;
    }

    private record Block(long file, long index, byte[] plain) {
    }
}
