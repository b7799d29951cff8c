package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.VolumeStatus;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 4 (status() reports the truth: which cipher protects how many bytes). After a crash between sealing
 * a block's new copy (chacha20 region, generation g+1) and punching its old one (chacha8 region, generation g)
 * — a state the design says readers resolve by generation — status counts both copies: a 256-byte file is
 * reported as 256 bytes under chacha20 AND 256 bytes under chacha8, the stale, superseded copy included, so
 * `maat atrest status` says data is still under chacha8 that is not (and sums to twice the file).
 * Cause: file/StatusScan.count adds every slot whose header names a cipher, per physical file, without
 * resolving copies of one block by generation (or authenticating the header).
 */
class StatusCountsStaleCopiesTest {

    @TempDir
    Path tmp;

    @Test
    void aSupersededCopyIsNotCountedAsProtectedBytes() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 256);
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        Path file = volume.root().resolve("segment-00000.dat");
        Path weakRegion = volume.root().resolve(AtRestVolume.regionFileName("segment-00000.dat", "chacha8"));
        ReviewVolumes.write(volume, file, ReviewVolumes.bytes(1, 256));
        byte[] weakBefore = Files.readAllBytes(weakRegion);
        try (EncryptedChannel ch = volume.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.requireAtLeast(Ciphers.CHACHA20);
            ch.write(ByteBuffer.wrap(ReviewVolumes.bytes(2, 256)), 0);
        }
        Files.write(weakRegion, weakBefore); // crash before the old copy was punched

        VolumeStatus.FileStatus status = volume.status().files().stream()
                .filter(f -> f.file().getFileName().toString().equals("segment-00000.dat")).findFirst().orElseThrow();
        long total = 0;
        long underChaCha8 = 0;
        for (Map<String, Long> byCipher : status.bytesByRegionAndCipher().values()) {
            for (Map.Entry<String, Long> e : byCipher.entrySet()) {
                total += e.getValue();
                underChaCha8 += e.getKey().equals("chacha8") ? e.getValue() : 0;
            }
        }
        assertThat(underChaCha8).as("bytes status reports under chacha8 (%s)", status).isZero();
        assertThat(total).as("bytes status reports for a 256-byte file").isEqualTo(256);
    }
}
