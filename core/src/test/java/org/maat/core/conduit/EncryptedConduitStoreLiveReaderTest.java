package org.maat.core.conduit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * A live server's store stays open for reading under an encrypted volume while an editor (disguise delete and
 * reveal) erases records in place and appends restored ones: after {@code refresh()} the reader reads the
 * restored record, and an erased record never comes back as its old plaintext from a block read before.
 */
class EncryptedConduitStoreLiveReaderTest {

    @TempDir
    Path dir;

    @Test
    void anOpenReaderSeesRestoredRecordsAndNeverAnErasedOnesOldBytes() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        Path store = root.resolve("documents");
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, 64 << 10)) {
            for (int i = 0; i < 300; i++) {
                docs.add(w.append("title " + i, "2026-11-" + (i % 28 + 1), "secretword" + i + " " + "x".repeat(i % 300)));
            }
            w.commit();
        }
        try (ConduitStore reader = ConduitStore.open(store)) {
            assertThat(reader.get("d43")).contains(docs.get(43));
            assertThat(reader.get("d42")).contains(docs.get(42)); // its block is now the one the reader read last
            try (ConduitStoreEditor editor = ConduitStore.edit(store)) {
                editor.remove("d42");
                editor.remove("d43");
                editor.commit();
                editor.restore(docs.get(43), null); // appended at the end of the last segment
                editor.commit();
            }
            // Not refreshed yet: the erased record reads as removed, never as the document it was.
            assertThat(reader.get("d42")).isEmpty();
            reader.refresh();
            assertThat(reader.get("d43")).contains(docs.get(43));
            assertThat(reader.get("d42")).isEmpty();
            List<Document> expected = new ArrayList<>(docs);
            expected.remove(42);
            List<Document> scanned = new ArrayList<>();
            DocumentScan scan = reader.scan();
            scan.forEachRemaining(scanned::add);
            scan.close();
            assertThat(scanned).isEqualTo(expected);
        }
    }
}
