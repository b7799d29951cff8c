package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.file.KilledWrites;

/**
 * Promise 6 (a kill mid-write never loses committed data). Appending to a file whose last block is partial
 * (what every conduit-store segment, edit log and offsets file is after a commit) re-seals that block. A
 * SIGKILL can tear that pwrite at a page boundary; the review's first version modelled the tear by splicing
 * the final file image, which after the torn-write fix no longer matches any real order (the new version is
 * staged in {@code F~cipher} and forced before the base slot is overwritten, and the staged copy is emptied
 * after). Now the process is killed for real in the middle of the base slot's pwrite ({@link KilledWrites}),
 * whatever was written before it stays: the committed bytes survive; the same kill without staging loses them.
 */
class TornAppendLosesCommittedBytesTest {

    @TempDir
    Path tmp;

    @Test
    void aTornAppendKeepsTheBytesCommittedBeforeIt() throws IOException {
        Path file = killedAppend(true);
        byte[] read = ReviewVolumes.readAll(AtRestVolume.open(file.getParent()), file);
        assertThat(Arrays.copyOf(read, COMMITTED.length)).as("bytes committed before the torn append")
                .isEqualTo(COMMITTED);
    }

    @Test
    void withoutStagingTheSameKillLosesThem() throws IOException {
        Path file = killedAppend(false);
        assertThatThrownBy(() -> ReviewVolumes.readAll(AtRestVolume.open(file.getParent()), file))
                .isInstanceOf(IOException.class).hasMessageContaining("block 1 fails authentication");
    }

    private static final byte[] COMMITTED = ReviewVolumes.bytes(42, 4096 + 3990); // nearly 2 blocks

    /** Commits {@link #COMMITTED}, then appends into its partial last block and is killed mid-pwrite of that slot. */
    private Path killedAppend(boolean staged) throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 4096);
        Path file = volume.root().resolve("segment-00000.dat");
        try (FileChannel ch = volume.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(COMMITTED));
            ch.force(true);
        }
        int slot = ReviewVolumes.slotSize(file);
        int slotAt = ReviewVolumes.HEADER + slot;
        int tear = ((slotAt / 4096) + 1) * 4096; // the first page boundary inside slot 1
        assertThat(tear).isBetween(slotAt + 1, slotAt + slot - 1);
        assertThatThrownBy(() -> {
            try (FileChannel ch = KilledWrites.open(volume.root(), "file:" + tmp.resolve("data.atrest.key"), file,
                    staged, tear, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                ch.write(ByteBuffer.wrap(ReviewVolumes.bytes(43, 50)));
            }
        }).isInstanceOf(IOException.class).hasMessage("killed");
        return file;
    }
}
