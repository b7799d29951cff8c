package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 6 (a kill mid-write never loses committed data). Appending to a file whose last block is partial
 * (what every conduit-store segment, edit log and offsets file is after a commit) re-seals that block in
 * place with one pwrite of the whole slot. A SIGKILL can tear that pwrite at a page boundary (BlockFile's own
 * javadoc says so); the slot then holds the first N bytes of the new seal and the rest of the old one, and
 * the bytes that were committed and forced before the append are gone: the block no longer authenticates.
 * Cause: file/BlockChannel.seal -> BlockSet.writeOnly -> BlockFile.write overwrites the only copy of a block
 * holding committed bytes in place (Convergence stages through a second slot for exactly this reason; the
 * write path does not).
 */
class TornAppendLosesCommittedBytesTest {

    @TempDir
    Path tmp;

    @Test
    void aTornAppendKeepsTheBytesCommittedBeforeIt() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 4096);
        Path file = volume.root().resolve("segment-00000.dat");
        byte[] committed = ReviewVolumes.bytes(42, 4096 + 3990);   // nearly 2 blocks, forced: a commit
        try (FileChannel ch = volume.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(committed));
            ch.force(true);
        }
        byte[] beforeAppend = Files.readAllBytes(file);
        int slot = ReviewVolumes.slotSize(file);

        // the next session appends a record into the partial last block
        try (FileChannel ch = volume.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(ReviewVolumes.bytes(43, 50)));
        }
        byte[] afterAppend = Files.readAllBytes(file);

        // SIGKILL mid-pwrite: the slot torn at the first page boundary inside it (the seal crosses it)
        int slotAt = ReviewVolumes.HEADER + slot;
        int tear = ((slotAt / 4096) + 1) * 4096;
        assertThat(tear).isBetween(slotAt + 1, slotAt + slot - 1);
        byte[] torn = Arrays.copyOf(beforeAppend, Math.max(beforeAppend.length, afterAppend.length));
        System.arraycopy(afterAppend, slotAt, torn, slotAt, tear - slotAt);
        Files.write(file, torn);

        byte[] read = new byte[committed.length];
        try (FileChannel ch = volume.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.wrap(read);
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // positional reads until full
            }
        }
        assertThat(read).as("bytes committed before the torn append").isEqualTo(committed);
    }
}
