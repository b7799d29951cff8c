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

    @Test
    void anExistingStoreIsNeverOverwritten() throws IOException {
        write(dir.resolve("s"), 3, ConduitStoreWriter.SEGMENT_BYTES);
        assertThatThrownBy(() -> ConduitStore.create(dir.resolve("s"))).hasMessageContaining("already holds");
        try (ConduitStore store = ConduitStore.open(dir.resolve("s"))) {
            assertThat(store.size()).isEqualTo(3);
        }
    }
}
