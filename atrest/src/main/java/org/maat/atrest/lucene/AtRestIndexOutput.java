package org.maat.atrest.lucene;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import org.apache.lucene.store.IndexOutput;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * A new index file written through an {@link EncryptedChannel}: bytes are buffered and handed to the channel in
 * whole multiples of the volume's block size, so each block is sealed once (only the last, partial block is
 * sealed at {@link #close}). {@link #getChecksum} is the CRC32 of the plaintext written so far, as Lucene's
 * codec footers require.
 *
 * <p>Guarantees: every block of the file is sealed under a cipher at least as strong as {@link #cipher()}, also
 * when the volume switches while the file is being written, and after any later switch and convergence. Not thread-safe, like every {@link IndexOutput}.
 */
public final class AtRestIndexOutput extends IndexOutput {

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final EncryptedChannel channel;
    private final AtRestCipher cipher;
    private final byte[] buffer;
    private final ByteBuffer bufferView;
    private final CRC32 crc = new CRC32();
    /** Bytes of {@link #buffer} filled. */
    private int filled;
    /** Bytes of {@link #buffer} already added to {@link #crc} (getChecksum may be called between flushes). */
    private int summed;
    /** Bytes handed to the channel. */
    private long flushed;
    private boolean closed;

    AtRestIndexOutput(String resourceDescription, String name, EncryptedChannel channel, AtRestCipher cipher,
            int bufferSize) {
        super(resourceDescription, name);
        this.channel = channel;
        this.cipher = cipher;
        this.buffer = new byte[bufferSize];
        this.bufferView = ByteBuffer.wrap(buffer);
    }

    /**
     * The weakest cipher any block of this file is or will be sealed under (its requirement; see
     * {@link AtRestDirectory#floorFor}): the cipher the file's label names.
     */
    public AtRestCipher cipher() {
        return cipher;
    }

    @Override
    public void writeByte(byte b) throws IOException {
        if (filled == buffer.length) {
            flushBuffer();
        }
        buffer[filled++] = b;
    }

    @Override
    public void writeBytes(byte[] b, int offset, int length) throws IOException {
        int room = buffer.length - filled;
        if (length <= room) {
            System.arraycopy(b, offset, buffer, filled, length);
            filled += length;
            return;
        }
        System.arraycopy(b, offset, buffer, filled, room);
        filled += room;
        offset += room;
        length -= room;
        flushBuffer();
        // Whole buffers go to the channel straight from the caller's array; the channel's position stays a
        // multiple of the buffer size (a multiple of the block size), so no block is sealed twice.
        int direct = length - length % buffer.length;
        if (direct > 0) {
            crc.update(b, offset, direct);
            writeFully(ByteBuffer.wrap(b, offset, direct));
            flushed += direct;
            offset += direct;
            length -= direct;
        }
        System.arraycopy(b, offset, buffer, 0, length);
        filled = length;
    }

    @Override
    public void writeShort(short i) throws IOException {
        if (buffer.length - filled >= Short.BYTES) {
            SHORT.set(buffer, filled, i);
            filled += Short.BYTES;
        } else {
            super.writeShort(i);
        }
    }

    @Override
    public void writeInt(int i) throws IOException {
        if (buffer.length - filled >= Integer.BYTES) {
            INT.set(buffer, filled, i);
            filled += Integer.BYTES;
        } else {
            super.writeInt(i);
        }
    }

    @Override
    public void writeLong(long i) throws IOException {
        if (buffer.length - filled >= Long.BYTES) {
            LONG.set(buffer, filled, i);
            filled += Long.BYTES;
        } else {
            super.writeLong(i);
        }
    }

    @Override
    public long getFilePointer() {
        return flushed + filled;
    }

    @Override
    public long getChecksum() {
        crc.update(buffer, summed, filled - summed);
        summed = filled;
        return crc.getValue();
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (channel) {
            flushBuffer();
        }
    }

    private void flushBuffer() throws IOException {
        crc.update(buffer, summed, filled - summed);
        bufferView.clear().limit(filled);
        writeFully(bufferView);
        flushed += filled;
        filled = 0;
        summed = 0;
    }

    private void writeFully(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }
}
