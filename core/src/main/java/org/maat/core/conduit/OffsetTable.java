package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code offsets.bin}: for each document, its segment (high 24 bits) and byte position (low 40
 * bits), appended as records are written. Only the first {@code documents} entries named by the
 * commit are read, so entries appended after the last commit are ignored.
 */
final class OffsetTable {

    static final String FILE = "offsets.bin";
    private static final int POSITION_BITS = 40;
    static final long MAX_POSITION = (1L << POSITION_BITS) - 1;

    private OffsetTable() {
    }

    static long pack(int segment, long position) {
        return ((long) segment << POSITION_BITS) | position;
    }

    static int segment(long packed) {
        return (int) (packed >>> POSITION_BITS);
    }

    static long position(long packed) {
        return packed & MAX_POSITION;
    }

    static long[] read(Path dir, long documents) throws IOException {
        Path file = dir.resolve(FILE);
        if (documents > Integer.MAX_VALUE - 8) {
            throw new IOException(dir + ": " + documents + " documents exceed one store's limit");
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            long needed = documents * Long.BYTES;
            if (c.size() < needed) {
                throw new IOException(file + ": holds " + c.size() / Long.BYTES + " offsets but the commit names "
                        + documents + " documents (truncated)");
            }
            long[] offsets = new long[(int) documents];
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            int n = 0;
            long at = 0;
            while (n < offsets.length) {
                buf.clear();
                buf.limit((int) Math.min(buf.capacity(), needed - at));
                while (buf.hasRemaining()) {
                    int r = c.read(buf, at + buf.position());
                    if (r < 0) {
                        throw new IOException(file + ": ends early");
                    }
                }
                buf.flip();
                LongBuffer longs = buf.asLongBuffer();
                int k = longs.remaining();
                longs.get(offsets, n, k);
                n += k;
                at += (long) k * Long.BYTES;
            }
            return offsets;
        }
    }
}
