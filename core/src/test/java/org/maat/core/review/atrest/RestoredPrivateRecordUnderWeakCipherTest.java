package org.maat.core.review.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;

/**
 * Promise 5 (a private document whose policy requires atRestAtLeast("chacha20") never ends up sealed under
 * chacha8): records appended by ConduitStoreEditor.restore. The store records each record's requirement only
 * in the slot headers of the blocks it was written to; remove() erases it, and restore(Document) — the
 * overload the disguise layer calls (disguise/.../search/PlanApplier.java:125 `edit.restore(d.toDocument())`,
 * no policy minimum) — reseals the same private record under the volume's write cipher, chacha8.
 * Cause: PlanApplier.restore passes no requirement; ConduitStoreEditor.restore(Document) defaults to null
 * (core/.../conduit/ConduitStoreEditor.java:120-146) and nothing remembers what the removed record required.
 * Fixed: the defaulting overload is gone, so a caller must say what the record requires (nothing else knows it
 * once the removal erased its blocks), and the disguise layer passes its policy's minimum (checked end to end
 * by disguise's SearchDisguisesAtRestTest); here the editor must honour it under Selective.
 */
class RestoredPrivateRecordUnderWeakCipherTest {

    @TempDir
    Path dir;

    @Test
    void aPrivateRecordRestoredThroughTheDisguisePathStaysUnderChaCha20() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        Path store = root.resolve("documents");
        Document secret;
        try (ConduitStoreWriter w = ConduitStore.create(store)) {
            secret = w.append("private", "2026-11-01", "p".repeat(3 * volume.blockSize()), Ciphers.CHACHA20);
            w.append("public", "2026-11-01", "q".repeat(3 * volume.blockSize()), null);
            w.commit();
        }
        long before = size(volume, store);
        try (ConduitStore open = ConduitStore.open(store); ConduitStoreEditor editor = open.edit()) {
            editor.remove(secret.id());
            editor.commit();
            editor.restore(secret, Ciphers.CHACHA20); // its policy's minimum, as PlanApplier.restore passes it
            editor.commit();
        }
        List<AtRestCipher> blocks;
        try (EncryptedChannel c = volume.open(store.resolve("segment-00000.dat"), StandardOpenOption.READ)) {
            blocks = c.blockCiphers();
        }
        int size = volume.blockSize();
        // every block holding a byte of the restored record (appended at `before`)
        for (long b = (before + size) / size; b < blocks.size(); b++) {
            assertThat(blocks.get((int) b)).as("block %d of the restored private record", b).isEqualTo(Ciphers.CHACHA20);
        }
    }

    private static long size(AtRestVolume volume, Path store) throws IOException {
        return volume.size(store.resolve("segment-00000.dat"));
    }
}
