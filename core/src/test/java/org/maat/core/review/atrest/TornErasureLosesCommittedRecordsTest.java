package org.maat.core.review.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;

/**
 * Promise 6 (a kill mid-write never loses committed conduit-store data). Erasure (after an edit's commit
 * point) zeroes a removed record in place; through the volume that re-seals the record's whole block with one
 * pwrite over the only copy. A SIGKILL tears a pwrite at a page boundary (atrest BlockFile's javadoc says so):
 * simulated here by writing the first N bytes of the new slot (N = up to the page boundary) over the old one.
 * The other records of that block, committed long before, no longer authenticate: ConduitStore.get throws.
 * Without the volume the same torn write would only leave part of the removed record unerased.
 * Cause: atrest file/BlockChannel.seal -> BlockSet.writeOnly -> BlockFile.write (in-place overwrite of a block's
 * only copy; Convergence stages through a second slot, the write path does not).
 */
class TornErasureLosesCommittedRecordsTest {

    private static final int PAGE = 4096;
    private static final int HEADER = 64;

    @TempDir
    Path dir;

    @Test
    void aTornErasureKeepsTheOtherCommittedRecordsOfItsBlock() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        int block = volume.blockSize();
        Path store = root.resolve("documents");
        Path segment = store.resolve("segment-00000.dat");
        List<Document> docs = new ArrayList<>();
        int slot = -1;
        try (ConduitStoreWriter w = ConduitStore.create(store)) {
            for (int i = 0; ; i++) {
                docs.add(w.append("t" + i, "2026-11-01", "record " + i + " " + "r".repeat(150)));
                long len = w.bytes();
                if (i == 0) {
                    w.commit();
                    slot = ByteBuffer.wrap(Files.readAllBytes(segment)).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
                }
                long k = (len - 1) / block;
                long partial = len - k * block;
                long slotAt = HEADER + k * slot;
                long boundary = (PAGE - slotAt % PAGE) % PAGE;
                // stop where the last block's seal crosses a page boundary well inside its old sealed bytes
                if (k >= 1 && boundary > 64 && boundary + 200 < partial && partial < block - 200) {
                    break;
                }
            }
            w.commit();
        }
        byte[] before = Files.readAllBytes(segment);
        Document removed = docs.get(docs.size() - 1);
        try (ConduitStore open = ConduitStore.open(store); ConduitStoreEditor editor = open.edit()) {
            editor.remove(removed.id());
            editor.commit(); // the commit point, then the erasure re-seals the last block
        }
        byte[] after = Files.readAllBytes(segment);
        long k = (before.length - HEADER) / slot - 1;
        int slotAt = (int) (HEADER + k * slot);
        int tear = (slotAt / PAGE + 1) * PAGE;
        assertThat(Arrays.mismatch(before, after)).as("the erasure rewrote the last slot").isBetween(slotAt, tear - 1);
        byte[] torn = before.clone();
        System.arraycopy(after, slotAt, torn, slotAt, tear - slotAt);
        Files.write(segment, torn);

        try (ConduitStore open = ConduitStore.open(store)) {
            for (Document d : docs.subList(0, docs.size() - 1)) {
                assertThat(open.get(d.id())).as("committed %s after a torn erasure", d.id()).contains(d);
            }
        }
    }
}
