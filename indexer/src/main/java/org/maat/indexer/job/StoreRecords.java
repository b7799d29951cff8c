package org.maat.indexer.job;

import java.io.DataInputStream;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.maat.core.conduit.CorruptRecordException;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.StoreFormat;

/**
 * The live documents of one {@link CommittedStore} by ordinal, read by the runtime from the store's own files: what
 * a reducer indexes, whatever the map tasks sent. Each record is checked as {@code ConduitStore} checks it (CRC, the
 * id inside it), so a damaged record fails with its segment and byte position. One stream stays open and skips
 * forward, since a reducer asks for each shard's ordinals in increasing order; a step back or to another segment
 * reopens it.
 */
final class StoreRecords implements java.io.Closeable {

    private final CommittedStore store;
    private final long[] live;
    private final byte[] header = new byte[StoreFormat.RECORD_HEADER];
    private DataInputStream in;
    private int segment = -1;
    private long position;

    StoreRecords(CommittedStore store) throws IOException {
        this.store = store;
        this.live = store.liveOffsets();
    }

    /** Whether {@code ordinal} names a live document of the commit. */
    boolean isLive(long ordinal) {
        return ordinal >= 0 && ordinal < live.length && live[(int) ordinal] != StoreFormat.REMOVED;
    }

    /** The live document {@code ordinal} as its record holds it; {@link #isLive} must hold. */
    Document read(long ordinal) throws IOException {
        if (!isLive(ordinal)) {
            throw new IllegalArgumentException("document " + ordinal + " is not a live document of the store");
        }
        long packed = live[(int) ordinal];
        int wanted = StoreFormat.segment(packed);
        long at = StoreFormat.position(packed);
        if (in == null || wanted != segment || at < position) {
            close();
            in = new DataInputStream(new java.io.BufferedInputStream(
                    store.files().open(segmentFile(wanted), at), 1 << 16));
            segment = wanted;
        } else {
            in.skipNBytes(at - position);
        }
        position = at;
        java.nio.file.Path name = java.nio.file.Path.of(segmentFile(wanted).toUri().getPath());
        try {
            in.readFully(header);
            int length = StoreFormat.payloadLength(header, name, at);
            byte[] payload = new byte[length];
            in.readFully(payload);
            position = at + header.length + length;
            return StoreFormat.decode(header, payload, ordinal, name, at);
        } catch (java.io.EOFException e) {
            close();
            throw new CorruptRecordException(name, at, "record cut short: the segment ends inside it");
        }
    }

    private Path segmentFile(int number) {
        return new Path(store.store(), StoreFormat.segmentFileName(number));
    }

    @Override
    public void close() throws IOException {
        if (in != null) {
            DataInputStream open = in;
            in = null;
            segment = -1;
            open.close();
        }
    }
}
