package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.ConvergeReport;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 4 (after converge no block is under the old cipher; status/report tell the truth). Convergence
 * skips every file some channel of this JVM has open for writing — in a live `maat serve` the conduit store's
 * editor keeps its segment and edit log open — and says nothing: ConvergeReport has no "skipped" count, the
 * call returns normally, and the file's old blocks stay under the old cipher after the writer closes.
 * Cause: file/Convergence.run (`if (files.beingWritten(file)) continue;`); the writer's seal lock would let it
 * converge such a file block by block instead.
 */
class ConvergeSkipsOpenFilesSilentlyTest {

    @TempDir
    Path tmp;

    @Test
    void aFileOpenForWritingIsConvergedToo() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA8, 256);
        Path file = volume.root().resolve("segment-00000.dat");
        ReviewVolumes.write(volume, file, ReviewVolumes.bytes(4, 4 * 256));
        ConvergeReport report;
        try (FileChannel idleWriter = volume.open(file, StandardOpenOption.WRITE)) {
            volume.switchTo(Ciphers.CHACHA20, SwitchModel.FORWARD);
            report = volume.converge(b -> { });
        }
        List<AtRestCipher> ciphers;
        try (EncryptedChannel ch = volume.open(file, StandardOpenOption.READ)) {
            ciphers = ch.blockCiphers();
        }
        assertThat(ciphers).as("blocks after converge (report: %s)", report).containsOnly(Ciphers.CHACHA20);
    }
}
