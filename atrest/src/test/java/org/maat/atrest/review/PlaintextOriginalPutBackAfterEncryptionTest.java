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
 * Promise (README, "Rollback: what the volume knows" and the promise table): "a block, header or file put back to
 * an older copy of itself while the volume is open, once the process has read or written the newer one" is "an
 * error naming file and block"; the volume instance "remembers what it has read and written, in one place that every
 * block read and every seal crosses". An empty file is checked against that record ({@code SeenVersions.empty});
 * a file without the header is not: {@code VolumeFiles.open} hands it to a {@code PlaintextChannel} as soon as its
 * name is listed, without asking what this process has seen there.
 *
 * <p>Attack: {@code maat atrest init} over a data directory encrypts the plaintext files one by one
 * ({@code encryptPlaintext}) and ends plaintext only after the last (or not at all when interrupted: "a later run
 * finishes the job"). Meanwhile a running process reads the encrypted file and appends a record to it. Whoever can
 * write the disk puts back the file's plaintext original (their backup from before {@code init}). The running
 * process, which has read and written the encrypted incarnation, reads the old plaintext silently: the appended
 * record is gone, no error.
 */
class PlaintextOriginalPutBackAfterEncryptionTest {

    @TempDir
    Path tmp;

    @Test
    void thePlaintextOriginalPutBackOverAFileTheProcessReadAndWroteEncryptedIsRefused() throws Exception {
        Path root = tmp.resolve("data");
        Files.createDirectories(root);
        Path file = root.resolve("segment-00000.dat");
        Path other = root.resolve("segment-00001.dat");
        byte[] original = "record 1: the original\n".getBytes(StandardCharsets.UTF_8);
        Files.write(file, original);
        Files.write(other, "record 2: not encrypted yet\n".getBytes(StandardCharsets.UTF_8));
        byte[] backup = Files.readAllBytes(file); // the attacker's copy, taken before the volume

        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + tmp.resolve("data.atrest.key"));
        volume.encryptPlaintext(file); // init under way: 'other' not yet encrypted, plaintext not yet ended
        assertThat(AtRestVolume.isEncrypted(file)).isTrue();
        assertThat(volume.plaintextAllowed()).isTrue();

        // The running process reads the encrypted file and appends an acknowledged, forced record.
        byte[] appended = "record 3: written after encryption\n".getBytes(StandardCharsets.UTF_8);
        try (FileChannel ch = volume.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(appended));
            ch.force(true);
        }
        byte[] newest = ReviewVolumes.readAll(volume, file);
        assertThat(new String(newest, StandardCharsets.UTF_8)).endsWith("record 3: written after encryption\n");

        Files.write(file, backup); // the rollback, while the volume is open in this process

        assertThatThrownBy(() -> {
            byte[] read = ReviewVolumes.readAll(volume, file);
            throw new AssertionError("no error: a file this volume read and wrote encrypted ("
                    + newest.length + " bytes) read as its older plaintext copy \""
                    + new String(read, StandardCharsets.UTF_8).trim() + "\" (" + read.length
                    + " bytes): the acknowledged record 3 is silently gone");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
        // The file's length (what Lucene's fileLength asks) is refused the same way, not the older copy's length.
        assertThatThrownBy(() -> volume.size(file)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("rolled back");
    }
}
