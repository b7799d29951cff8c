package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 1 (every block is authenticated; truncation is an IOException naming the file, never a silent wrong
 * size). Cutting whole slots off the end of a physical file leaves a file whose every remaining slot
 * authenticates: nothing records how many blocks the file had (the header holds no length, the AAD has no
 * "last block" flag), so the volume reads a shorter file as if it had been written that way.
 * Cause: BlockFile.slots() only checks that the body is a whole number of slots; BlockChannel's constructor
 * takes size = (slots-1)*B + last slot's length.
 */
class SlotBoundaryTruncationTest {

    private static final int BLOCK = 256;

    @TempDir
    Path tmp;

    @Test
    void cuttingTheLastWholeSlotIsAnErrorNotAShorterFile() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, BLOCK);
        Path file = volume.root().resolve("commit");
        byte[] data = ReviewVolumes.bytes(3, BLOCK * 3);   // three full blocks
        ReviewVolumes.write(volume, file, data);
        int slot = ReviewVolumes.slotSize(file);
        byte[] raw = Files.readAllBytes(file);
        assertThat(raw.length).isEqualTo(ReviewVolumes.HEADER + 3 * slot);

        Files.write(file, Arrays.copyOf(raw, ReviewVolumes.HEADER + 2 * slot));

        // A correct implementation refuses the file (size or read); this one reports 512 bytes and reads them.
        assertThatThrownBy(() -> {
            long size = volume.size(file);
            byte[] read = ReviewVolumes.readAll(volume, file);
            throw new AssertionError("no error: size() " + size + ", read " + read.length + " of " + data.length
                    + " bytes, a silent truncation");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }
}
