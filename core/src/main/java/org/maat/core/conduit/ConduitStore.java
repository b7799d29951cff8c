package org.maat.core.conduit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The document conduit store: millions of documents in a few append-only segment files (no file per
 * document), an offset table for random access by conduit id, and a commit file naming what is
 * committed. Every record carries a checksum, so a corrupt or truncated record is reported with its
 * segment and byte position, never returned as data and never silently dropped.
 *
 * <p>Thread-safe for reading. A store is written once by a {@link ConduitStoreWriter}; what a reader
 * sees is exactly what the last {@link ConduitStoreWriter#commit()} published.
 */
public final class ConduitStore implements AutoCloseable {

    private final Path dir;
    private final StoreCommit commit;
    private final FileChannel[] segments;
    private final long[] offsets;

    private ConduitStore(Path dir, StoreCommit commit, FileChannel[] segments, long[] offsets) {
        this.dir = dir;
        this.commit = commit;
        this.segments = segments;
        this.offsets = offsets;
    }

    /** Opens the committed contents of the store in {@code dir}. */
    public static ConduitStore open(Path dir) throws IOException {
        StoreCommit commit;
        try {
            commit = StoreCommit.read(dir);
        } catch (NoSuchFileException e) {
            throw new IOException(dir + ": not a conduit store (no committed " + StoreCommit.FILE + ")");
        }
        long[] offsets = OffsetTable.read(dir, commit);
        FileChannel[] channels = new FileChannel[commit.segmentLengths().size()];
        try {
            for (int i = 0; i < channels.length; i++) {
                channels[i] = FileChannel.open(segmentFile(dir, i), StandardOpenOption.READ);
            }
        } catch (IOException e) {
            closeAll(channels);
            throw e;
        }
        return new ConduitStore(dir, commit, channels, offsets);
    }

    /** Starts a new store in {@code dir}, which must not hold one already. */
    public static ConduitStoreWriter create(Path dir) throws IOException {
        return new ConduitStoreWriter(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Committed documents. */
    public long size() {
        return offsets.length;
    }

    /** Committed bytes of record data. */
    public long bytes() {
        return commit.segmentLengths().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The document with conduit id {@code id}, or empty if the store has none such.
     *
     * @throws CorruptRecordException if its record is damaged
     */
    public Optional<Document> get(String id) {
        long n = Document.ordinal(id);
        if (n < 0 || n >= offsets.length) {
            return Optional.empty();
        }
        return Optional.of(read(n));
    }

    /**
     * The {@code n}-th document.
     *
     * @throws CorruptRecordException if its record is damaged or is not the {@code n}-th document's
     */
    public Document read(long n) {
        long packed = offsets[Math.toIntExact(n)];
        int segment = OffsetTable.segment(packed);
        long position = OffsetTable.position(packed);
        FileChannel channel = segments[segment];
        Path file = segmentFile(dir, segment);
        try {
            ByteBuffer header = ByteBuffer.allocate(RecordCodec.HEADER);
            readFully(channel, header, position, file);
            int length = RecordCodec.payloadLength(header);
            ByteBuffer payload = ByteBuffer.allocate(length);
            readFully(channel, payload, position + RecordCodec.HEADER, file);
            return RecordCodec.decode(header, payload.array(), n);
        } catch (RecordCodec.BadRecord e) {
            throw new CorruptRecordException(file, position, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read at byte " + position, e);
        }
    }

    /** Every document in id order; bad records throw. */
    public DocumentScan scan() {
        return scan(0, size(), ScanMode.STRICT, bad -> { });
    }

    /**
     * Documents {@code from} (inclusive) to {@code to} (exclusive) in id order. In {@link ScanMode#SKIP}
     * a bad record goes to {@code skipped} and the scan resumes at the next record.
     */
    public DocumentScan scan(long from, long to, ScanMode mode, Consumer<CorruptRecordException> skipped) {
        if (from < 0 || to > size() || from > to) {
            throw new IllegalArgumentException("range [" + from + ", " + to + ") outside [0, " + size() + ")");
        }
        return new DocumentScan(this, from, to, mode, skipped);
    }

    long committedLength(int segment) {
        return commit.segmentLengths().get(segment);
    }

    long offset(long n) {
        return offsets[Math.toIntExact(n)];
    }

    Path segmentFile(int segment) {
        return segmentFile(dir, segment);
    }

    static Path segmentFile(Path dir, int segment) {
        return dir.resolve(String.format("segment-%05d.dat", segment));
    }

    private static void readFully(FileChannel channel, ByteBuffer buf, long position, Path file)
            throws IOException, RecordCodec.BadRecord {
        long at = position;
        while (buf.hasRemaining()) {
            int n = channel.read(buf, at);
            if (n < 0) {
                throw new RecordCodec.BadRecord("record cut short: " + file.getFileName() + " ends at byte " + at);
            }
            at += n;
        }
        buf.flip();
    }

    @Override
    public void close() throws IOException {
        closeAll(segments);
    }

    private static void closeAll(FileChannel[] channels) throws IOException {
        IOException first = null;
        for (FileChannel c : channels) {
            if (c != null) {
                try {
                    c.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    static List<Path> segmentFiles(Path dir, int count) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            files.add(segmentFile(dir, i));
        }
        return files;
    }

    static boolean exists(Path dir) {
        return Files.exists(dir.resolve(StoreCommit.FILE));
    }
}
