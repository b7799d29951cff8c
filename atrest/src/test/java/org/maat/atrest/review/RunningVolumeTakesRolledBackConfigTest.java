package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise (README, promise table, "data at rest is unreadable without the key, and damage is never wrong data"):
 * "so is a block, header or file put back to an older copy of itself while the volume is open, once the process has
 * read or written the newer one" (an error); the stated limits are a rollback "made while no process has the volume
 * open" and "another volume's {@code atrest.json} under the same key copied over a volume's while none holds it (its
 * model and ciphers taken, as a rollback of the file would)", and "a rollback of {@code atrest.json} ... while no
 * process holds the volume: a process started then believes it".
 *
 * <p>Attack: the volume is open in a running process, which switches it from ChaCha8 to ChaCha20 (it wrote, and
 * so has seen, the newer {@code atrest.json}). Whoever can write the disk puts back the {@code atrest.json} of
 * before the switch (it authenticates: the key holder wrote it). The running process re-reads it within 50 ms
 * ({@code ConfigFile.refresh}: any authenticated configuration replaces the snapshot; only "plaintext ended" is kept
 * one-way) and from then on seals new blocks under ChaCha8, silently: the switch is undone in the very process that
 * made it, no error.
 */
class RunningVolumeTakesRolledBackConfigTest {

    @TempDir
    Path tmp;

    @Test
    void aRunningVolumeRefusesItsOwnAtrestJsonPutBackToBeforeASwitch() throws Exception {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA8, 4096);
        Path root = volume.root();
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);
        byte[] beforeSwitch = Files.readAllBytes(config); // the attacker's copy

        volume.switchTo(Ciphers.CHACHA20, SwitchModel.FORWARD); // this process writes (and reads) the newer one
        assertThat(volume.writeCipher()).isEqualTo(Ciphers.CHACHA20);
        Path first = root.resolve("after-switch.dat");
        assertThat(write(volume, first)).containsOnly(Ciphers.CHACHA20);

        Files.write(config, beforeSwitch); // the rollback, while this process holds the volume
        Thread.sleep(150); // the running volume checks atrest.json at most every 50 ms

        Path second = root.resolve("after-rollback.dat");
        List<AtRestCipher> used;
        try {
            used = write(volume, second);
        } catch (IOException refused) {
            assertThat(refused).hasMessageContaining(AtRestVolume.CONFIG_FILE);
            return; // refused as a rollback: the promise holds
        }
        assertThat(used)
                .as("blocks a running volume sealed after its own atrest.json (switched to chacha20 by this very"
                        + " process) was put back to the copy from before the switch; write cipher now "
                        + volume.writeCipher().name())
                .containsOnly(Ciphers.CHACHA20);
    }

    private static List<AtRestCipher> write(AtRestVolume v, Path file) throws IOException {
        try (EncryptedChannel ch = v.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ)) {
            ch.write(ByteBuffer.wrap(ReviewVolumes.bytes(7, 3 * 4096)));
            ch.force(true);
            return ch.blockCiphers();
        }
    }
}
