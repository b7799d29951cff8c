package org.maat.core.conduit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConduitStoreTest {

    @TempDir
    Path dir;

    private List<Document> write(Path store, int n, long segmentBytes) throws IOException {
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, segmentBytes)) {
            for (int i = 0; i < n; i++) {
                docs.add(w.append("title " + i, "2026-11-" + (i % 28 + 1), "body ünïcode " + "x".repeat(i % 50) + i));
            }
            w.commit();
        }
        return docs;
    }

    private static List<Document> all(DocumentScan scan) {
        List<Document> out = new ArrayList<>();
        scan.forEachRemaining(out::add);
        scan.close();
        return out;
    }

    @Test
    void documentsComeBackByIdAndInScanOrder() throws IOException {
        List<Document> docs = write(dir.resolve("s"), 500, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStore store = ConduitStore.open(dir.resolve("s"))) {
            assertThat(store.size()).isEqualTo(500);
            assertThat(store.get("d137")).contains(docs.get(137));
            assertThat(store.get("d500")).isEmpty();
            assertThat(store.get("x1")).isEmpty();
            assertThat(store.get("d01")).as("not a canonical id").isEmpty();
            assertThat(all(store.scan())).isEqualTo(docs);
            assertThat(all(store.scan(10, 20, ScanMode.STRICT, e -> { }))).isEqualTo(docs.subList(10, 20));
        }
    }

    @Test
    void aScanReadsRecordsThatStraddleItsReadWindow() throws IOException {
        // 3 MB of records: some header ends just before a 1 MB window boundary and its payload after it.
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = new ConduitStoreWriter(dir.resolve("big"), ConduitStoreWriter.SEGMENT_BYTES)) {
            for (int i = 0; i < 3_000; i++) {
                docs.add(w.append("title " + i, "2026", "y".repeat(1_000 + i % 37)));
            }
            w.commit();
        }
        try (ConduitStore store = ConduitStore.open(dir.resolve("big"))) {
            assertThat(all(store.scan())).isEqualTo(docs);
        }
    }

    @Test
    void segmentsRollOverWithoutLosingDocuments() throws IOException {
        List<Document> docs = write(dir.resolve("s"), 300, 4_000);
        assertThat(Files.exists(dir.resolve("s").resolve("segment-00003.dat"))).isTrue();
        try (ConduitStore store = ConduitStore.open(dir.resolve("s"))) {
            assertThat(all(store.scan())).isEqualTo(docs);
            assertThat(store.get("d299")).contains(docs.get(299));
        }
    }

    @Test
    void nothingIsVisibleBeforeCommitAndUncommittedTailIsIgnored() throws IOException {
        Path s = dir.resolve("s");
        try (ConduitStoreWriter w = ConduitStore.create(s)) {
            w.append("a", "", "first");
            assertThatThrownBy(() -> ConduitStore.open(s)).hasMessageContaining("not a conduit store");
            w.commit();
            w.append("b", "", "appended after the commit");
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(store.size()).isEqualTo(1);
            assertThat(all(store.scan())).extracting(Document::body).containsExactly("first");
        }
    }

    @Test
    void corruptRecordIsReportedWithItsPositionAndSkippedOnlyWhenAsked() throws IOException {
        Path s = dir.resolve("s");
        write(s, 10, ConduitStoreWriter.SEGMENT_BYTES);
        long position;
        try (ConduitStore store = ConduitStore.open(s)) {
            position = OffsetTable.position(store.offset(4));
        }
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("segment-00000.dat").toFile(), "rw")) {
            f.seek(position + RecordCodec.HEADER + 10);
            int b = f.read();
            f.seek(position + RecordCodec.HEADER + 10);
            f.write(b ^ 0x40);
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThatThrownBy(() -> all(store.scan()))
                    .isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("segment-00000.dat at byte " + position)
                    .hasMessageContaining("checksum mismatch");
            assertThatThrownBy(() -> store.get("d4")).isInstanceOf(CorruptRecordException.class);
            List<CorruptRecordException> reported = new ArrayList<>();
            DocumentScan scan = store.scan(0, store.size(), ScanMode.SKIP, reported::add);
            assertThat(all(scan)).extracting(Document::id)
                    .containsExactly("d0", "d1", "d2", "d3", "d5", "d6", "d7", "d8", "d9");
            assertThat(reported).singleElement().extracting(CorruptRecordException::position).isEqualTo(position);
            assertThat(scan.skipped()).isEqualTo(1);
        }
    }

    @Test
    void truncatedSegmentReportsEveryRecordCutOff() throws IOException {
        Path s = dir.resolve("s");
        write(s, 10, ConduitStoreWriter.SEGMENT_BYTES);
        long position;
        try (ConduitStore store = ConduitStore.open(s)) {
            position = OffsetTable.position(store.offset(8));
        }
        try (FileChannel c = FileChannel.open(s.resolve("segment-00000.dat"), StandardOpenOption.WRITE)) {
            c.truncate(position + 5);
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            List<CorruptRecordException> reported = new ArrayList<>();
            assertThat(all(store.scan(0, 10, ScanMode.SKIP, reported::add))).hasSize(8);
            assertThat(reported).hasSize(2).first().satisfies(e -> {
                assertThat(e.position()).isEqualTo(position);
                assertThat(e.getMessage()).contains("cut short");
            });
        }
    }

    /** Six records of equal length, so two can trade places in the segment and keep every offset valid. */
    private Path equalLengthStore() throws IOException {
        Path s = dir.resolve("equal");
        try (ConduitStoreWriter w = new ConduitStoreWriter(s, ConduitStoreWriter.SEGMENT_BYTES)) {
            for (int i = 0; i < 6; i++) {
                w.append(i % 2 == 0 ? "public notes " + i : "friends only " + i, "2026-11-25", "secret body " + i);
            }
            w.commit();
        }
        return s;
    }

    private static void swap(Path file, long a, long b, int length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] x = new byte[length];
            byte[] y = new byte[length];
            f.seek(a);
            f.readFully(x);
            f.seek(b);
            f.readFully(y);
            f.seek(a);
            f.write(y);
            f.seek(b);
            f.write(x);
        }
    }

    @Test
    void aRecordThatIsNotTheDocumentAskedForIsRefusedByEveryReader() throws IOException {
        Path s = equalLengthStore();
        long at1;
        long at4;
        int length;
        try (ConduitStore store = ConduitStore.open(s)) {
            at1 = OffsetTable.position(store.offset(1));
            at4 = OffsetTable.position(store.offset(4));
            length = (int) (OffsetTable.position(store.offset(2)) - at1);
        }
        Path segment = s.resolve("segment-00000.dat");
        swap(segment, at1, at4, length); // checksums stay valid: only the record ids betray the swap
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThatThrownBy(() -> store.get("d1"))
                    .isInstanceOf(CorruptRecordException.class)
                    .hasMessage("damaged store: " + segment + " at byte " + at1 + ": holds record d4, expected d1");
            assertThatThrownBy(() -> store.read(4)).hasMessageContaining("at byte " + at4 + ": holds record d1, expected d4");
            assertThat(store.get("d2")).get().extracting(Document::title).isEqualTo("public notes 2");
            assertThatThrownBy(() -> all(store.scan())).hasMessageContaining("holds record d4, expected d1");
            List<CorruptRecordException> reported = new ArrayList<>();
            assertThat(all(store.scan(0, 6, ScanMode.SKIP, reported::add))).extracting(Document::id)
                    .containsExactly("d0", "d2", "d3", "d5");
            assertThat(reported).extracting(CorruptRecordException::position).containsExactly(at1, at4);
        }
        byte[] record = Files.readAllBytes(segment);
        byte[] header = java.util.Arrays.copyOfRange(record, (int) at1, (int) at1 + RecordCodec.HEADER);
        byte[] payload = java.util.Arrays.copyOfRange(record, (int) at1 + RecordCodec.HEADER, (int) at1 + length);
        assertThatThrownBy(() -> StoreFormat.decode(header, payload, 1, segment, at1))
                .hasMessageContaining("holds record d4, expected d1");
    }

    @Test
    void anOffsetTableWithSwappedEntriesIsRefusedWhenTheStoreOpens() throws IOException {
        Path s = equalLengthStore();
        Path offsets = s.resolve(OffsetTable.FILE);
        swap(offsets, 2 * Long.BYTES, 5 * Long.BYTES, Long.BYTES);
        assertThatThrownBy(() -> ConduitStore.open(s))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("damaged store: " + offsets + " at byte 24: entry 3 (d3)")
                .hasMessageContaining("not after entry 2");
        long[] table = new long[6];
        java.nio.ByteBuffer.wrap(Files.readAllBytes(offsets)).asLongBuffer().get(table);
        StoreFormat.Committed commit = StoreFormat.parseCommit(Files.readString(s.resolve(StoreFormat.COMMIT_FILE)), "c");
        assertThatThrownBy(() -> StoreFormat.checkOffsets(table, commit, "offsets.bin"))
                .hasMessageStartingWith("damaged store: offsets.bin at byte 24: entry 3 (d3)");
    }

    @Test
    void anOffsetPastTheCommittedSegmentIsRefusedWhenTheStoreOpens() throws IOException {
        Path s = equalLengthStore();
        try (FileChannel c = FileChannel.open(s.resolve(OffsetTable.FILE), StandardOpenOption.WRITE)) {
            c.write(java.nio.ByteBuffer.allocate(Long.BYTES).putLong(0, OffsetTable.pack(0, 1 << 20)), 5 * Long.BYTES);
        }
        assertThatThrownBy(() -> ConduitStore.open(s)).hasMessageContaining("entry 5 (d5) points to segment 0 byte "
                + (1 << 20) + ", outside the committed segments");
    }

    @Test
    void anExistingStoreIsNeverOverwritten() throws IOException {
        write(dir.resolve("s"), 3, ConduitStoreWriter.SEGMENT_BYTES);
        assertThatThrownBy(() -> ConduitStore.create(dir.resolve("s"))).hasMessageContaining("already holds");
        try (ConduitStore store = ConduitStore.open(dir.resolve("s"))) {
            assertThat(store.size()).isEqualTo(3);
        }
    }
}
