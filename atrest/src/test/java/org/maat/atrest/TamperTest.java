package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/** Changed bytes on disk are errors naming the file and the block, never wrong data. */
class TamperTest {

    private static final int HEADER = 64;
    private static final int BLOCK = 256;

    @TempDir
    Path tmp;
    AtRestVolume volume;
    Path file;
    byte[] data;
    int slot;

    @BeforeEach
    void write() throws IOException {
        volume = TestVolumes.create(tmp, Ciphers.CHACHA20, BLOCK);
        file = volume.root().resolve("seg.dat");
        data = TestVolumes.bytes(7, BLOCK * 5 + 100);
        TestVolumes.write(volume, file, data);
        byte[] raw = Files.readAllBytes(file);
        slot = ByteBuffer.wrap(raw, 12, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        assertThat(raw.length).isEqualTo(HEADER + 6 * slot);
    }

    private void mutate(java.util.function.Consumer<byte[]> change) throws IOException {
        byte[] raw = Files.readAllBytes(file);
        change.accept(raw);
        Files.write(file, raw);
    }

    @Test
    void everyFlippedBitOfASlotIsAnErrorNamingFileAndBlock() throws IOException {
        byte[] original = Files.readAllBytes(file);
        Random r = new Random(1);
        for (int block = 0; block < 6; block++) {
            // the slot header, the ciphertext, the tag and the padding of a short last block
            for (int trial = 0; trial < 12; trial++) {
                int at = trial < 16 ? trial : 0;
                at = trial < 4 ? trial * 4 + r.nextInt(4) : r.nextInt(slot);
                int pos = HEADER + block * slot + at;
                int bit = r.nextInt(8);
                mutate(raw -> raw[pos] ^= (byte) (1 << bit));
                final int b = block;
                assertThatThrownBy(() -> TestVolumes.readAll(volume, file))
                        .as("bit %d of byte %d of slot %d", bit, at, block)
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining(file.toString())
                        .hasMessageContaining("block " + b);
                Files.write(file, original);
            }
        }
        assertThat(TestVolumes.readAll(volume, file)).isEqualTo(data);
    }

    @Test
    void aFlippedBitOfTheHeaderIsAnError() throws IOException {
        byte[] original = Files.readAllBytes(file);
        for (int at = 0; at < HEADER; at++) {
            final int pos = at;
            mutate(raw -> raw[pos] ^= 1);
            assertThatThrownBy(() -> TestVolumes.readAll(volume, file)).as("header byte %d", at)
                    .isInstanceOf(IOException.class).hasMessageContaining(file.toString());
            Files.write(file, original);
        }
    }

    @Test
    void swappedSlotsAreAnError() throws IOException {
        mutate(raw -> {
            byte[] one = Arrays.copyOfRange(raw, HEADER + slot, HEADER + 2 * slot);
            System.arraycopy(raw, HEADER + 2 * slot, raw, HEADER + slot, slot);
            System.arraycopy(one, 0, raw, HEADER + 2 * slot, slot);
        });
        assertThatThrownBy(() -> TestVolumes.readAll(volume, file)).isInstanceOf(IOException.class)
                .hasMessageContaining("block 1").hasMessageContaining("fails authentication (cipher chacha20)");
    }

    @Test
    void aSlotCopiedFromAnotherFileIsAnError() throws IOException {
        Path other = volume.root().resolve("other.dat");
        TestVolumes.write(volume, other, data);
        byte[] foreign = Files.readAllBytes(other);
        mutate(raw -> System.arraycopy(foreign, HEADER + 3 * slot, raw, HEADER + 3 * slot, slot));
        assertThatThrownBy(() -> TestVolumes.readAll(volume, file)).isInstanceOf(IOException.class)
                .hasMessageContaining("block 3");
    }

    @Test
    void aZeroedSlotIsAnErrorNotZeros() throws IOException {
        mutate(raw -> Arrays.fill(raw, HEADER + 2 * slot, HEADER + 3 * slot, (byte) 0));
        assertThatThrownBy(() -> TestVolumes.readAll(volume, file)).isInstanceOf(IOException.class)
                .hasMessageContaining("block 2");
    }

    @Test
    void aTruncatedFileIsAClearError() throws IOException {
        byte[] raw = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(raw, raw.length - 10));
        assertThatThrownBy(() -> volume.open(file, StandardOpenOption.READ)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("truncated");
        Files.write(file, Arrays.copyOf(raw, 40));
        assertThatThrownBy(() -> volume.open(file, StandardOpenOption.READ)).isInstanceOf(IOException.class)
                .hasMessageContaining("truncated");
    }

    @Test
    void anotherVolumesKeyCannotRead() throws IOException {
        Path otherTmp = tmp.resolve("other");
        String otherKey = "file:" + otherTmp.resolve("k.key");
        // The configuration is authenticated under the volume key: another key does not even open the volume.
        assertThatThrownBy(() -> AtRestVolume.open(volume.root(), org.maat.keys.KeySources.openCreatingFile(otherKey)))
                .isInstanceOf(IOException.class).hasMessageContaining("atrest.json").hasMessageContaining("fails authentication");
        // Nor does a volume under another key read the file, copied into it under its own name.
        AtRestVolume stranger = AtRestVolume.create(otherTmp.resolve("data"), Ciphers.CHACHA20, otherKey);
        Path copy = stranger.root().resolve(file.getFileName().toString());
        Files.copy(file, copy);
        assertThatThrownBy(() -> TestVolumes.readAll(stranger, copy)).isInstanceOf(IOException.class)
                .hasMessageContaining("header fails authentication");
    }
}
