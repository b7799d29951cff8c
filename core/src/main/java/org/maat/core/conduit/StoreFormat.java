package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The on-disk format of a conduit store, for readers that reach its files through another file
 * system API than {@code java.nio} (a Hadoop {@code FileSystem} on HDFS): the commit record, the
 * offset table and the record framing. It reads exactly what {@link ConduitStore} reads, with the
 * same checks: a record that fails its checksum, is cut short or holds another document than its
 * position says is a {@link CorruptRecordException} naming the file and byte position.
 */
public final class StoreFormat {

    /** The commit record's file name in a store directory. */
    public static final String COMMIT_FILE = StoreCommit.FILE;
    /** The offset table's file name: one big-endian long per committed document. */
    public static final String OFFSETS_FILE = OffsetTable.FILE;
    /** Bytes of a record header: magic, payload length, CRC32C. */
    public static final int RECORD_HEADER = RecordCodec.HEADER;
    /** The edit log's file name: removals and restorations, read up to {@link Committed#editBytes()}. */
    public static final String EDITS_FILE = EditLog.FILE;

    private StoreFormat() {
    }

    /**
     * What a store has committed: its id space, each segment's committed length, and how many bytes
     * of its edit log count (0 for a store never edited); {@code generation} counts its edits.
     */
    public record Committed(long documents, List<Long> segmentLengths, long editBytes, long generation) {
        public Committed {
            segmentLengths = List.copyOf(segmentLengths);
        }

        public Committed(long documents, List<Long> segmentLengths) {
            this(documents, segmentLengths, 0, 0);
        }

        private StoreCommit asStoreCommit() {
            return new StoreCommit(documents, segmentLengths, editBytes, generation);
        }
    }

    /**
     * A run of live documents {@code first .. first+count-1} whose records lie back to back in segment
     * {@code segment} from byte {@code start} to byte {@code end} (exclusive).
     */
    public record Run(int segment, long first, long count, long start, long end) {
    }

    /**
     * The live documents of a store as runs in segment order, for a reader that reads segments
     * sequentially (the MapReduce input): removed documents are left out (their records are erased,
     * zeros, not records), restored ones are where their restoration appended them. A store never
     * edited is one run per segment, cut every {@code maxRun} documents. {@code offsets} is the checked
     * offset table, {@code editLog} the first {@link Committed#editBytes()} bytes of {@link #EDITS_FILE}.
     *
     * @throws IOException starting {@code damaged store:} if the edits do not fit the store
     */
    public static List<Run> liveRuns(long[] offsets, byte[] editLog, Committed commit, Path dir, long maxRun)
            throws IOException {
        if (editLog.length != commit.editBytes()) {
            throw new IOException("damaged store: " + dir.resolve(EDITS_FILE) + " holds " + editLog.length
                    + " bytes where the commit names " + commit.editBytes());
        }
        List<EditLog.Edit> edits = EditLog.decode(editLog, dir.resolve(EDITS_FILE));
        StoreView view = StoreView.of(dir, commit.asStoreCommit(), offsets, edits);
        // Every record ever written, in file order: the writer's, then the restorations' (appended in log order).
        long[] records = new long[offsets.length + edits.size()];
        long[] owners = new long[records.length];
        int n = 0;
        for (int i = 0; i < offsets.length; i++) {
            records[n] = offsets[i];
            owners[n++] = i;
        }
        for (EditLog.Edit e : edits) {
            if (e.kind() == EditLog.Kind.RESTORE) {
                if (n > 0 && e.packed() <= records[n - 1]) {
                    throw new IOException("damaged store: " + dir.resolve(EDITS_FILE) + ": a restoration of "
                            + Document.idOf(e.ordinal()) + " lies before an earlier record");
                }
                records[n] = e.packed();
                owners[n++] = e.ordinal();
            }
        }
        List<Run> runs = new ArrayList<>();
        Run open = null;
        for (int k = 0; k < n; k++) {
            boolean live = view.offset(owners[k]) == records[k];
            int segment = OffsetTable.segment(records[k]);
            long position = OffsetTable.position(records[k]);
            if (open != null && (!live || segment != open.segment() || owners[k] != open.first() + open.count()
                    || open.count() >= maxRun)) {
                runs.add(new Run(open.segment(), open.first(), open.count(), open.start(),
                        segment == open.segment() ? position : commit.segmentLengths().get(open.segment())));
                open = null;
            }
            if (live) {
                open = open == null ? new Run(segment, owners[k], 1, position, -1)
                        : new Run(segment, open.first(), open.count() + 1, open.start(), -1);
            }
        }
        if (open != null) {
            runs.add(new Run(open.segment(), open.first(), open.count(), open.start(),
                    commit.segmentLengths().get(open.segment())));
        }
        return runs;
    }

    /** A {@link #liveOffsets} entry of a removed document. */
    public static final long REMOVED = StoreView.REMOVED;

    /**
     * The packed offset of each document's live record ({@link #segment}, {@link #position}), or {@link #REMOVED}:
     * the offset table with the committed edits applied, as {@link ConduitStore} reads it (random access by
     * ordinal, the MapReduce reducers). Arguments as for {@link #liveRuns}.
     *
     * @throws IOException starting {@code damaged store:} if the edits do not fit the store
     */
    public static long[] liveOffsets(long[] offsets, byte[] editLog, Committed commit, Path dir) throws IOException {
        if (editLog.length != commit.editBytes()) {
            throw new IOException("damaged store: " + dir.resolve(EDITS_FILE) + " holds " + editLog.length
                    + " bytes where the commit names " + commit.editBytes());
        }
        return StoreView.of(dir, commit.asStoreCommit(), offsets, EditLog.decode(editLog, dir.resolve(EDITS_FILE)))
                .offsetsCopy();
    }

    /** Parses the text of a store's commit record, read from {@code file} (named in errors). */
    public static Committed parseCommit(String text, String file) throws IOException {
        StoreCommit commit = StoreCommit.parse(text, file);
        return new Committed(commit.documents(), commit.segmentLengths(), commit.editBytes(), commit.generation());
    }

    /**
     * Checks an offset table read from {@code file} against its commit, as {@link ConduitStore#open}
     * does: entries in strictly increasing order, each inside its segment's committed length.
     *
     * @throws IOException starting {@code damaged store:} with the first bad entry's byte position
     */
    public static void checkOffsets(long[] offsets, Committed commit, String file) throws IOException {
        OffsetTable.check(offsets, commit.segmentLengths(), file);
    }

    /** The file name of segment {@code segment}. */
    public static String segmentFileName(int segment) {
        return ConduitStore.segmentFile(Path.of(""), segment).getFileName().toString();
    }

    /** The segment of a packed offset-table entry. */
    public static int segment(long packedOffset) {
        return OffsetTable.segment(packedOffset);
    }

    /** The byte position in its segment of a packed offset-table entry. */
    public static long position(long packedOffset) {
        return OffsetTable.position(packedOffset);
    }

    /**
     * The payload length a record header announces.
     *
     * @throws CorruptRecordException if no record starts at {@code position} of {@code segment}
     */
    public static int payloadLength(byte[] header, Path segment, long position) {
        try {
            return RecordCodec.payloadLength(ByteBuffer.wrap(header));
        } catch (RecordCodec.BadRecord e) {
            throw new CorruptRecordException(segment, position, e.getMessage());
        }
    }

    /**
     * The document of the record at {@code position} of {@code segment}, which must be the store's
     * {@code ordinal}-th document.
     *
     * @throws CorruptRecordException if the checksum fails or the record holds another document
     */
    public static Document decode(byte[] header, byte[] payload, long ordinal, Path segment, long position) {
        try {
            return RecordCodec.decode(ByteBuffer.wrap(header), payload, ordinal);
        } catch (RecordCodec.BadRecord e) {
            throw new CorruptRecordException(segment, position, e.getMessage());
        }
    }
}
