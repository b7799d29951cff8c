package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.core.storage.StorageFiles;

/**
 * Appends documents to a new conduit store. Each appended document gets the next conduit id
 * ({@link Document#idOf}); nothing is visible to readers until {@link #commit()}, which makes
 * everything appended so far durable and published at once. Closing without a commit keeps the
 * last commit (or leaves no store). Not thread-safe.
 */
public final class ConduitStoreWriter implements AutoCloseable {

    /** Segments roll over at this size so no file grows without bound. */
    static final long SEGMENT_BYTES = 1L << 30;

    private final Path dir;
    private final StorageFiles files;
    private final long segmentBytes;
    private final StoreLock lock;
    private final List<Long> lengths = new ArrayList<>();
    private final FileChannel offsets;
    private final ByteBuffer offsetBuffer = ByteBuffer.allocate(8 << 10);
    private final ByteBuffer recordBuffer = ByteBuffer.allocate(1 << 20);
    private FileChannel segment;
    private long segmentLength;
    private long documents;
    private long bytes;
    /** What the records being buffered require of their cipher at rest (null: nothing). */
    private AtRestCipher requirement;

    ConduitStoreWriter(Path dir) throws IOException {
        this(dir, SEGMENT_BYTES);
    }

    ConduitStoreWriter(Path dir, long segmentBytes) throws IOException {
        this.dir = dir;
        this.segmentBytes = segmentBytes;
        Files.createDirectories(dir);
        this.files = StorageFiles.at(dir);
        if (ConduitStore.exists(dir)) {
            throw new IOException(dir + ": already holds a conduit store; choose an empty directory");
        }
        this.lock = StoreLock.take(dir); // no editor may open the store while it is being written
        try {
            this.offsets = files.open(dir.resolve(OffsetTable.FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            openSegment();
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** Appends a document and returns it with its conduit id. */
    public Document append(String title, String date, String body) throws IOException {
        return append(title, date, body, null);
    }

    /**
     * Appends a document whose record must be sealed at rest with at least {@code atLeast} (null: whatever the
     * volume writes with; nothing at all in a plaintext store) and returns it with its conduit id. Under the
     * Selective model each record so lands in the region of a cipher its policy accepts.
     */
    public Document append(String title, String date, String body, AtRestCipher atLeast) throws IOException {
        if (!Objects.equals(atLeast, requirement)) {
            flushRecords(); // the buffered records go out under the requirement they were appended with
            requirement = atLeast;
            StorageFiles.requireAtLeast(segment, requirement);
        }
        Document d = new Document(Document.idOf(documents), title, date, body);
        byte[] record = RecordCodec.encode(d);
        if (segmentLength > 0 && segmentLength + record.length > segmentBytes) {
            flushRecords();
            lengths.set(lengths.size() - 1, segmentLength);
            segment.force(false);
            segment.close();
            openSegment();
        }
        putOffset(OffsetTable.pack(lengths.size() - 1, segmentLength));
        if (record.length > recordBuffer.remaining()) {
            flushRecords();
        }
        if (record.length > recordBuffer.capacity()) {
            writeFully(segment, ByteBuffer.wrap(record));
        } else {
            recordBuffer.put(record);
        }
        segmentLength += record.length;
        bytes += record.length;
        documents++;
        return d;
    }

    /** Documents appended so far, committed or not. */
    public long documents() {
        return documents;
    }

    /** Record bytes appended so far. */
    public long bytes() {
        return bytes;
    }

    /** Makes every appended document durable and visible to {@link ConduitStore#open}. */
    public void commit() throws IOException {
        flushRecords();
        flushOffsets();
        segment.force(false);
        offsets.force(false);
        lengths.set(lengths.size() - 1, segmentLength);
        new StoreCommit(documents, lengths).write(dir, files);
    }

    @Override
    public void close() throws IOException {
        try {
            flushRecords();
            flushOffsets();
        } finally {
            try (StoreLock l = lock; FileChannel o = offsets; FileChannel s = segment) {
                // closed in reverse order: the lock last
            }
        }
    }

    private void openSegment() throws IOException {
        lengths.add(0L);
        segment = files.open(ConduitStore.segmentFile(dir, lengths.size() - 1), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        StorageFiles.requireAtLeast(segment, requirement);
        segmentLength = 0;
    }

    private void putOffset(long packed) throws IOException {
        if (offsetBuffer.remaining() < Long.BYTES) {
            flushOffsets();
        }
        offsetBuffer.putLong(packed);
    }

    private void flushOffsets() throws IOException {
        offsetBuffer.flip();
        writeFully(offsets, offsetBuffer);
        offsetBuffer.clear();
    }

    private void flushRecords() throws IOException {
        recordBuffer.flip();
        writeFully(segment, recordBuffer);
        recordBuffer.clear();
    }

    private static void writeFully(FileChannel channel, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
    }
}
