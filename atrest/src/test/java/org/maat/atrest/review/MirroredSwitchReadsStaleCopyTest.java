package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promises 4 and 6 (a switch keeps every byte; a crash leaves every block readable, the newest copy winning).
 * Selective: a block rewritten into another region (its requirement rose to chacha20) is written at
 * generation g+1 in the base file, then its old copy (generation g) in F~chacha8 is punched. A crash between
 * the two leaves both; the design says "higher generation wins", and under Selective it does. After a switch to
 * Mirrored preferring chacha8, reads take the FIRST valid copy in preference order and return the stale
 * generation-g bytes: the switch silently rolls the block back (until a converge, which reads by generation).
 * Cause: file/BlockSet.read(..., firstWins=true) used by BlockChannel.load when cfg.model == MIRRORED
 * (file/BlockChannel.java load()) — first-wins assumes every region holds the same generation, which no switch
 * into Mirrored establishes.
 */
class MirroredSwitchReadsStaleCopyTest {

    @TempDir
    Path tmp;

    @Test
    void afterASwitchToMirroredTheNewestCopyStillWins() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 256);
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        Path file = volume.root().resolve("segment-00000.dat");
        Path weakRegion = volume.root().resolve(AtRestVolume.regionFileName("segment-00000.dat", "chacha8"));
        byte[] old = ReviewVolumes.bytes(1, 256);
        byte[] now = ReviewVolumes.bytes(2, 256);
        ReviewVolumes.write(volume, file, old);   // public: lands in F~chacha8
        byte[] weakBefore = Files.readAllBytes(weakRegion);
        try (EncryptedChannel ch = volume.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.requireAtLeast(Ciphers.CHACHA20);   // now private: moves to the chacha20 region (base)
            ch.write(ByteBuffer.wrap(now), 0);
        }
        // crash between sealing the new copy and punching the old one
        Files.write(weakRegion, weakBefore);
        assertThat(ReviewVolumes.readAll(volume, file)).as("Selective: newest generation wins").isEqualTo(now);

        volume.switchTo(Ciphers.CHACHA8, SwitchModel.MIRRORED);
        assertThat(ReviewVolumes.readAll(volume, file)).as("after the switch to Mirrored").isEqualTo(now);
    }
}
