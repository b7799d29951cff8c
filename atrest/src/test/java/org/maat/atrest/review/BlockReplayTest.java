package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 1 (replayed blocks => an IOException, never wrong plaintext). An older version of a slot written
 * back at its own index of the same file (same salt) authenticates: nonce and AAD carry the old generation,
 * and nothing records which generation is current (no per-file root/counter over the slots). After a
 * conduit-store erasure (an in-place overwrite that bumps the generation), restoring the slot from an earlier
 * disk image brings the erased bytes back as valid data.
 * Cause: file/BlockFile.read accepts any generation in [0, 2^25); BlockSet.read only compares copies present.
 */
class BlockReplayTest {

    private static final int BLOCK = 256;

    @TempDir
    Path tmp;

    @Test
    void anOldVersionOfASlotWrittenBackIsAnError() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, BLOCK);
        Path file = volume.root().resolve("segment-00000.dat");
        byte[] secret = ReviewVolumes.bytes(1, BLOCK * 3);
        ReviewVolumes.write(volume, file, secret);
        int slot = ReviewVolumes.slotSize(file);
        byte[] before = Files.readAllBytes(file);

        // erase block 1 in place (what Erasure does to a removed document)
        try (FileChannel ch = volume.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[BLOCK]), BLOCK);
        }
        byte[] erased = ReviewVolumes.readAll(volume, file);
        assertThat(erased).containsSequence(new byte[BLOCK]);

        // the attacker writes the pre-erasure slot 1 back
        byte[] raw = Files.readAllBytes(file);
        int at = ReviewVolumes.HEADER + slot;
        System.arraycopy(before, at, raw, at, slot);
        Files.write(file, raw);

        assertThatThrownBy(() -> {
            byte[] read = ReviewVolumes.readAll(volume, file);
            throw new AssertionError("replayed slot accepted; erased bytes back: "
                    + java.util.Arrays.equals(read, secret));
        }).isInstanceOf(IOException.class).hasMessageContaining("block 1");
    }
}
