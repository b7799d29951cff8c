package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
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

    private StoreFormat() {
    }

    /** What a store has committed: its document count and each segment's committed length. */
    public record Committed(long documents, List<Long> segmentLengths) {
        public Committed {
            segmentLengths = List.copyOf(segmentLengths);
        }
    }

    /** Parses the text of a store's commit record, read from {@code file} (named in errors). */
    public static Committed parseCommit(String text, String file) throws IOException {
        StoreCommit commit = StoreCommit.parse(text, file);
        return new Committed(commit.documents(), commit.segmentLengths());
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
