package org.maat.core.conduit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Consumer;
import org.maat.atrest.SharedReadChannel;
import org.maat.core.storage.StorageFiles;

/**
 * The document conduit store: millions of documents in a few segment files (no file per document),
 * an offset table for random access by conduit id, and a commit file naming what is committed. Every
 * record carries a checksum, so a corrupt or truncated record is reported with its segment and byte
 * position, never returned as data and never silently dropped.
 *
 * <p>Documents are written once by a {@link ConduitStoreWriter}; afterwards a
 * {@link ConduitStoreEditor} may remove documents (their records are then erased from the segment
 * files) and restore them under their own ids. Ids are never reused: {@link #size()} is the id space
 * {@code d0..d(size-1)}, {@link #liveDocuments()} the documents not removed.
 *
 * <p>Thread-safe for reading, and a reader's interrupt harms no one else: every record is read through a
 * {@link SharedReadChannel}, so a read on an interrupted thread returns its record and keeps the flag, and an
 * interrupt landing during a read never leaves the segment closed for later readers. An open store shows the
 * commit it was opened at, or last {@link #refresh() refreshed} to: a later edit is seen only after
 * {@code refresh()}. Until then a document removed by that edit reads as it was, unless its record has been
 * erased already: then it reads as removed (empty from {@link #get}, skipped by a scan), never as damage.
 * Records of real damage are still reported: an unreadable record is blamed on the disk only when the newest
 * commit still names it.
 */
public final class ConduitStore implements AutoCloseable {

    private final Path dir;
    private final StorageFiles files;
    private final long[] base;
    private volatile StoreView view;
    /**
     * One channel per committed segment, shared by every reading thread; grown (never shrunk) by {@link #refresh()}.
     * A {@link SharedReadChannel}: a reader's interrupt (whatever ran on its thread before) cannot close a segment
     * for every later user.
     */
    private volatile SharedReadChannel[] segments;

    private ConduitStore(Path dir, StorageFiles files, long[] base, StoreView view, SharedReadChannel[] segments) {
        this.dir = dir;
        this.files = files;
        this.base = base;
        this.view = view;
        this.segments = segments;
    }

    /**
     * Opens the committed contents of the store in {@code dir}, decrypting its files when it lies in an
     * encrypted volume ({@link StorageFiles#at}).
     */
    public static ConduitStore open(Path dir) throws IOException {
        StorageFiles files = StorageFiles.at(dir);
        StoreCommit commit = readCommit(dir, files);
        long[] base = OffsetTable.read(dir, files, commit);
        StoreView view = StoreView.of(dir, files, commit, base);
        SharedReadChannel[] channels = openSegments(dir, files, new SharedReadChannel[0], commit.segmentLengths().size());
        return new ConduitStore(dir, files, base, view, channels);
    }

    /**
     * Starts a new store in {@code dir}, which must not hold one already; its files are encrypted when
     * {@code dir} lies in an encrypted volume.
     */
    public static ConduitStoreWriter create(Path dir) throws IOException {
        return new ConduitStoreWriter(dir);
    }

    /**
     * Starts editing the store in {@code dir}: one editor at a time per store (across processes), a
     * second gets {@link StoreLockedException}. What an earlier editor left unfinished by a crash is
     * finished first (its uncommitted appends dropped, its committed removals' erasure completed).
     */
    public static ConduitStoreEditor edit(Path dir) throws IOException {
        return new ConduitStoreEditor(dir, null);
    }

    /** As {@link #edit(Path)}, and this open store is {@link #refresh() refreshed} after each commit of the editor. */
    public ConduitStoreEditor edit() throws IOException {
        return new ConduitStoreEditor(dir, this);
    }

    public Path dir() {
        return dir;
    }

    /**
     * The id space: documents {@code d0..d(size-1)} were stored, and each of them is either live or
     * removed. A scan of {@code [0, size())} returns the live ones.
     */
    public long size() {
        return view.size();
    }

    /** Documents of the id space that are not removed. */
    public long liveDocuments() {
        return view.live();
    }

    /** How many edits this store's commit has seen (0 for a store never edited). */
    public long generation() {
        return view.commit().generation();
    }

    /** Committed bytes of record data, including erased records. */
    public long bytes() {
        return view.commit().segmentLengths().stream().mapToLong(Long::longValue).sum();
    }

    /** Whether {@code id} names a document of this store that is not removed. */
    public boolean contains(String id) {
        long n = Document.ordinal(id);
        StoreView v = view;
        return n >= 0 && n < v.size() && !v.removed(n);
    }

    /**
     * The document with conduit id {@code id}, or empty if the store has none such or it was removed.
     *
     * @throws CorruptRecordException if its record is damaged
     */
    public Optional<Document> get(String id) {
        long n = Document.ordinal(id);
        StoreView v = view;
        if (n < 0 || n >= v.size()) {
            return Optional.empty();
        }
        return Optional.ofNullable(readLive(v, n));
    }

    /**
     * The {@code n}-th document.
     *
     * @throws NoSuchElementException if it was removed
     * @throws CorruptRecordException if its record is damaged or is not the {@code n}-th document's
     */
    public Document read(long n) {
        Document d = readLive(view, n);
        if (d == null) {
            throw new NoSuchElementException(Document.idOf(n) + " was removed from " + dir);
        }
        return d;
    }

    /** Every live document in id order; bad records throw. */
    public DocumentScan scan() {
        return scan(0, size(), ScanMode.STRICT, bad -> { });
    }

    /**
     * The live documents of ids {@code from} (inclusive) to {@code to} (exclusive) in id order, as of
     * the commit this store shows when the scan starts. Removed documents are skipped without a report
     * (they are not damage). In {@link ScanMode#SKIP} a bad record goes to {@code skipped} and the scan
     * resumes at the next record.
     */
    public DocumentScan scan(long from, long to, ScanMode mode, Consumer<CorruptRecordException> skipped) {
        StoreView v = view;
        if (from < 0 || to > v.size() || from > to) {
            throw new IllegalArgumentException("range [" + from + ", " + to + ") outside [0, " + v.size() + ")");
        }
        return new DocumentScan(this, v, from, to, mode, skipped);
    }

    /**
     * Reads the store's commit again and, if an editor committed since, shows the new commit to every
     * later read and scan (scans already running keep theirs). Costs one small file read when nothing
     * changed. Thread-safe; file handles are kept (segments are only appended and overwritten in place,
     * never replaced), new segments opened.
     *
     * @return whether the store changed
     */
    public synchronized boolean refresh() throws IOException {
        StoreCommit commit = readCommit(dir, files);
        StoreView current = view;
        if (commit.equals(current.commit())) {
            return false;
        }
        if (commit.documents() != base.length) {
            throw new IOException("damaged store: " + dir.resolve(StoreCommit.FILE) + " names " + commit.documents()
                    + " documents, but the store was opened with " + base.length + " and ids are never added");
        }
        StoreView next = StoreView.of(dir, files, commit, base);
        segments = openSegments(dir, files, segments, commit.segmentLengths().size());
        view = next;
        return true;
    }

    /** Where the {@code n}-th document's record lies in the current view (packed), or -1 if removed. */
    long offset(long n) {
        return view.offset(n);
    }

    /** The {@code n}-th document of {@code v}, or null if it is removed there (or erased since). */
    private Document readLive(StoreView v, long n) {
        if (v.removed(n)) {
            return null;
        }
        long packed = v.offset(n);
        try {
            return readRecord(v, packed, n);
        } catch (CorruptRecordException e) {
            return recover(v, n, e);
        }
    }

    /**
     * A record of view {@code v} that could not be read: if a later commit removed (and may have
     * erased) the document, it is absent (null), or read where a restoration put it; if the newest
     * commit still names the same record, it is damage and {@code bad} is thrown.
     */
    Document recover(StoreView v, long n, CorruptRecordException bad) {
        StoreView latest;
        try {
            refresh();
            latest = view;
        } catch (IOException e) {
            throw bad;
        }
        if (latest.commit().generation() == v.commit().generation() || latest.offset(n) == v.offset(n)) {
            throw bad;
        }
        if (latest.removed(n)) {
            return null;
        }
        return readRecord(latest, latest.offset(n), n);
    }

    private Document readRecord(StoreView v, long packed, long n) {
        int segment = OffsetTable.segment(packed);
        long position = OffsetTable.position(packed);
        SharedReadChannel channel = segments[segment];
        Path file = segmentFile(dir, segment);
        try {
            ByteBuffer header = ByteBuffer.allocate(RecordCodec.HEADER);
            readFully(channel::read, header, position, file);
            int length = RecordCodec.payloadLength(header);
            if (position + RecordCodec.HEADER + length > v.committedLength(segment)) {
                throw new RecordCodec.BadRecord("record runs past the committed end of the segment ("
                        + v.committedLength(segment) + ")");
            }
            ByteBuffer payload = ByteBuffer.allocate(length);
            readFully(channel::read, payload, position + RecordCodec.HEADER, file);
            return RecordCodec.decode(header, payload.array(), n);
        } catch (RecordCodec.BadRecord e) {
            throw new CorruptRecordException(file, position, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read at byte " + position, e);
        }
    }

    Path segmentFile(int segment) {
        return segmentFile(dir, segment);
    }

    static Path segmentFile(Path dir, int segment) {
        return dir.resolve(String.format("segment-%05d.dat", segment));
    }

    /** How this store's files are opened. */
    StorageFiles files() {
        return files;
    }

    static StoreCommit readCommit(Path dir, StorageFiles files) throws IOException {
        try {
            return StoreCommit.read(dir, files);
        } catch (NoSuchFileException e) {
            throw new IOException(dir + ": not a conduit store (no committed " + StoreCommit.FILE + ")");
        }
    }

    private static SharedReadChannel[] openSegments(Path dir, StorageFiles files, SharedReadChannel[] open, int count)
            throws IOException {
        if (open.length >= count) {
            return open;
        }
        SharedReadChannel[] channels = Arrays.copyOf(open, count);
        try {
            for (int i = open.length; i < count; i++) {
                Path segment = segmentFile(dir, i);
                channels[i] = SharedReadChannel.open(() -> files.open(segment, StandardOpenOption.READ));
            }
        } catch (IOException e) {
            closeAll(Arrays.copyOfRange(channels, open.length, count));
            throw e;
        }
        return channels;
    }

    /** A read by position, as {@link java.nio.channels.FileChannel#read(ByteBuffer, long)}. */
    @FunctionalInterface
    interface PositionalRead {
        int read(ByteBuffer dst, long position) throws IOException;
    }

    /** Reads {@code buf} full from {@code position} (then flips it); a record cut short by the file's end is bad. */
    static void readFully(PositionalRead channel, ByteBuffer buf, long position, Path file)
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
    public synchronized void close() throws IOException {
        closeAll(segments);
    }

    private static void closeAll(SharedReadChannel[] channels) throws IOException {
        IOException first = null;
        for (SharedReadChannel c : channels) {
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
