package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise: a file replaced on disk is "an error naming the file, never wrong data"; once every plaintext file is
 * encrypted, "a file without the encrypted header is an error naming it ('header damaged or replaced'), in this and
 * every other process". Whether plaintext files may exist is one unauthenticated field of {@code atrest.json}. A
 * person who can write the disk puts back the {@code atrest.json} of before {@code endPlaintext} (a rollback of one
 * file, as the README's attacker may do), or simply drops the field ("absent: allowed"), then replaces an encrypted
 * file by plaintext of their choosing: the volume reads the forgery as the file's genuine content, no error, in a
 * process that was already running (the configuration is re-read when it changes) and in a fresh one.
 */
class ConfigRollbackAcceptsForgedPlaintextTest {

    @TempDir
    Path tmp;

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
    void rollingBackAtrestJsonMakesAForgedPlaintextFileReadAsGenuine() throws Exception {
        Path root = tmp.resolve("data");
        Files.createDirectories(root);
        Path file = root.resolve("segment-00000.dat");
        Files.write(file, "the genuine record".getBytes(StandardCharsets.UTF_8)); // data from before the volume
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + tmp.resolve("data.atrest.key"));
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);
        byte[] before = Files.readAllBytes(config); // the attacker's backup
        volume.encryptPlaintext(file);
        volume.endPlaintext();
        assertThat(AtRestVolume.isEncrypted(file)).isTrue();
        assertThat(volume.plaintextAllowed()).isFalse();

        byte[] forged = "a record the attacker wrote".getBytes(StandardCharsets.UTF_8);
        Files.write(file, forged);
        assertThatThrownBy(() -> readAll(volume, file)).isInstanceOf(IOException.class)
                .hasMessageContaining("header damaged or replaced"); // refused, as promised

        Files.write(config, before); // the rollback
        Thread.sleep(120); // the running process re-reads atrest.json within 50 ms

        assertThatThrownBy(() -> {
            byte[] read = readAll(volume, file);
            throw new AssertionError("no error: read \"" + new String(read, StandardCharsets.UTF_8)
                    + "\" as the file's content after atrest.json was rolled back");
        }).isInstanceOf(IOException.class).satisfies(refused -> assertThat(refused.getMessage())
                .containsAnyOf(file.toString(), AtRestVolume.CONFIG_FILE)); // the file, or the rolled-back config
    }

    @Test
    void droppingTheFieldFromAVolumeThatNeverHeldPlaintextDoesTheSame() throws Exception {
        Path root = tmp.resolve("data");
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + tmp.resolve("data.atrest.key"));
        assertThat(volume.plaintextAllowed()).isFalse();
        Path file = root.resolve("segment-00000.dat");
        try (FileChannel ch = volume.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("the genuine record".getBytes(StandardCharsets.UTF_8)));
        }
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);
        String json = Files.readString(config);
        Files.writeString(config, json.replaceAll(",\\s*\"plaintextFiles\"\\s*:\\s*\"none\"", ""));
        Files.write(file, "a record the attacker wrote".getBytes(StandardCharsets.UTF_8));
        Thread.sleep(120);

        assertThatThrownBy(() -> {
            byte[] read = readAll(volume, file);
            throw new AssertionError("no error: read \"" + new String(read, StandardCharsets.UTF_8)
                    + "\" as the file's content after plaintextFiles was dropped from atrest.json");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }
}
