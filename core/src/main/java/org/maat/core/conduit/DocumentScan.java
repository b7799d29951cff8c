package org.maat.core.conduit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.maat.atrest.SharedReadChannel;

/**
 * A streaming pass over a range of a conduit store in id order, reading through a large window so a
 * pass costs sequential I/O. It shows the commit the store showed when the pass began: removed
 * documents are skipped silently (they are not damage), and a document whose record a later edit
 * erased under the pass is skipped as removed too (or read where a restoration put it). In
 * {@link ScanMode#SKIP} a bad record is reported and the pass resumes at the next record's known
 * offset; in {@link ScanMode#STRICT} it throws.
 */
public final class DocumentScan implements Iterator<Document>, AutoCloseable {

    private static final int WINDOW = 1 << 20;

    private final ConduitStore store;
    private final StoreView view;
    private final long to;
    private final BadRecords<CorruptRecordException> badRecords;
    private long next;
    private Document pending;
    private int openSegment = -1;
    /** As the store's own reads: an interrupt of the scanning thread neither fails nor closes the scan. */
    private SharedReadChannel channel;
    private ByteBuffer window = ByteBuffer.allocate(WINDOW);
    private long windowStart;

    DocumentScan(ConduitStore store, StoreView view, long from, long to, ScanMode mode,
                 Consumer<CorruptRecordException> skipped) {
        this.store = store;
        this.view = view;
        this.next = from;
        this.to = to;
        this.badRecords = new BadRecords<>(mode, skipped);
        window.limit(0);
    }

    @Override
    public boolean hasNext() {
        while (pending == null && next < to) {
            long n = next++;
            if (view.removed(n)) {
                continue;
            }
            try {
                pending = readRecord(n);
            } catch (CorruptRecordException e) {
                try {
                    pending = store.recover(view, n, e); // null: removed and erased since the pass began
                } catch (CorruptRecordException damage) {
                    badRecords.handle(damage);
                }
            }
        }
        return pending != null;
    }

    @Override
    public Document next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Document d = pending;
        pending = null;
        return d;
    }

    /** Records reported and skipped so far. */
    public long skipped() {
        return badRecords.skipped();
    }

    private Document readRecord(long n) {
        long packed = view.offset(n);
        int segment = OffsetTable.segment(packed);
        long position = OffsetTable.position(packed);
        try {
            // A copy: reading the payload may refill the window, which would overwrite a view of it.
            ByteBuffer header = ByteBuffer.allocate(RecordCodec.HEADER).put(bytes(segment, position, RecordCodec.HEADER))
                    .flip();
            int length = RecordCodec.payloadLength(header);
            ByteBuffer payload = bytes(segment, position + RecordCodec.HEADER, length);
            byte[] data = new byte[length];
            payload.get(data);
            return RecordCodec.decode(header, data, n);
        } catch (RecordCodec.BadRecord e) {
            throw new CorruptRecordException(store.segmentFile(segment), position, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(store.segmentFile(segment) + ": cannot read at byte " + position, e);
        }
    }

    /** {@code length} bytes at {@code position}, within the segment's committed length. */
    private ByteBuffer bytes(int segment, long position, int length) throws IOException, RecordCodec.BadRecord {
        long committed = view.committedLength(segment);
        if (position + length > committed) {
            throw new RecordCodec.BadRecord("record runs past the committed end of the segment (" + committed + ")");
        }
        if (segment != openSegment) {
            if (channel != null) {
                channel.close();
            }
            Path file = store.segmentFile(segment);
            channel = SharedReadChannel.open(() -> store.files().open(file, StandardOpenOption.READ));
            openSegment = segment;
            window.limit(0);
            windowStart = 0;
        }
        if (position < windowStart || position + length > windowStart + window.limit()) {
            if (length > window.capacity()) {
                window = ByteBuffer.allocate(length);
            }
            window.clear();
            windowStart = position;
            long want = Math.min(window.capacity(), committed - position);
            window.limit((int) want);
            while (window.hasRemaining()) {
                if (channel.read(window, windowStart + window.position()) < 0) {
                    break; // the file is shorter than its commit says; records beyond this are cut short
                }
            }
            window.flip();
        }
        if (position + length > windowStart + window.limit()) {
            throw new RecordCodec.BadRecord("record cut short: " + store.segmentFile(segment).getFileName()
                    + " ends at byte " + (windowStart + window.limit()));
        }
        ByteBuffer slice = window.duplicate();
        slice.position((int) (position - windowStart));
        slice.limit(slice.position() + length);
        return slice.slice();
    }

    @Override
    public void close() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
