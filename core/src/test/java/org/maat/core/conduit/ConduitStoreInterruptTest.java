package org.maat.core.conduit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * A thread that reads the shared store with its interrupt flag set (whatever ran on it before left it so) must
 * get its document and keep its flag, and must close nothing for the store's other readers: a plain and an
 * encrypted store, random documents from a fixed seed, each read on an interrupted thread followed by the same
 * read on a clean one.
 */
class ConduitStoreInterruptTest {

    @TempDir
    Path dir;

    @Test
    void anInterruptedReaderClosesNothingForTheOthersPlain() throws Exception {
        Path store = dir.resolve("documents");
        List<Document> docs = write(store);
        try (ConduitStore open = ConduitStore.open(store)) {
            readInterruptedThenClean(open, docs, new Random(28));
        }
    }

    @Test
    void anInterruptedReaderClosesNothingForTheOthersEncrypted() throws Exception {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        Path store = root.resolve("documents");
        List<Document> docs = write(store);
        try (ConduitStore open = ConduitStore.open(store)) {
            readInterruptedThenClean(open, docs, new Random(29));
        }
    }

    @Test
    void aScanOnAnInterruptedThreadReturnsEveryDocumentAndKeepsTheFlag() throws Exception {
        Path store = dir.resolve("documents");
        List<Document> docs = write(store);
        try (ConduitStore open = ConduitStore.open(store)) {
            List<Document> scanned = new ArrayList<>();
            boolean flagAfter;
            Thread.currentThread().interrupt();
            try (DocumentScan scan = open.scan()) {
                scan.forEachRemaining(scanned::add);
            } finally {
                flagAfter = Thread.interrupted();
            }
            assertThat(scanned).isEqualTo(docs);
            assertThat(flagAfter).isTrue();
        }
    }

    private static List<Document> write(Path store) throws IOException {
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, 16 << 10)) {
            for (int i = 0; i < 200; i++) {
                docs.add(w.append("title " + i, "2026-12-0" + (i % 9 + 1), "body " + i + " " + "y".repeat(i % 200)));
            }
            w.commit();
        }
        return docs;
    }

    private static void readInterruptedThenClean(ConduitStore store, List<Document> docs, Random random)
            throws InterruptedException {
        for (int i = 0; i < 20; i++) {
            Document expected = docs.get(random.nextInt(docs.size()));
            Optional<Document> read;
            boolean flagAfter;
            Thread.currentThread().interrupt();
            try {
                read = store.get(expected.id());
            } finally {
                flagAfter = Thread.interrupted();
            }
            assertThat(read).as("%s read on an interrupted thread", expected.id()).contains(expected);
            assertThat(flagAfter).as("the reader's interrupt flag is kept").isTrue();
            Document other = docs.get(random.nextInt(docs.size()));
            AtomicReference<Object> seen = new AtomicReference<>();
            Thread clean = new Thread(() -> {
                try {
                    seen.set(store.get(other.id()));
                } catch (RuntimeException e) {
                    seen.set("failed: " + e.getMessage());
                }
            });
            clean.start();
            clean.join();
            assertThat(seen.get()).as("%s read by another thread afterwards", other.id()).isEqualTo(Optional.of(other));
        }
    }
}
