package org.maat.cli.atrest;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.OptionalLong;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.ConvergeReport;
import org.maat.cli.ProgressBars;
import org.maat.core.progress.Progress;

/**
 * A convergence run in the foreground, shared by {@code atrest converge}, {@code switch --converge} and
 * {@code init}: a progress bar over the volume's plaintext bytes on standard error, the summary on standard
 * output. Safe to interrupt: the volume re-encrypts one block at a time, so a later run finishes the job.
 */
final class Convergence {

    private Convergence() {
    }

    static ConvergeReport run(AtRestVolume volume, boolean quiet, PrintWriter out) throws IOException {
        long total = VolumeTotals.of(volume.status()).bytes();
        long started = System.nanoTime();
        ConvergeReport report;
        try (Progress bar = quiet ? null : ProgressBars.start("converge", "B", OptionalLong.of(total))) {
            report = volume.converge(done -> {
                if (bar != null) {
                    bar.stepTo(done);
                }
            });
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        out.printf("%s: converged to %s (%s): %,d file(s) visited, %,d block(s) re-encrypted (%,d bytes) in %.1f s%n",
                volume.root(), volume.writeCipher().name(), volume.model().label(), report.files(),
                report.blocksRewritten(), report.bytesRewritten(), seconds);
        out.flush();
        return report;
    }
}
