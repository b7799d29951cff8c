package org.maat.atrest.lucene;

import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.RandomAccessInput;
import org.apache.lucene.util.GroupVIntUtil;

/**
 * Reads an index file (or a slice of one) through its {@link OpenFile}, one plaintext block at a time: the
 * buffer is exactly one block of the volume, aligned on block boundaries, so each refill is one block decrypted
 * (or found in the cache) and a block is never decrypted in two halves. With the cache, the buffer is the cached
 * block itself, so a refill that hits copies nothing and allocates nothing; without it, each input allocates one
 * block on its first read and reuses it.
 *
 * <p>Clones and slices share the file and read it positionally, so they may be used from different threads at
 * once (each one by a single thread, as Lucene requires). Closing the input that {@link AtRestDirectory#openInput}
 * returned closes the file; closing a clone or slice does nothing.
 */
final class AtRestIndexInput extends IndexInput implements RandomAccessInput {

    private static final byte[] NO_BLOCK = new byte[0];
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);

    private final OpenFile file;
    /** Where this slice starts in the file, and its length. */
    private final long offset;
    private final long length;
    private boolean owner;

    /** Plaintext of the block in the buffer; its file position; next byte to read; end of the readable bytes. */
    private byte[] block = NO_BLOCK;
    private ByteBuffer blockView;
    private long blockStart;
    private int pos;
    private int limit;
    private GroupVIntUtil.IntReader intAt = this::intAt;

    /** The input over the whole of {@code file}; closing it closes the file. */
    AtRestIndexInput(String resourceDescription, OpenFile file) {
        this(resourceDescription, file, 0, file.length(), true);
    }

    private AtRestIndexInput(String resourceDescription, OpenFile file, long offset, long length, boolean owner) {
        super(resourceDescription);
        this.file = file;
        this.offset = offset;
        this.length = length;
        this.owner = owner;
        this.blockStart = offset;
    }

    @Override
    public byte readByte() throws IOException {
        if (pos == limit) {
            refill();
        }
        return block[pos++];
    }

    @Override
    public void readBytes(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (pos == limit) {
                refill();
            }
            int n = Math.min(len, limit - pos);
            System.arraycopy(block, pos, b, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public short readShort() throws IOException {
        if (limit - pos >= Short.BYTES) {
            short v = (short) SHORT.get(block, pos);
            pos += Short.BYTES;
            return v;
        }
        return super.readShort();
    }

    @Override
    public int readInt() throws IOException {
        if (limit - pos >= Integer.BYTES) {
            int v = (int) INT.get(block, pos);
            pos += Integer.BYTES;
            return v;
        }
        return super.readInt();
    }

    @Override
    public long readLong() throws IOException {
        if (limit - pos >= Long.BYTES) {
            long v = (long) LONG.get(block, pos);
            pos += Long.BYTES;
            return v;
        }
        return super.readLong();
    }

    @Override
    public void readLongs(long[] dst, int off, int len) throws IOException {
        if ((long) limit - pos >= (long) Long.BYTES * len) {
            for (int i = 0; i < len; i++) {
                dst[off + i] = (long) LONG.get(block, pos);
                pos += Long.BYTES;
            }
        } else {
            super.readLongs(dst, off, len);
        }
    }

    @Override
    public void readInts(int[] dst, int off, int len) throws IOException {
        if ((long) limit - pos >= (long) Integer.BYTES * len) {
            for (int i = 0; i < len; i++) {
                dst[off + i] = (int) INT.get(block, pos);
                pos += Integer.BYTES;
            }
        } else {
            super.readInts(dst, off, len);
        }
    }

    @Override
    public void readFloats(float[] dst, int off, int len) throws IOException {
        if ((long) limit - pos >= (long) Float.BYTES * len) {
            for (int i = 0; i < len; i++) {
                dst[off + i] = (float) FLOAT.get(block, pos);
                pos += Float.BYTES;
            }
        } else {
            super.readFloats(dst, off, len);
        }
    }

    @Override
    protected void readGroupVInt(long[] dst, int off) throws IOException {
        // The fast path decodes straight from the block when a whole group fits in it, else reads byte by byte.
        int n = GroupVIntUtil.readGroupVInt(this, limit - pos, intAt, pos, dst, off);
        if (n > 0) {
            pos += n;
        }
    }

    private int intAt(long at) {
        return (int) INT.get(block, (int) at);
    }

    @Override
    public long getFilePointer() {
        return blockStart + pos - offset;
    }

    @Override
    public void seek(long to) throws IOException {
        if (to < 0 || to > length) {
            throw new EOFException("seek to " + to + " outside [0, " + length + "]: " + this);
        }
        long at = offset + to;
        if (at >= blockStart && at <= blockStart + limit) {
            pos = (int) (at - blockStart);
        } else {
            // The next read loads the block holding the new position.
            blockStart = at;
            pos = 0;
            limit = 0;
        }
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public byte readByte(long at) throws IOException {
        long i = offset + at - blockStart;
        if (i >= 0 && i < limit) {
            return block[(int) i];
        }
        seek(at);
        return readByte();
    }

    @Override
    public short readShort(long at) throws IOException {
        long i = offset + at - blockStart;
        if (i >= 0 && i + Short.BYTES <= limit) {
            return (short) SHORT.get(block, (int) i);
        }
        seek(at);
        return readShort();
    }

    @Override
    public int readInt(long at) throws IOException {
        long i = offset + at - blockStart;
        if (i >= 0 && i + Integer.BYTES <= limit) {
            return (int) INT.get(block, (int) i);
        }
        seek(at);
        return readInt();
    }

    @Override
    public long readLong(long at) throws IOException {
        long i = offset + at - blockStart;
        if (i >= 0 && i + Long.BYTES <= limit) {
            return (long) LONG.get(block, (int) i);
        }
        seek(at);
        return readLong();
    }

    @Override
    public IndexInput slice(String sliceDescription, long sliceOffset, long sliceLength) throws IOException {
        if (sliceOffset < 0 || sliceLength < 0 || sliceOffset + sliceLength > length) {
            throw new IllegalArgumentException("slice() " + sliceDescription + " out of bounds: offset=" + sliceOffset
                    + ", length=" + sliceLength + ", fileLength=" + length + ": " + this);
        }
        return new AtRestIndexInput(getFullSliceDescription(sliceDescription), file, offset + sliceOffset,
                sliceLength, false);
    }

    @Override
    public AtRestIndexInput clone() {
        AtRestIndexInput clone = (AtRestIndexInput) super.clone();
        clone.owner = false;
        clone.intAt = clone::intAt;
        if (!file.cached()) {
            // A clone starts where this input is, with a buffer of its own, filled on its first read. (A cached
            // block is never written, so with the cache the clone reads on from the same one.)
            clone.blockStart = blockStart + pos;
            clone.block = NO_BLOCK;
            clone.blockView = null;
            clone.pos = 0;
            clone.limit = 0;
        }
        return clone;
    }

    @Override
    public void close() throws IOException {
        if (owner) {
            owner = false;
            file.close();
        }
    }

    /** Loads the block holding the current position; an {@link EOFException} at the end of the slice. */
    private void refill() throws IOException {
        long at = blockStart + pos;
        long end = offset + length;
        if (at >= end) {
            throw new EOFException("read past EOF: " + this);
        }
        if (blockView == null && !file.cached()) {
            blockView = ByteBuffer.wrap(new byte[file.blockSize()]);
        }
        long index = at / file.blockSize();
        long start = index * file.blockSize();
        block = file.readBlock(index, blockView);
        blockStart = start;
        pos = (int) (at - start);
        limit = (int) Math.min(file.blockLength(index), end - start);
    }
}
