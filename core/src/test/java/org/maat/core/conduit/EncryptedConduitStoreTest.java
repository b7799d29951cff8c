package org.maat.core.conduit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.storage.RawFiles;

/**
 * The conduit store inside an encrypted volume, for every cipher of the registry: what comes back is what was
 * written (by id, by scan, after edits), and the files on disk hold none of the corpus's text.
 */
class EncryptedConduitStoreTest {

    @TempDir
    Path dir;

    static Stream<AtRestCipher> ciphers() {
        return Ciphers.all().stream();
    }

    private Path volume(AtRestCipher cipher) throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume.create(root, cipher, "file:" + dir.resolve("data.atrest.key"));
        return root;
    }

    /** Small segments, so records straddle blocks and segments roll over. */
    private static List<Document> write(Path store, int n) throws IOException {
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, 64 << 10)) {
            for (int i = 0; i < n; i++) {
                docs.add(w.append("title " + i, "2026-11-" + (i % 28 + 1), "secretword" + i + " body ünïcode "
                        + "x".repeat(i % 300)));
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

    @ParameterizedTest
    @MethodSource("ciphers")
    void documentsComeBackByIdAndByScan(AtRestCipher cipher) throws IOException {
        Path store = volume(cipher).resolve("documents");
        List<Document> docs = write(store, 800);
        assertThat(AtRestVolume.isEncrypted(store.resolve(StoreCommit.FILE))).isTrue();
        assertThat(AtRestVolume.isEncrypted(store.resolve(OffsetTable.FILE))).isTrue();
        assertThat(AtRestVolume.isEncrypted(ConduitStore.segmentFile(store, 0))).isTrue();
        try (ConduitStore open = ConduitStore.open(store)) {
            assertThat(open.size()).isEqualTo(800);
            assertThat(open.get("d517")).contains(docs.get(517));
            assertThat(all(open.scan())).isEqualTo(docs);
            assertThat(all(open.scan(100, 140, ScanMode.STRICT, e -> { }))).isEqualTo(docs.subList(100, 140));
        }
        assertThat(RawFiles.contain(dir.resolve("data"), "secretword")).isFalse();
        assertThat(RawFiles.contain(dir.resolve("data"), "title 1")).isFalse();
    }

    @ParameterizedTest
    @MethodSource("ciphers")
    void editsAndErasureWorkThroughTheVolume(AtRestCipher cipher) throws IOException {
        Path store = volume(cipher).resolve("documents");
        List<Document> docs = write(store, 300);
        Document removed;
        try (ConduitStore open = ConduitStore.open(store); ConduitStoreEditor editor = open.edit()) {
            removed = editor.remove("d42");
            editor.remove("d43");
            editor.commit();
            assertThat(open.get("d42")).isEmpty();
            editor.restore(docs.get(43), null);
            editor.commit();
        }
        assertThat(AtRestVolume.isEncrypted(store.resolve(EditLog.FILE))).isTrue();
        assertThat(removed).isEqualTo(docs.get(42));
        List<Document> expected = new ArrayList<>(docs);
        expected.remove(42);
        try (ConduitStore open = ConduitStore.open(store)) {
            assertThat(open.liveDocuments()).isEqualTo(299);
            assertThat(open.get("d43")).contains(docs.get(43));
            assertThat(all(open.scan())).isEqualTo(expected);
        }
        // The erased record reads as zeros through the volume: its block was sealed again without it.
        assertThat(plaintextContains(store, "secretword42 ")).isFalse();
        assertThat(plaintextContains(store, "secretword41 ")).isTrue();
        assertThat(RawFiles.contain(dir.resolve("data"), "secretword")).isFalse();
    }

    @ParameterizedTest
    @MethodSource("ciphers")
    void aPlaintextStoreStaysReadableOnceItsDirectoryBecomesAVolume(AtRestCipher cipher) throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        List<Document> docs = write(root.resolve("documents"), 50);
        AtRestVolume.create(root, cipher, "file:" + dir.resolve("data.atrest.key"));
        try (ConduitStore open = ConduitStore.open(root.resolve("documents"))) {
            assertThat(all(open.scan())).isEqualTo(docs);
        }
    }

    @org.junit.jupiter.api.Test
    void underSelectiveRecordsRequiringMoreLandInStrongerBlocksAndTheRestInTheWriteCiphers() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        volume.switchTo(Ciphers.CHACHA8, org.maat.atrest.SwitchModel.SELECTIVE);
        Path store = root.resolve("documents");
        List<Document> docs = new ArrayList<>();
        List<long[]> strictRanges = new ArrayList<>();
        long at = 0;
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, ConduitStoreWriter.SEGMENT_BYTES)) {
            for (int i = 0; i < 1_000; i++) {
                boolean strict = (i / 100) % 2 == 1; // runs of 100 records, alternately public and private
                Document d = w.append("t" + i, "2026", "body " + i + " " + "z".repeat(i % 90),
                        strict ? Ciphers.CHACHA20 : null);
                docs.add(d);
                long length = RecordCodec.encode(d).length;
                if (strict) {
                    strictRanges.add(new long[] {at, at + length});
                }
                at += length;
            }
            w.commit();
        }
        List<AtRestCipher> blocks;
        try (org.maat.atrest.EncryptedChannel c = volume.open(ConduitStore.segmentFile(store, 0), StandardOpenOption.READ)) {
            blocks = c.blockCiphers();
        }
        int size = volume.blockSize();
        boolean[] strictBlock = new boolean[blocks.size()];
        for (long[] r : strictRanges) {
            for (long b = r[0] / size; b <= (r[1] - 1) / size; b++) {
                strictBlock[(int) b] = true;
            }
        }
        for (int b = 0; b < blocks.size(); b++) {
            assertThat(blocks.get(b)).as("block " + b).isEqualTo(strictBlock[b] ? Ciphers.CHACHA20 : Ciphers.CHACHA8);
        }
        try (ConduitStore open = ConduitStore.open(store)) {
            assertThat(all(open.scan())).isEqualTo(docs);
        }
    }

    /** Whether the decrypted segments of {@code store} hold {@code text}. */
    private static boolean plaintextContains(Path store, String text) throws IOException {
        AtRestVolume volume = AtRestVolume.enclosing(store).orElseThrow();
        StringBuilder all = new StringBuilder();
        for (int s = 0; Files.exists(ConduitStore.segmentFile(store, s)); s++) {
            try (FileChannel c = volume.open(ConduitStore.segmentFile(store, s), StandardOpenOption.READ)) {
                ByteBuffer buf = ByteBuffer.allocate((int) c.size());
                while (buf.hasRemaining() && c.read(buf, buf.position()) >= 0) {
                    // positional reads until full
                }
                all.append(new String(buf.array(), StandardCharsets.ISO_8859_1));
            }
        }
        return all.indexOf(text) >= 0;
    }
}
