package org.maat.core.review.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;
import org.maat.core.storage.PlaintextInVolumeException;
import org.maat.core.storage.RawFiles;
import org.maat.core.storage.StorageFiles;

/**
 * Promise 3 (scanning the files of an encrypted store finds none of the corpus's text) with a plaintext data
 * dir made a volume: text written AFTER the volume exists reaches the disk in plaintext. The store's existing
 * segment is plaintext, so VolumeFiles.open (WRITE without TRUNCATE on a non-MAATAR01 file) returns a
 * PlaintextChannel and ConduitStoreEditor.restore appends the record in the clear; converge skips plaintext
 * files and nothing in main code calls AtRestVolume.encryptPlaintext (grep: no caller), so it stays so.
 * Cause: atrest/.../file/VolumeFiles.java open(): "length > 0 && !truncate && !startsWithMagic -> new
 * PlaintextChannel(FileChannel.open(file, opts))" also for writers; core StorageFiles.open passes it through.
 * Fixed: writing a plaintext file under a volume is refused (StorageFiles.open, and the editor before any change:
 * PlaintextInVolumeException naming the file and 'maat atrest init'), so no record is appended in the clear.
 */
class PlaintextStoreKeepsTakingPlaintextTest {

    @TempDir
    Path dir;

    @Test
    void aRecordRestoredAfterTheVolumeExistsIsNotWrittenInTheClear() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        Path store = root.resolve("documents");
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = ConduitStore.create(store)) {
            for (int i = 0; i < 20; i++) {
                docs.add(w.append("title " + i, "2026-11-01", "oldword" + i + " body"));
            }
            w.commit();
        }
        AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));

        byte[] segment = Files.readAllBytes(store.resolve("segment-00000.dat"));

        // After the switch to encryption: a document is removed (erased) and restored with new text: refused,
        // with a message the user can act on, before anything changes.
        try (ConduitStore open = ConduitStore.open(store)) {
            assertThatThrownBy(() -> {
                try (ConduitStoreEditor editor = open.edit()) {
                    editor.remove("d7");
                    editor.commit();
                    editor.restore(new Document("d7", "title 7", "2026-11-01",
                            "zebracrossingsecret written under the volume"), null);
                    editor.commit();
                }
            }).isInstanceOf(PlaintextInVolumeException.class).hasMessageContaining("maat atrest init")
                    .satisfies(e -> assertThat(((PlaintextInVolumeException) e).file().getParent()).isEqualTo(store));
        }
        // Any other writer of the store's files is refused the same way.
        assertThatThrownBy(() -> StorageFiles.at(store).open(store.resolve("segment-00000.dat"),
                StandardOpenOption.WRITE, StandardOpenOption.APPEND).close())
                .isInstanceOf(PlaintextInVolumeException.class);
        assertThat(Files.readAllBytes(store.resolve("segment-00000.dat"))).as("untouched").isEqualTo(segment);
        try (ConduitStore open = ConduitStore.open(store)) {
            assertThat(open.get("d7")).contains(docs.get(7));
        }
        assertThat(RawFiles.contain(root, "zebracrossingsecret"))
                .as("text written after the data dir became an encrypted volume, found in plaintext on disk").isFalse();
    }
}
