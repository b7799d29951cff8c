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
 * skips every file some channel of this JVM has open for writing (in a live `maat serve` the conduit store's
 * editor keeps its segment and edit log open): the writer keeps its region files open and would not see one
 * that convergence creates or deletes. Skipping is sound; skipping silently was not: the report names the
 * skipped files, and a converge once they are closed finishes them.
 */
class ConvergeSkipsOpenFilesSilentlyTest {

    @TempDir
    Path tmp;

    @Test
    void aFileOpenForWritingIsNamedInTheReportAndConvergedOnceClosed() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA8, 256);
        Path file = volume.root().resolve("segment-00000.dat");
        ReviewVolumes.write(volume, file, ReviewVolumes.bytes(4, 4 * 256));
        ConvergeReport report;
        try (FileChannel idleWriter = volume.open(file, StandardOpenOption.WRITE)) {
            volume.switchTo(Ciphers.CHACHA20, SwitchModel.FORWARD);
            report = volume.converge(b -> { });
        }
        assertThat(report.skipped()).containsExactly(Path.of("segment-00000.dat"));
        assertThat(ciphers(volume, file)).as("blocks of the skipped file").containsOnly(Ciphers.CHACHA8);

        ConvergeReport again = volume.converge(b -> { });
        assertThat(again.skipped()).isEmpty();
        assertThat(ciphers(volume, file)).as("blocks after converge (report: %s)", again)
                .containsOnly(Ciphers.CHACHA20);
    }

    private static List<AtRestCipher> ciphers(AtRestVolume volume, Path file) throws IOException {
        try (EncryptedChannel ch = volume.open(file, StandardOpenOption.READ)) {
            return ch.blockCiphers();
        }
    }
}
