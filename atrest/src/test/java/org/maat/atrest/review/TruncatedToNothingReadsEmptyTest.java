package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise: "a file cut below the length its header records is an error ... never wrong data". An encrypted file,
 * written and forced (its header records its blocks), cut to zero bytes takes its header with it, and the volume then
 * reads it as an empty file, without an error: {@code VolumeFiles.open} returns a plaintext channel for any empty
 * file opened read-only, {@code size} returns 0, and a reader over sources reads it as empty. The volume was made
 * over an empty root ({@code plaintextFiles: none}), so no empty plaintext file of its own ever held data. Under
 * Selective the blocks living in the region files are dropped the same way (the base file decides).
 */
class TruncatedToNothingReadsEmptyTest {

    @TempDir
    Path tmp;

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(29).nextBytes(b);
        return b;
    }

    private static void write(AtRestVolume v, Path file, byte[] data) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(data));
            ch.force(true);
        }
    }

    private static byte[] readAll(AtRestVolume v, Path file) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // until full
            }
            return b.array();
        }
    }

    @Test
    void aForcedFileCutToZeroBytesIsAnErrorNotAnEmptyFile() throws IOException {
        AtRestVolume volume = AtRestVolume.create(tmp.resolve("data"), Ciphers.CHACHA20,
                "file:" + tmp.resolve("data.atrest.key"), 4096);
        Path file = volume.root().resolve("segment-00001.dat");
        byte[] data = bytes(10_000);
        write(volume, file, data);

        Files.write(file, new byte[0]); // the attacker's cut: the header goes with the blocks

        assertThatThrownBy(() -> {
            long size = volume.size(file);
            byte[] read = readAll(volume, file);
            throw new AssertionError("no error: size() " + size + ", read " + read.length + " of " + data.length
                    + " bytes: a file cut to nothing reads as an empty file");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }

    @Test
    void underSelectiveTheRegionFilesBlocksVanishWithTheBaseFile() throws IOException {
        AtRestVolume volume = AtRestVolume.create(tmp.resolve("data"), Ciphers.CHACHA8,
                "file:" + tmp.resolve("data.atrest.key"), 4096);
        volume.switchTo(Ciphers.CHACHA20, SwitchModel.SELECTIVE);
        Path file = volume.root().resolve("segment-00002.dat");
        byte[] data = bytes(3 * 4096);
        write(volume, file, data); // the blocks go to the region file data~chacha20; the base file holds empty slots

        Files.write(file, new byte[0]);

        assertThatThrownBy(() -> {
            byte[] read = readAll(volume, file);
            throw new AssertionError("no error: read " + read.length + " of " + data.length
                    + " bytes though the region file still holds them");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }
}
