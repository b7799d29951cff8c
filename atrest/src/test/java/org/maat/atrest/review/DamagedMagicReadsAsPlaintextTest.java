package org.maat.atrest.review;

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
 * Promise 1 (a damaged file is an IOException naming the file, never wrong plaintext). A file whose first
 * 512-byte sector was zeroed (a common disk/FS corruption), or whose magic has more than 4 flipped bits, is
 * taken for "a plaintext file written before the volume existed" and its raw bytes — zeros, the salt, the
 * ciphertext — are returned as its content, with no error. The same path lets anyone with write access to the
 * disk replace an encrypted file by forged plaintext that Maat reads as genuine.
 * Cause: file/VolumeFiles.java open(): `length > 0 && !truncate && !startsWithMagic(base)` -> PlaintextChannel;
 * FileHeader.hasDamagedMagic tolerates at most 4 flipped bits. Nothing records that a file (or the volume since
 * its creation) was encrypted, so no file of a volume is ever refused for lacking the header.
 */
class DamagedMagicReadsAsPlaintextTest {

    @TempDir
    Path tmp;

    @Test
    void aFileWhoseFirstSectorWasZeroedIsAnErrorNotData() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 4096);
        Path file = volume.root().resolve("commit");
        ReviewVolumes.write(volume, file, ReviewVolumes.bytes(8, 10_000));
        byte[] raw = Files.readAllBytes(file);
        Arrays.fill(raw, 0, 512, (byte) 0);
        Files.write(file, raw);

        assertThatThrownBy(() -> {
            byte[] read = ReviewVolumes.readAll(volume, file);
            throw new AssertionError("read " + read.length + " bytes of 'plaintext' (the raw ciphertext file), no error");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }
}
