package org.maat.atrest.lucene;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Decrypted blocks of the index files open for reading, so that a block read again (by another clone of an
 * input: Lucene clones one per query and term) is neither decrypted nor copied again. Bounded: a table of a fixed
 * number of blocks, 4-way set-associative, a block evicting one of its set that was not used since the set was
 * last swept (a clock per set); no locks, no allocation on a hit.
 *
 * <p>What it holds is plaintext in this process's memory, as any reader's buffers do; encryption at rest
 * protects the disk, not a running process. Blocks are keyed by an identity of the opened file that is never
 * reused, so a file deleted and created again under the same name never returns the old file's blocks. The
 * arrays it returns are shared and never written. Thread-safe.
 */
final class PlaintextBlockCache {

    private static final int WAYS = 4;

    private final AtomicLong files = new AtomicLong();
    private final AtomicReferenceArray<Block> slots;
    private final int setMask;

    /** A cache of at most {@code bytes} of plaintext in blocks of {@code blockSize} (under 4 blocks: no cache). */
    PlaintextBlockCache(long bytes, int blockSize) {
        long sets = bytes / blockSize / WAYS;
        int capacity = sets <= 0 ? 0 : Integer.highestOneBit((int) Math.min(sets, 1 << 28));
        this.slots = new AtomicReferenceArray<>(capacity * WAYS);
        this.setMask = capacity - 1;
    }

    /** A new identity for a file opened for reading: never reused, so it never finds another file's blocks. */
    long newFile() {
        return files.incrementAndGet();
    }

    /** Whether this cache keeps anything. */
    boolean enabled() {
        return setMask >= 0;
    }

    /** The plaintext of block {@code index} of file {@code file} if cached, else null; only to be read. */
    byte[] get(long file, long index) {
        if (setMask < 0) {
            return null;
        }
        int first = set(file, index) * WAYS;
        for (int i = first; i < first + WAYS; i++) {
            Block block = slots.getAcquire(i);
            if (block != null && block.file == file && block.index == index) {
                block.used = true;
                return block.plain;
            }
        }
        return null;
    }

    /** Keeps {@code plain} (exactly the block's plaintext; never written again) as block {@code index} of {@code file}. */
    void put(long file, long index, byte[] plain) {
        if (setMask < 0) {
            return;
        }
        int first = set(file, index) * WAYS;
        int victim = first;
        for (int i = first; i < first + WAYS; i++) {
            Block block = slots.getAcquire(i);
            if (block == null || !block.used) {
                victim = i;
                break;
            }
            // Swept: evicted next time unless used before then. (Racy by design: a lost mark costs a decryption.)
            block.used = false;
        }
        slots.setRelease(victim, new Block(file, index, plain));
    }

    private int set(long file, long index) {
        long h = file * 0x9E3779B97F4A7C15L + index;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return (int) h & setMask;
    }

    private static final class Block {
        final long file;
        final long index;
        final byte[] plain;
        boolean used;

        Block(long file, long index, byte[] plain) {
            this.file = file;
            this.index = index;
            this.plain = plain;
        }
    }
}
