package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 1 (never a silent wrong size): a damaged base file whose last slot's header lies about the
 * plaintext length. Reading the file fails (the length is in the AAD), but AtRestVolume.size — what
 * AtRestDirectory.fileLength and listings use — reads the slot header without authenticating it and reports
 * the lie. Cause: VolumeFiles.size (file/VolumeFiles.java ~l.276-283) trusts BlockFile.readHeader's
 * plainLength.
 */
class UnauthenticatedSizeTest {

    private static final int BLOCK = 256;

    @TempDir
    Path tmp;

    @Test
    void aLyingLastSlotHeaderGivesAnErrorNotAWrongSize() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, BLOCK);
        Path file = volume.root().resolve("_0.si");
        byte[] data = ReviewVolumes.bytes(5, BLOCK + 10);
        ReviewVolumes.write(volume, file, data);
        assertThat(volume.size(file)).isEqualTo(data.length);
        int slot = ReviewVolumes.slotSize(file);
        byte[] raw = Files.readAllBytes(file);
        // last slot's plaintext length (u32 at slot header offset 4): 10 -> 200
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).putInt(ReviewVolumes.HEADER + slot + 4, 200);
        Files.write(file, raw);

        assertThatThrownBy(() -> ReviewVolumes.readAll(volume, file)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> {
            long size = volume.size(file);
            throw new AssertionError("size() answered " + size + " (true size " + data.length + ")");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }
}
