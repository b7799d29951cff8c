package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/** What lies on disk: one fixed-size slot per block, generations bumped on rewrite, old ciphertext gone. */
class BlockFormatTest {

    private static final int HEADER = 64;
    private static final int B = 128;

    @TempDir
    Path tmp;

    private static int le(byte[] raw, int at) {
        return ByteBuffer.wrap(raw, at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    @Test
    void rewritingABlockBumpsItsGenerationAndLeavesNoOldCiphertext() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, B);
        Path f = v.root().resolve("store");
        byte[] data = TestVolumes.bytes(1, 2 * B + 50);
        TestVolumes.write(v, f, data);
        byte[] raw = Files.readAllBytes(f);
        assertThat(new String(raw, 0, 8, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("MAATAR02");
        assertThat(le(raw, 8)).isEqualTo(B);
        int slot = le(raw, 12);
        assertThat(slot).isEqualTo(40 + Ciphers.all().stream().mapToInt(c -> c.sealedLength(B)).max().orElseThrow());
        assertThat(raw.length).isEqualTo(HEADER + 3 * slot);
        assertThat(raw[HEADER + 2 * slot] & 0xff).isEqualTo(Ciphers.CHACHA20.id());
        assertThat(le(raw, HEADER + 2 * slot + 4)).as("last block's plaintext length").isEqualTo(50);
        assertThat(le(raw, HEADER + 2 * slot + 8)).as("generation").isZero();

        // The partial last block appended later: staged first (generation 1, in store~chacha20, emptied
        // afterwards), then sealed again in the same slot at generation 2.
        try (FileChannel ch = v.open(f, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(new byte[10]));
        }
        byte[] appended = Files.readAllBytes(f);
        assertThat(appended.length).isEqualTo(raw.length);
        assertThat(le(appended, HEADER + 2 * slot + 4)).isEqualTo(60);
        assertThat(le(appended, HEADER + 2 * slot + 8)).isEqualTo(2);
        byte[] staged = Files.readAllBytes(f.resolveSibling("store~chacha20"));
        assertThat(staged.length).isEqualTo(HEADER + 3 * slot);
        assertThat(staged[HEADER + 2 * slot] & 0xff).as("staged copy emptied").isZero();
        assertThat(le(staged, HEADER + 2 * slot + 8)).as("emptied at the new generation").isEqualTo(2);

        // An in-place overwrite (a conduit store's erasure): generation 1, and the old ciphertext is gone.
        byte[] oldCipherText = Arrays.copyOfRange(raw, HEADER + slot + 40, HEADER + slot + 40 + B);
        try (FileChannel ch = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[B]), B);
        }
        byte[] erased = Files.readAllBytes(f);
        assertThat(le(erased, HEADER + slot + 8)).isEqualTo(2);
        assertThat(le(erased, HEADER + 8)).as("block 0 untouched").isZero();
        for (int i = 0; i + 16 <= oldCipherText.length; i += 16) {
            byte[] piece = Arrays.copyOfRange(oldCipherText, i, i + 16);
            assertThat(Collections.indexOfSubList(erased, piece)).isEqualTo(-1);
            assertThat(Collections.indexOfSubList(Files.readAllBytes(f.resolveSibling("store~chacha20")), piece))
                    .isEqualTo(-1);
        }
        byte[] expect = Arrays.copyOf(data, data.length + 10);
        Arrays.fill(expect, B, 2 * B, (byte) 0);
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(expect);
    }

    /** Byte-array search, as {@link java.util.Collections#indexOfSubList} does for lists. */
    private static final class Collections {
        static int indexOfSubList(byte[] hay, byte[] needle) {
            outer:
            for (int i = 0; i + needle.length <= hay.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (hay[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }
    }

    @Test
    void writingPastTheEndSealsTheHoleAndTruncationKeepsNoncesFresh() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, B);
        Path f = v.root().resolve("sparse");
        try (FileChannel ch = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {1}), 5L * B);
            assertThat(ch.size()).isEqualTo(5L * B + 1);
            ch.force(true);
            byte[] raw = Files.readAllBytes(f);
            int slot = le(raw, 12);
            for (int i = 0; i < 6; i++) {
                assertThat(raw[HEADER + i * slot] & 0xff).as("block %d sealed", i).isEqualTo(Ciphers.CHACHA8.id());
            }
            ch.write(ByteBuffer.wrap(new byte[B]), 2L * B);
            ch.truncate(2L * B + 3);
            ch.write(ByteBuffer.wrap(new byte[3 * B]), ch.size());
            ch.force(true);
            raw = Files.readAllBytes(f);
            // Blocks 3 and 4 were cut at generation 0 and written again: past the floor the cut raised.
            assertThat(le(raw, 16)).as("generation floor").isGreaterThan(0);
            assertThat(le(raw, HEADER + 3 * slot + 8)).isGreaterThanOrEqualTo(le(raw, 16));
        }
    }
}
