package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * Promise: "only the key holder decides what reads as plaintext": {@code atrest.json} is authenticated, "a
 * configuration edited or written without the key is refused", and a volume made over an empty directory never
 * reads a headerless file as plaintext ("header damaged or replaced"). The MAC covers the configuration's fields
 * but nothing that names the volume, and {@code maat index} gives the index the data's key under the same recorded
 * spec ({@code file:../data.atrest.key}, the same string from two sibling roots). So the {@code atrest.json} of the
 * data directory, made by {@code maat atrest init} over existing plaintext and not yet converged
 * ({@code "plaintextFiles": "allowed"}), copied over the index's (a copy of a file, not a rollback: the index never
 * had that configuration), authenticates there; an index file replaced by plaintext of the attacker's choosing then
 * reads as the file's genuine content, no error, in the next process that opens the index.
 */
class SiblingConfigAllowsForgedPlaintextTest {

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
    void theDataVolumesConfigurationCopiedOverTheIndexsMakesAForgedIndexFileReadAsGenuine() throws Exception {
        String keySpec = "file:" + tmp.resolve("data.atrest.key");
        // The data: 'maat atrest init' over a directory of plaintext records, not converged yet.
        Path data = tmp.resolve("data");
        Files.createDirectories(data);
        Files.write(data.resolve("segment-00000.dat"), "a record from before".getBytes(StandardCharsets.UTF_8));
        AtRestVolume dataVolume = AtRestVolume.create(data, Ciphers.CHACHA20, keySpec);
        assertThat(dataVolume.plaintextAllowed()).isTrue();
        // The index: a new volume over an empty directory under the data's key (as 'maat index' makes it).
        Path index = tmp.resolve("index");
        AtRestVolume indexVolume = AtRestVolume.create(index, Ciphers.CHACHA20, keySpec);
        assertThat(indexVolume.plaintextAllowed()).isFalse();
        Path file = index.resolve("_0.cfs");
        try (FileChannel ch = indexVolume.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("the genuine segment".getBytes(StandardCharsets.UTF_8)));
        }
        assertThat(Files.readString(data.resolve(AtRestVolume.CONFIG_FILE)))
                .as("both configurations record the same key spec").contains("\"file:../data.atrest.key\"");
        assertThat(Files.readString(index.resolve(AtRestVolume.CONFIG_FILE))).contains("\"file:../data.atrest.key\"");

        // While nothing runs: the forged file alone is refused by the next process ...
        byte[] forged = "a segment the attacker wrote".getBytes(StandardCharsets.UTF_8);
        Files.write(file, forged);
        AtRestVolume restarted = AtRestVolume.open(index, KeySources.open(keySpec));
        assertThatThrownBy(() -> readAll(restarted, file)).isInstanceOf(IOException.class)
                .hasMessageContaining("header damaged or replaced");

        // ... but with the data's atrest.json copied over the index's, the next process reads it as genuine.
        Files.copy(data.resolve(AtRestVolume.CONFIG_FILE), index.resolve(AtRestVolume.CONFIG_FILE),
                StandardCopyOption.REPLACE_EXISTING);
        AtRestVolume next = AtRestVolume.open(index, KeySources.open(keySpec));
        assertThatThrownBy(() -> {
            byte[] read = readAll(next, file);
            throw new AssertionError("no error: the index read \"" + new String(read, StandardCharsets.UTF_8)
                    + "\" as " + file.getFileName() + "'s content after the data's atrest.json was copied over its own");
        }).isInstanceOf(IOException.class).hasMessageContaining(file.toString());
    }
}
