package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.maat.core.storage.StorageFiles;

/**
 * {@code offsets.bin}: for each document, its segment (high 24 bits) and byte position (low 40
 * bits), appended as records are written. Only the first {@code documents} entries named by the
 * commit are read, so entries appended after the last commit are ignored. The table only says where
 * to look: a reader checks it is in order when opening, and each record read proves its id.
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

    /**
     * Checks that {@code offsets} can be a table the writer wrote: records are appended in id order,
     * so entries strictly increase, and each lies inside its segment's committed length. A table
     * with two entries swapped or overwritten is refused here, before any record is read.
     *
     * @throws IOException starting {@code damaged store:}, naming {@code file} and the entry's byte position
     */
    static void check(long[] offsets, List<Long> segmentLengths, String file) throws IOException {
        for (int i = 0; i < offsets.length; i++) {
            int segment = segment(offsets[i]);
            long position = position(offsets[i]);
            String entry = "damaged store: " + file + " at byte " + (long) i * Long.BYTES + ": entry " + i + " ("
                    + Document.idOf(i) + ") points to segment " + segment + " byte " + position;
            if (segment >= segmentLengths.size() || position >= segmentLengths.get(segment)) {
                throw new IOException(entry + ", outside the committed segments");
            }
            if (i > 0 && offsets[i] <= offsets[i - 1]) {
                throw new IOException(entry + ", not after entry " + (i - 1) + " (segment " + segment(offsets[i - 1])
                        + " byte " + position(offsets[i - 1]) + "): records are stored in id order");
            }
        }
    }

    static long[] read(Path dir, StorageFiles files, StoreCommit commit) throws IOException {
        long[] offsets = read(dir, files, commit.documents());
        check(offsets, commit.segmentLengths(), dir.resolve(FILE).toString());
        return offsets;
    }

    private static long[] read(Path dir, StorageFiles files, long documents) throws IOException {
        Path file = dir.resolve(FILE);
        if (documents > Integer.MAX_VALUE - 8) {
            throw new IOException(dir + ": " + documents + " documents exceed one store's limit");
        }
        try (FileChannel c = files.open(file, StandardOpenOption.READ)) {
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
