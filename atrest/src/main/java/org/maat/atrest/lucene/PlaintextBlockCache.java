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

    /** Whether this cache keeps anything. */
    boolean enabled() {
        return mask >= 0;
    }

    /**
     * The plaintext of block {@code index} of file {@code file} if cached, else null. The array is shared:
     * callers only read it.
     */
    byte[] get(long file, long index) {
        if (mask < 0) {
            return null;
        }
        Block block = slots.getAcquire(slot(file, index));
        return block != null && block.file == file && block.index == index ? block.plain : null;
    }

    /** Keeps {@code plain} (exactly the block's plaintext; never written again) as block {@code index} of {@code file}. */
    void put(long file, long index, byte[] plain) {
        if (mask >= 0) {
            slots.setRelease(slot(file, index), new Block(file, index, plain));
        }
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
