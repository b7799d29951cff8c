package org.maat.atrest.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * The plaintext channel over one logical file's {@link BlockSet}. It holds one block in a buffer: reads and
 * writes inside that block touch no disk; moving to another block, {@link #force} and {@link #close} seal a
 * changed block (generation one past the highest the block ever had): one pwrite per slot for a block not on
 * disk yet; a rewrite of a block on disk goes through a staged copy so that a torn write keeps the old or the
 * new version ({@link BlockSet#seal}). So a write is on
 * disk, for other channels and processes to read, once the channel has moved past its block or been forced
 * or closed, as with a buffered stream. Two channels writing one block may lose one's update (the later seal
 * wins), and the later seal's copy is the one readers take: a seal takes the generation past what the disk shows
 * at that moment (nonces are fresh per seal whatever the generation, {@link BlockNonce}). The configuration is consulted per sealed block, so a switch reaches blocks
 * written after it. A channel opened without WRITE sees other channels' and processes' sealed writes: it serves
 * its buffered block only after checking the block's slot headers show the generation it was read at, and
 * {@link #size} and reads past the size it knows read the slot count and last block from disk again. Methods
 * are synchronized.
 */
final class BlockChannel extends EncryptedChannel {

    private final BlockSet blocks;
    private final ConfigFile config;
    private final FileChannel base;
    private final boolean readable;
    private final boolean writable;
    private final boolean append;
    private final Runnable onClose;
    private final Object writeLock;
    private final int blockSize;

    private long size;
    private long position;
    private AtRestCipher required;
    /** The strongest requirement of any byte in the buffered block. */
    private AtRestCipher bufRequired;

    private final byte[] buf;
    private long bufIndex = -1;
    private int bufLength;
    private boolean dirty;
    /** The highest generation block {@code bufIndex} had when loaded or last sealed (-1: never written). */
    private int bufGeneration;
    /**
     * On a read-only channel, the highest generation the buffered block's slots showed just before it was
     * read: a writer (this JVM or another process) seals every change one generation higher, so an unchanged
     * value proves the buffer current.
     */
    private int bufStamp;
    private final boolean[] holders;
    /** Which files hold a copy of the buffered block known to authenticate (from its load or last seal). */
    private final boolean[] valid;
    private long diskBlocks;
    /**
     * Blocks below this existed when the channel opened or was last forced: their copies may be durable, so
     * staging their rewrite forces the staged copy first (unless rewritten since, in {@link #rewrittenSinceForce}).
     */
    private long durableBlocks;
    private final java.util.Set<Long> rewrittenSinceForce = new java.util.HashSet<>();
    private byte[] scratch;

    private VolumeConfig orderFor;
    private int[] order;

    BlockChannel(BlockSet blocks, ConfigFile config, FileChannel base, boolean readable, boolean writable,
            boolean append, Object writeLock, Runnable onClose) throws IOException {
        this.blocks = blocks;
        this.config = config;
        this.base = base;
        this.readable = readable;
        this.writable = writable;
        this.append = append;
        this.onClose = onClose;
        this.writeLock = writeLock;
        this.blockSize = blocks.blockSize;
        this.buf = new byte[blockSize];
        this.holders = new boolean[blocks.files.length];
        this.valid = new boolean[blocks.files.length];
        this.diskBlocks = blocks.slots();
        this.durableBlocks = diskBlocks;
        if (diskBlocks > 0) {
            load(diskBlocks - 1);
            size = (diskBlocks - 1) * blockSize + bufLength;
        }
    }

    // --- blocks -------------------------------------------------------------------------------------------

    private int[] order(VolumeConfig cfg) {
        if (cfg != orderFor) {
            order = BlockSet.readOrder(cfg, blocks.ciphers, blocks.files.length);
            orderFor = cfg;
        }
        return order;
    }

    private int regionIndex(VolumeConfig cfg, AtRestCipher c) {
        return BlockSet.regionIndex(cfg, blocks.ciphers, c);
    }

    /** Makes block {@code index} the buffered one. */
    private void load(long index) throws IOException {
        if (index == bufIndex) {
            return;
        }
        flush();
        bufIndex = index;
        if (index >= diskBlocks) {
            bufLength = 0;
            bufGeneration = -1;
            bufRequired = null;
            Arrays.fill(holders, false);
            Arrays.fill(valid, false);
            return;
        }
        if (!writable) {
            bufStamp = blocks.highestGeneration(index, null); // before the read: a later seal shows as a change
        }
        VolumeConfig cfg = config.current();
        BlockSet.Found found = blocks.read(index, buf, order(cfg), cfg.model == SwitchModel.MIRRORED);
        int length = found.length();
        if (length < 0) {
            throw new IOException(blocks.name + ": block " + index + " is missing from every region");
        }
        if (index < diskBlocks - 1 && length != blockSize) {
            throw new IOException(blocks.name + ": block " + index + " is short (" + length + " bytes) but not the last");
        }
        bufLength = length;
        bufGeneration = found.generation();
        bufRequired = found.required();
        System.arraycopy(found.present(), 0, holders, 0, holders.length);
        System.arraycopy(found.present(), 0, valid, 0, valid.length);
    }

    /**
     * On a read-only channel, drops the buffered block if a writer sealed it since it was read (one 16-byte
     * pread per file holding the block), so an erased record never reads as its old plaintext.
     */
    private void revalidate() throws IOException {
        if (!writable && bufIndex >= 0 && blocks.highestGeneration(bufIndex, null) != bufStamp) {
            bufIndex = -1;
        }
    }

    /**
     * On a read-only channel, reads the size from disk again: the slot count, and the last block's length
     * (reloaded only if it changed), since writers append and rewrite the last block after this channel opened.
     */
    private void refreshSize() throws IOException {
        if (writable) {
            return;
        }
        long n = blocks.slots();
        diskBlocks = n;
        if (n == 0) {
            bufIndex = -1;
            size = 0;
            return;
        }
        revalidate();
        if (bufIndex != n - 1) {
            bufIndex = -1;
            load(n - 1);
        }
        size = (n - 1) * blockSize + bufLength;
    }

    /** Seals the buffered block if it changed. */
    private void flush() throws IOException {
        if (!dirty) {
            return;
        }
        synchronized (writeLock) {
            try (Storage.SealLock lock = blocks.files[0].storage.lockForSeal()) {
                seal();
            }
        }
    }

    /**
     * Seals the buffered block one generation past the highest any file's slot shows now (one small pread
     * per file), not just when the block was loaded: another channel that wrote the block meanwhile cannot
     * make this one's copy look older than a stale one (the monitor serializes the channels of this JVM, the file
     * lock other processes' channels and convergence).
     */
    private void seal() throws IOException {
        blocks.refreshHeaders();
        int onDisk = blocks.highestGeneration(bufIndex, holders);
        if (onDisk > bufGeneration) {
            // Another channel sealed the block since: learn which copies are valid now.
            try {
                BlockSet.Found now = blocks.read(bufIndex, scratch(), allFiles(), false);
                System.arraycopy(now.present(), 0, valid, 0, valid.length);
            } catch (IOException noValidCopy) {
                Arrays.fill(valid, false); // nothing left to keep
            }
            // The read opens region files made since this channel opened (another process's Selective writes):
            // their copies count too, so this seal goes past them and empties them.
            onDisk = Math.max(onDisk, blocks.highestGeneration(bufIndex, holders));
        }
        int highest = Math.max(bufGeneration, onDisk);
        // Never below the floor: a slot left past a cut under way may show a generation the floor has passed.
        int gen = Math.max(highest + 1, blocks.floor());
        VolumeConfig cfg = config.current();
        AtRestCipher need = bufRequired;
        AtRestCipher cipher = cfg.cipherFor(need);
        int[] targets;
        AtRestCipher[] with;
        if (cfg.model == SwitchModel.MIRRORED) {
            List<AtRestCipher> meet = new ArrayList<>();
            for (AtRestCipher r : cfg.regions) {
                if (need == null || r.strength() >= need.strength()) {
                    meet.add(r);
                }
            }
            if (meet.isEmpty()) {
                targets = new int[] {0};
                with = new AtRestCipher[] {cipher};
            } else {
                targets = new int[meet.size()];
                with = meet.toArray(new AtRestCipher[0]);
                for (int k = 0; k < targets.length; k++) {
                    targets[k] = regionIndex(cfg, with[k]);
                }
            }
        } else {
            targets = new int[] {cfg.model == SwitchModel.SELECTIVE ? regionIndex(cfg, cipher) : 0};
            with = new AtRestCipher[] {cipher};
        }
        boolean durable = bufIndex < durableBlocks && !rewrittenSinceForce.contains(bufIndex);
        if (bufIndex < durableBlocks) {
            rewrittenSinceForce.add(bufIndex);
        }
        gen = blocks.seal(bufIndex, targets, with, need, gen, buf, bufLength, holders, valid, durable);
        Arrays.fill(holders, false);
        Arrays.fill(valid, false);
        for (int t : targets) {
            holders[t] = true;
            valid[t] = true;
        }
        bufGeneration = gen;
        dirty = false;
        diskBlocks = Math.max(diskBlocks, bufIndex + 1);
    }

    /** Records the file's slot count in its header (see {@link BlockSet#recordLength}). */
    private void recordLength(boolean durable) throws IOException {
        synchronized (writeLock) {
            try (Storage.SealLock lock = blocks.files[0].storage.lockForSeal()) {
                blocks.recordLength(durable);
            }
        }
    }

    private byte[] scratch() {
        if (scratch == null) {
            scratch = new byte[blockSize];
        }
        return scratch;
    }

    private int[] allFiles() {
        int[] all = new int[blocks.files.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return all;
    }

    private static AtRestCipher stronger(AtRestCipher a, AtRestCipher b) {
        return a == null ? b : b == null || a.strength() >= b.strength() ? a : b;
    }

    // --- EncryptedChannel ------------------------------------------------------------------------------

    @Override
    public synchronized void requireAtLeast(AtRestCipher cipher) {
        required = cipher;
    }

    @Override
    public synchronized List<AtRestCipher> blockCiphers() throws IOException {
        ensureOpen();
        flush();
        List<AtRestCipher> out = new ArrayList<>();
        long n = (size + blockSize - 1) / blockSize;
        int[] all = new int[blocks.files.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        byte[] scratch = new byte[blockSize];
        for (long i = 0; i < n; i++) {
            BlockSet.Found found = blocks.read(i, scratch, all, false);
            if (found.length() < 0) {
                throw new IOException(blocks.name + ": block " + i + " is missing from every region");
            }
            out.add(Ciphers.byId(blocks.files[found.copyFile()].cipherId).orElseThrow());
        }
        return out;
    }

    // --- FileChannel ---------------------------------------------------------------------------------------

    private void ensureOpen() throws IOException {
        if (!isOpen()) {
            throw new java.nio.channels.ClosedChannelException();
        }
    }

    @Override
    public synchronized int read(ByteBuffer dst, long at) throws IOException {
        if (at < 0) {
            throw new IllegalArgumentException("negative position");
        }
        ensureOpen();
        if (!readable) {
            throw new NonReadableChannelException();
        }
        if (at >= size) {
            refreshSize();
            if (at >= size) {
                return dst.hasRemaining() ? -1 : 0;
            }
        }
        revalidate();
        int done = 0;
        while (dst.hasRemaining() && at < size) {
            long index = at / blockSize;
            int off = (int) (at % blockSize);
            load(index);
            int n = (int) Math.min(Math.min(bufLength - off, dst.remaining()), size - at);
            if (n <= 0) {
                break;
            }
            dst.put(buf, off, n);
            at += n;
            done += n;
        }
        return done;
    }

    @Override
    public synchronized int write(ByteBuffer src, long at) throws IOException {
        if (at < 0) {
            throw new IllegalArgumentException("negative position");
        }
        ensureOpen();
        if (!writable) {
            throw new NonWritableChannelException();
        }
        if (!src.hasRemaining()) {
            return 0;
        }
        if (at > size) {
            zeroFill(size, at);
        }
        int done = 0;
        while (src.hasRemaining()) {
            long index = at / blockSize;
            int off = (int) (at % blockSize);
            load(index);
            int n = Math.min(blockSize - off, src.remaining());
            // A block is sealed as strongly as the strongest requirement of any byte in it.
            bufRequired = off == 0 && n == blockSize ? required : stronger(bufRequired, required);
            src.get(buf, off, n);
            bufLength = Math.max(bufLength, off + n);
            dirty = true;
            at += n;
            done += n;
            size = Math.max(size, at);
        }
        return done;
    }

    /** Extends the file with zeros from {@code from} to {@code to}: holes are sealed blocks like any other. */
    private void zeroFill(long from, long to) throws IOException {
        while (from < to) {
            long index = from / blockSize;
            int off = (int) (from % blockSize);
            load(index);
            int n = (int) Math.min(blockSize - off, to - from);
            Arrays.fill(buf, off, off + n, (byte) 0);
            bufRequired = stronger(bufRequired, required);
            bufLength = Math.max(bufLength, off + n);
            dirty = true;
            from += n;
            size = Math.max(size, from);
        }
    }

    @Override
    public synchronized int read(ByteBuffer dst) throws IOException {
        int n = read(dst, position);
        if (n > 0) {
            position += n;
        }
        return n;
    }

    @Override
    public synchronized long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            int n = read(dsts[i]);
            if (n < 0) {
                return total == 0 ? -1 : total;
            }
            total += n;
            if (dsts[i].hasRemaining()) {
                break;
            }
        }
        return total;
    }

    @Override
    public synchronized int write(ByteBuffer src) throws IOException {
        if (append) {
            position = size;
        }
        int n = write(src, position);
        position += n;
        return n;
    }

    @Override
    public synchronized long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            total += write(srcs[i]);
        }
        return total;
    }

    @Override
    public synchronized long position() throws IOException {
        ensureOpen();
        return append && writable ? size : position;
    }

    @Override
    public synchronized FileChannel position(long newPosition) throws IOException {
        ensureOpen();
        if (newPosition < 0) {
            throw new IllegalArgumentException("negative position");
        }
        position = newPosition;
        return this;
    }

    @Override
    public synchronized long size() throws IOException {
        ensureOpen();
        refreshSize();
        return size;
    }

    @Override
    public synchronized FileChannel truncate(long newSize) throws IOException {
        ensureOpen();
        if (newSize < 0) {
            throw new IllegalArgumentException("negative size");
        }
        if (!writable) {
            throw new NonWritableChannelException();
        }
        if (newSize < size) {
            flush();
            bufIndex = -1;
            blocks.findNewFiles(); // a region file made since this channel opened holds blocks to cut too
            if (newSize == 0) {
                synchronized (writeLock) {
                    try (Storage.SealLock lock = blocks.files[0].storage.lockForSeal()) {
                        for (int i = 0; i < blocks.files.length; i++) {
                            if (blocks.files[i] != null) {
                                blocks.files[i].reset();
                            }
                        }
                        blocks.bind();
                    }
                }
                diskBlocks = 0;
                durableBlocks = 0;
                rewrittenSinceForce.clear();
            } else {
                long keep = (newSize + blockSize - 1) / blockSize;
                int lastLength = (int) (newSize - (keep - 1) * blockSize);
                load(keep - 1);
                if (lastLength != bufLength) {
                    bufLength = lastLength;
                    dirty = true;
                    flush();
                }
                synchronized (writeLock) {
                    try (Storage.SealLock lock = blocks.files[0].storage.lockForSeal()) {
                        for (BlockFile f : blocks.files) {
                            if (f != null) {
                                f.truncate(keep);
                            }
                        }
                    }
                }
                diskBlocks = keep;
                durableBlocks = Math.min(durableBlocks, keep);
            }
            size = newSize;
        }
        position = Math.min(position, newSize);
        return this;
    }

    @Override
    public synchronized void force(boolean metaData) throws IOException {
        ensureOpen();
        flush();
        blocks.force();
        if (writable) {
            recordLength(true);
        }
        durableBlocks = diskBlocks;
        rewrittenSinceForce.clear();
    }

    @Override
    public long transferTo(long at, long count, WritableByteChannel target) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(Math.max(count, 1), 1 << 16));
        long done = 0;
        while (done < count) {
            b.clear().limit((int) Math.min(b.capacity(), count - done));
            int n = read(b, at + done);
            if (n <= 0) {
                break;
            }
            b.flip();
            while (b.hasRemaining()) {
                target.write(b);
            }
            done += n;
        }
        return done;
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long at, long count) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(Math.max(count, 1), 1 << 16));
        long done = 0;
        while (done < count) {
            b.clear().limit((int) Math.min(b.capacity(), count - done));
            int n = src.read(b);
            if (n <= 0) {
                break;
            }
            b.flip();
            done += write(b, at + done);
        }
        return done;
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long at, long length) {
        throw new UnsupportedOperationException("an encrypted file cannot be memory-mapped");
    }

    @Override
    public FileLock lock(long at, long length, boolean shared) throws IOException {
        return base.lock(at, length, shared);
    }

    @Override
    public FileLock tryLock(long at, long length, boolean shared) throws IOException {
        return base.tryLock(at, length, shared);
    }

    @Override
    protected synchronized void implCloseChannel() throws IOException {
        try {
            if (writable) {
                flush();
                recordLength(false);
            }
        } finally {
            try {
                blocks.close();
            } finally {
                onClose.run();
            }
        }
    }
}
