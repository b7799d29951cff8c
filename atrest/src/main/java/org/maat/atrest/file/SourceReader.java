package org.maat.atrest.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.maat.atrest.AtRestReader;
import org.maat.atrest.PhysicalSource;

/** {@link AtRestReader} over a {@link BlockSet} of read-only sources, or over a plaintext source as is. */
final class SourceReader implements AtRestReader {

    private final BlockSet blocks;
    private final PhysicalSource plaintext;
    private final int[] order;
    private final boolean firstWins;
    private final byte[] buf;
    private long bufIndex = -1;
    private int bufLength;
    private final long blockCount;
    private final long size;

    private SourceReader(BlockSet blocks, PhysicalSource plaintext, int[] order, boolean firstWins) throws IOException {
        this.blocks = blocks;
        this.plaintext = plaintext;
        this.order = order;
        this.firstWins = firstWins;
        if (blocks == null) {
            buf = null;
            blockCount = 0;
            size = plaintext.size();
            return;
        }
        buf = new byte[blocks.blockSize];
        blockCount = blocks.slots();
        if (blockCount == 0) {
            size = 0;
        } else {
            load(blockCount - 1);
            size = (blockCount - 1) * blocks.blockSize + bufLength;
        }
    }

    static AtRestReader plaintext(PhysicalSource source) throws IOException {
        return new SourceReader(null, source, null, false);
    }

    static AtRestReader encrypted(BlockSet blocks, int[] order, boolean firstWins) throws IOException {
        return new SourceReader(blocks, null, order, firstWins);
    }

    private void load(long index) throws IOException {
        if (index == bufIndex) {
            return;
        }
        bufIndex = -1;
        int n = blocks.read(index, buf, order, firstWins).length();
        if (n < 0) {
            throw new IOException(blocks.name + ": block " + index + " is missing from every region");
        }
        if (index < blockCount - 1 && n != blocks.blockSize) {
            throw new IOException(blocks.name + ": block " + index + " is short (" + n + " bytes) but not the last");
        }
        bufLength = n;
        bufIndex = index;
    }

    @Override
    public int read(long position, ByteBuffer dst) throws IOException {
        if (position >= size) {
            return dst.hasRemaining() ? -1 : 0;
        }
        if (blocks == null) {
            int want = (int) Math.min(dst.remaining(), size - position);
            byte[] b = new byte[want];
            int n = Storage.of(plaintext).readFully(position, b, 0, want);
            dst.put(b, 0, n);
            return n;
        }
        int done = 0;
        int bs = blocks.blockSize;
        while (dst.hasRemaining() && position < size) {
            load(position / bs);
            int off = (int) (position % bs);
            int n = Math.min(bufLength - off, dst.remaining());
            if (n <= 0) {
                break;
            }
            dst.put(buf, off, n);
            position += n;
            done += n;
        }
        return done;
    }

    @Override
    public long size() {
        return size;
    }
}
