package org.maat.atrest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The bytes of one physical file read by position, from wherever they lie: a local {@link FileChannel}
 * ({@link #of}) or a Hadoop {@code FSDataInputStream} ({@code (pos, b, off, len) -> in.read(pos, b, off, len)}
 * with the length from its {@code FileStatus}). What {@link AtRestVolume#reader} decrypts.
 */
public interface PhysicalSource {

    /**
     * Reads up to {@code length} bytes at {@code position} into {@code buffer} from {@code offset}; returns how
     * many were read, -1 at the end. May read fewer than asked (the reader calls again).
     */
    int read(long position, byte[] buffer, int offset, int length) throws IOException;

    /** The physical file's length in bytes. */
    long size() throws IOException;

    /** A source over a local channel (not closed by the reader). */
    static PhysicalSource of(FileChannel channel) {
        return new PhysicalSource() {
            @Override
            public int read(long position, byte[] buffer, int offset, int length) throws IOException {
                return channel.read(ByteBuffer.wrap(buffer, offset, length), position);
            }

            @Override
            public long size() throws IOException {
                return channel.size();
            }
        };
    }
}
