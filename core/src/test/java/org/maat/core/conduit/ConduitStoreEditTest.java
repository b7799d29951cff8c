package org.maat.core.conduit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConduitStoreEditTest {

    @TempDir
    Path dir;

    /** Documents whose title and body hold text found nowhere else, so a byte scan can look for them. */
    static List<Document> write(Path store, int n, long segmentBytes) throws IOException {
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, segmentBytes)) {
            for (int i = 0; i < n; i++) {
                docs.add(w.append(title(i), "2026-11-" + (i % 28 + 1), body(i)));
            }
            w.commit();
        }
        return docs;
    }

    static String title(int i) {
        return "Title-Zq" + i + "x";
    }

    static String body(int i) {
        return "Body-Kw" + i + "y ünïcode " + "z".repeat(i % 40);
    }

    static List<Document> all(DocumentScan scan) {
        List<Document> out = new ArrayList<>();
        scan.forEachRemaining(out::add);
        scan.close();
        return out;
    }

    /** Every file under {@code root}, read as bytes and searched for {@code text} (UTF-8). */
    static List<Path> filesHolding(Path root, String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        List<Path> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                if (indexOf(Files.readAllBytes(f), needle) >= 0) {
                    found.add(f);
                }
            }
        }
        return found;
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void aRemovedDocumentDisappearsAndItsRestorationReadsBackEqual() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 200, ConduitStoreWriter.SEGMENT_BYTES);
        List<Document> removed = new ArrayList<>();
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            removed.add(e.remove("d3"));
            removed.add(e.remove("d0"));
            removed.add(e.remove("d199"));
            assertThat(e.pending()).isEqualTo(3);
            e.commit();
        }
        assertThat(removed).containsExactly(docs.get(3), docs.get(0), docs.get(199));
        List<Document> expected = new ArrayList<>(docs);
        expected.removeAll(removed);
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(store.size()).as("the id space").isEqualTo(200);
            assertThat(store.liveDocuments()).isEqualTo(197);
            assertThat(store.get("d3")).isEmpty();
            assertThat(store.contains("d3")).isFalse();
            assertThat(store.contains("d4")).isTrue();
            assertThat(store.get("d4")).contains(docs.get(4));
            assertThatThrownBy(() -> store.read(199)).hasMessageContaining("d199 was removed");
            DocumentScan scan = store.scan(0, 200, ScanMode.SKIP, bad -> { });
            assertThat(all(scan)).isEqualTo(expected);
            assertThat(scan.skipped()).as("a removed document is not a bad record").isZero();
            assertThat(store.generation()).isEqualTo(1);
        }
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            for (Document d : removed) {
                e.restore(d, null);
            }
            e.commit();
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(store.liveDocuments()).isEqualTo(200);
            assertThat(all(store.scan())).isEqualTo(docs);
            assertThat(store.get("d199")).contains(docs.get(199));
            assertThat(store.generation()).isEqualTo(2);
        }
    }

    @Test
    void afterCommitNoByteOfARemovedDocumentIsLeftInAnyFileOfTheStore() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 300, 4_000); // several segments
        assertThat(filesHolding(s, title(42))).as("sanity: the scan finds stored text").isNotEmpty();
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            e.remove("d42");
            e.remove("d150");
            e.commit();
            // restored then removed again in another commit: both the first and the appended copy are erased
            e.restore(docs.get(150), null);
            e.commit();
            e.remove("d150");
            e.commit();
        }
        for (int i : new int[] {42, 150}) {
            assertThat(filesHolding(s, title(i))).as("title of d" + i).isEmpty();
            assertThat(filesHolding(s, body(i).substring(0, 10))).as("body of d" + i).isEmpty();
        }
        assertThat(filesHolding(s, title(43))).as("a neighbour is untouched").isNotEmpty();
        try (ConduitStore store = ConduitStore.open(s)) {
            List<Document> expected = new ArrayList<>(docs);
            expected.remove(150);
            expected.remove(42);
            assertThat(all(store.scan())).isEqualTo(expected);
        }
    }

    @Test
    void oneEditorAtATimeAndNoneWhileTheStoreIsBeingWritten() throws IOException {
        Path s = dir.resolve("s");
        write(s, 10, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStoreEditor first = ConduitStore.edit(s)) {
            assertThatThrownBy(() -> ConduitStore.edit(s)).isInstanceOf(StoreLockedException.class)
                    .hasMessageContaining("edit.lock");
            first.remove("d1");
            first.commit();
        }
        try (ConduitStoreEditor again = ConduitStore.edit(s)) {
            assertThat(again.contains("d1")).isFalse();
        }
        assertThatThrownBy(() -> ConduitStore.edit(dir.resolve("none"))).hasMessageContaining("not a conduit store");
    }

    @Test
    void editsThatMakeNoSenseAreRefusedAndChangeNothing() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 10, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            assertThatThrownBy(() -> e.remove("d10")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> e.remove("x")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> e.restore(docs.get(2), null)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not removed");
            e.remove("d2");
            assertThatThrownBy(() -> e.remove("d2")).isInstanceOf(IllegalStateException.class);
            assertThat(e.pending()).isEqualTo(1);
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(all(store.scan())).as("closed without a commit: nothing changed").isEqualTo(docs);
            assertThat(store.generation()).isZero();
        }
    }

    @Test
    void aStoreNeverEditedKeepsFormatOneAndAnEditedOneIsRefusedByName() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 5, ConduitStoreWriter.SEGMENT_BYTES);
        String before = Files.readString(s.resolve(StoreFormat.COMMIT_FILE));
        assertThat(before).startsWith("format=maat-conduit-store-1\n");
        try (ConduitStore store = ConduitStore.open(s); ConduitStoreEditor e = ConduitStore.edit(s)) {
            assertThat(all(store.scan())).isEqualTo(docs);
        }
        assertThat(Files.readString(s.resolve(StoreFormat.COMMIT_FILE))).as("opening an editor commits nothing")
                .isEqualTo(before);
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            e.remove("d0");
            e.commit();
        }
        assertThat(Files.readString(s.resolve(StoreFormat.COMMIT_FILE))).startsWith("format=maat-conduit-store-2\n");
    }

    @Test
    void uncommittedAppendsOfAnAbandonedEditorAreCutOffByTheNext() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 20, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            e.remove("d5");
            e.commit();
        }
        long committed = Files.size(s.resolve("segment-00000.dat"));
        // what a crashed editor leaves: a restored record appended, never committed
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("segment-00000.dat").toFile(), "rw")) {
            f.seek(committed);
            f.write(RecordCodec.encode(docs.get(5)));
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(store.get("d5")).isEmpty();
        }
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            assertThat(Files.size(s.resolve("segment-00000.dat"))).isEqualTo(committed);
            assertThat(filesHolding(s, title(5))).isEmpty();
            e.restore(docs.get(5), null);
            e.commit();
        }
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(all(store.scan())).isEqualTo(docs);
        }
    }

    @Test
    void aReaderOpenedBeforeAnEditReadsAnErasedDocumentAsRemovedNeverAsDamage() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 50, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStore old = ConduitStore.open(s)) {
            // begun before the edit, reading after it (a scan that had read the bytes before would return them)
            DocumentScan running = old.scan(0, 50, ScanMode.STRICT, bad -> { });
            try (ConduitStoreEditor e = ConduitStore.edit(s)) {
                e.remove("d1");
                e.remove("d30");
                e.commit();
                e.restore(docs.get(30), null); // lies elsewhere now: read there
                e.commit();
            }
            List<Document> rest = all(running);
            List<Document> expected = new ArrayList<>(docs);
            expected.remove(1);
            assertThat(rest).as("a running scan skips the erased d1 and finds d30 where it lies now")
                    .isEqualTo(expected);
            assertThat(old.get("d1")).isEmpty();
            assertThat(old.get("d30")).contains(docs.get(30));
            assertThat(old.generation()).as("reading an erased record refreshed the store").isEqualTo(2);
        }
    }

    @Test
    void realDamageIsStillReportedInAnEditedStore() throws IOException {
        Path s = dir.resolve("s");
        write(s, 20, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStore store = ConduitStore.open(s); ConduitStoreEditor e = store.edit()) {
            e.remove("d3");
            e.commit();
            long at = OffsetTable.position(store.offset(7));
            try (RandomAccessFile f = new RandomAccessFile(s.resolve("segment-00000.dat").toFile(), "rw")) {
                f.seek(at + RecordCodec.HEADER + 6);
                f.write('#');
            }
            assertThatThrownBy(() -> store.get("d7")).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("checksum");
            List<CorruptRecordException> bad = new ArrayList<>();
            assertThat(all(store.scan(0, 20, ScanMode.SKIP, bad::add))).hasSize(18);
            assertThat(bad).hasSize(1);
        }
    }

    @Test
    void anOpenStoreSeesEditsAfterRefreshAndConcurrentReadersNeverSeeDamage() throws Exception {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 400, 20_000);
        try (ConduitStore store = ConduitStore.open(s)) {
            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                int seed = t;
                Thread r = new Thread(() -> {
                    int i = seed;
                    try {
                        while (!stop.get()) {
                            i = (i * 31 + 7) % 400;
                            store.get(Document.idOf(i)).ifPresent(d -> {
                                if (!d.equals(docs.get(Integer.parseInt(d.id().substring(1))))) {
                                    failures.add(new AssertionError("read " + d));
                                }
                            });
                            if (i % 50 == 0) {
                                for (Document d : all(store.scan())) {
                                    if (!d.equals(docs.get(Integer.parseInt(d.id().substring(1))))) {
                                        failures.add(new AssertionError("scanned " + d));
                                    }
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                r.start();
                readers.add(r);
            }
            try (ConduitStoreEditor e = store.edit()) {
                for (int round = 0; round < 30; round++) {
                    Set<Integer> ids = new TreeSet<>(List.of(round * 13 % 400, (round * 13 + 1) % 400, (round * 97 + 5) % 400));
                    for (int i : ids) {
                        e.remove(Document.idOf(i));
                    }
                    e.commit();
                    for (int i : ids) {
                        assertThat(store.get(Document.idOf(i))).as("seen at once through edit()").isEmpty();
                    }
                    for (int i : ids) {
                        e.restore(docs.get(i), null);
                    }
                    e.commit();
                }
            } finally {
                stop.set(true);
                for (Thread r : readers) {
                    r.join();
                }
            }
            assertThat(failures).isEmpty();
            assertThat(all(store.scan())).isEqualTo(docs);
            assertThat(store.generation()).isEqualTo(60);
        }
        try (ConduitStore reopened = ConduitStore.open(s)) {
            assertThat(all(reopened.scan())).isEqualTo(docs);
        }
    }

    @Test
    void anotherProcessesCommitIsSeenAfterRefresh() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 10, ConduitStoreWriter.SEGMENT_BYTES);
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(store.refresh()).isFalse();
            try (ConduitStoreEditor e = ConduitStore.edit(s)) {
                e.remove("d9");
                e.commit();
            }
            assertThat(store.liveDocuments()).as("not refreshed yet").isEqualTo(10);
            assertThat(store.refresh()).isTrue();
            assertThat(store.liveDocuments()).isEqualTo(9);
            assertThat(store.get("d9")).isEmpty();
            assertThat(all(store.scan())).isEqualTo(docs.subList(0, 9));
        }
    }

    @Test
    void anErasureCutShortAfterTheCommitIsFinishedByTheNextEditor() throws IOException {
        Path s = dir.resolve("s");
        List<Document> docs = write(s, 30, ConduitStoreWriter.SEGMENT_BYTES);
        long at;
        try (ConduitStore store = ConduitStore.open(s)) {
            at = OffsetTable.position(store.offset(12));
        }
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            e.remove("d12");
            e.commit();
        }
        // the state a kill between the commit point and the erasure leaves: the record intact, no mark
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("segment-00000.dat").toFile(), "rw")) {
            f.seek(at);
            f.write(RecordCodec.encode(docs.get(12)));
        }
        Files.delete(s.resolve(Erasure.MARK));
        assertThat(filesHolding(s, title(12))).isNotEmpty();
        try (ConduitStore store = ConduitStore.open(s)) {
            assertThat(store.get("d12")).as("removed since the commit, erased or not").isEmpty();
        }
        try (ConduitStoreEditor e = ConduitStore.edit(s)) {
            assertThat(filesHolding(s, title(12))).isEmpty();
        }
    }
}
