package org.maat.core.review.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.file.SealLog;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;

/**
 * Promise 6 (a kill mid-write never loses committed conduit-store data). Erasure (after an edit's commit
 * point) zeroes a removed record in place; through the volume that re-seals the record's whole block. A SIGKILL
 * tears a pwrite at a page boundary (atrest BlockFile's javadoc says so): simulated here by writing the first N
 * bytes of the new slot (N = up to the page boundary) over the old one, in the state the store's files were in
 * just before that pwrite began. That state is taken from the volume itself: {@link SealLog} reports every seal
 * right after its pwrite, so the files as they were at the seal before (the staging of the new version in a
 * region file, when the volume stages it) are the files at the moment the base slot's pwrite starts.
 * With staging, the other records of the block, committed long before, still read (from the staged copy);
 * with the rewrite over the only copy in place (no seal before it), they no longer authenticate and
 * ConduitStore.get throws. Without the volume the same torn write would only leave part of the removed record
 * unerased.
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
        byte[] salt = Arrays.copyOfRange(Files.readAllBytes(segment), 24, 40);
        long lastBlock = (volume.size(segment) - 1) / block;

        // The store's files after each seal of the commit and erasure, and which seal wrote the segment's last slot.
        List<Map<Path, byte[]>> states = new ArrayList<>();
        int[] baseSeal = {-1};
        Document removed = docs.get(docs.size() - 1);
        try (ConduitStore open = ConduitStore.open(store); ConduitStoreEditor editor = open.edit()) {
            editor.remove(removed.id());
            states.add(snapshot(store));
            SealLog.listen(seal -> {
                if (baseSeal[0] < 0 && Arrays.equals(seal.salt(), salt) && seal.block() == lastBlock) {
                    baseSeal[0] = states.size();
                }
                states.add(snapshot(store));
            });
            editor.commit(); // the commit point, then the erasure re-seals the last block
        } finally {
            SealLog.listen(null);
        }
        assertThat(baseSeal[0]).as("the erasure re-sealed the segment's last block").isPositive();
        Map<Path, byte[]> beforeBase = states.get(baseSeal[0] - 1);
        byte[] old = beforeBase.get(segment);
        byte[] sealed = states.get(baseSeal[0]).get(segment);
        int slotAt = (int) (HEADER + lastBlock * slot);
        int tear = (slotAt / PAGE + 1) * PAGE;
        assertThat(Arrays.mismatch(old, sealed)).as("the erasure rewrote the last slot").isBetween(slotAt, tear - 1);

        // SIGKILL mid-pwrite of the base slot: the files as they were when it began, the slot torn.
        byte[] torn = old.clone();
        System.arraycopy(sealed, slotAt, torn, slotAt, tear - slotAt);
        restore(store, beforeBase);
        Files.write(segment, torn);

        // The killed process is gone: a new one opens the store, its volume having seen none of the newer versions
        // (this process's volume would refuse the files put back as a rollback).
        AtRestVolume.open(root, org.maat.keys.KeySources.open("file:" + dir.resolve("data.atrest.key")));
        try (ConduitStore open = ConduitStore.open(store)) {
            for (Document d : docs.subList(0, docs.size() - 1)) {
                assertThat(open.get(d.id())).as("committed %s after a torn erasure", d.id()).contains(d);
            }
        }
    }

    /** Every file of {@code store} by path, with its bytes. */
    private static Map<Path, byte[]> snapshot(Path store) {
        try (Stream<Path> files = Files.list(store)) {
            Map<Path, byte[]> state = new HashMap<>();
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                state.put(f, Files.readAllBytes(f));
            }
            return state;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Puts {@code store}'s files back as {@code state} had them (files it lacks are deleted). */
    private static void restore(Path store, Map<Path, byte[]> state) throws IOException {
        try (Stream<Path> files = Files.list(store)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!state.containsKey(f)) {
                    Files.delete(f);
                }
            }
        }
        for (Map.Entry<Path, byte[]> e : state.entrySet()) {
            Files.write(e.getKey(), e.getValue());
        }
    }
}
