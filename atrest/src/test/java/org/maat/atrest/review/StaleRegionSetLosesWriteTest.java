package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * "An encrypted file behaves like a file": a write acknowledged (and forced) reads back. A channel's BlockSet
 * holds the region files that existed when it was opened; BlockChannel.seal picks the generation from the
 * highest generation its own files show (BlockSet.highestGeneration) and punches only the copies its own files
 * hold. A region file made since (another process writing under Selective) may hold the block at a higher
 * generation (a rewrite of a block whose only copy is in the region stages it and does not touch the base slot's
 * generation); the channel, holding the block buffered, sees the base slot punched, re-reads with its own files
 * (the "missing" error is swallowed as "nothing left to keep"), seals at the base slot's generation + 1, below the
 * region's copy, and every reader then takes the region's older data: the acknowledged write is silently lost.
 * Only across processes (in one process SeenVersions.checkSeal refuses the low generation).
 */
class StaleRegionSetLosesWriteTest {

    private static final int BLOCK = 256;

    @TempDir
    Path tmp;

    @Test
    void aWriteByAChannelOpenedBeforeTheRegionFileExistedReadsBack() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA8, BLOCK);
        Path root = volume.root();
        String key = "file:" + tmp.resolve("data.atrest.key");
        Path f = root.resolve("records.dat");
        ReviewVolumes.write(volume, f, ReviewVolumes.bytes(1, 4 * BLOCK));
        byte[] mine = ReviewVolumes.bytes(3, BLOCK);

        try (FileChannel a = volume.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            assertThat(a.size()).isEqualTo(4L * BLOCK);
            a.read(ByteBuffer.allocate(16), 2L * BLOCK); // block 2 is this channel's buffered block
            // A second process switches to Selective/chacha20 and rewrites block 2 three times (into records.dat~chacha20),
            // then switches back to Forward/chacha8.
            AtRestVolume other = AtRestVolume.open(root, KeySources.open(key));
            other.switchTo(Ciphers.CHACHA20, SwitchModel.SELECTIVE);
            try (FileChannel b = other.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                b.write(ByteBuffer.wrap(ReviewVolumes.bytes(4, BLOCK)), 2L * BLOCK);
                b.force(true);
                b.write(ByteBuffer.wrap(ReviewVolumes.bytes(6, BLOCK)), 2L * BLOCK);
                b.force(true);
                b.write(ByteBuffer.wrap(ReviewVolumes.bytes(5, BLOCK)), 2L * BLOCK);
                b.force(true);
            }
            other.switchTo(Ciphers.CHACHA8, SwitchModel.FORWARD);
            try {
                Thread.sleep(200); // past the configuration's re-read interval
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            // The first process, its channel open since before the region file existed, overwrites block 2 (later
            // than every write of the other process, which has closed its channel).
            a.write(ByteBuffer.wrap(mine), 2L * BLOCK);
            a.force(true);
        }

        AtRestVolume restarted = AtRestVolume.open(root, KeySources.open(key));
        String got;
        try {
            byte[] all = ReviewVolumes.readAll(restarted, f);
            byte[] block2 = Arrays.copyOfRange(all, 2 * BLOCK, 3 * BLOCK);
            got = Arrays.equals(block2, mine) ? "the write"
                    : Arrays.equals(block2, ReviewVolumes.bytes(5, BLOCK)) ? "the other process's earlier write"
                    : "other bytes";
        } catch (IOException e) {
            got = "refused: " + e.getMessage();
        }
        assertThat(got).as("block 2 after the first process's acknowledged, forced write").isEqualTo("the write");
    }
}
