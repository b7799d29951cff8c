package org.maat.cli.atrest;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.ConvergeReport;
import org.maat.cli.ProgressBars;
import org.maat.core.progress.Progress;

/**
 * A convergence run in the foreground, shared by {@code atrest converge}, {@code switch --converge} and
 * {@code init}: first the covered files still in plaintext are encrypted ({@link CoveredFiles}), then the volume
 * re-encrypts every block not under the cipher it wants; progress on standard error, the summary on standard
 * output. Safe to interrupt: files are replaced atomically and blocks re-encrypted one at a time, so a later run
 * finishes the job.
 */
final class Convergence {

    private Convergence() {
    }

    static void run(AtRestVolume volume, boolean quiet, PrintWriter out) throws IOException {
        long started = System.nanoTime();
        List<Path> plaintext = CoveredFiles.plaintext(volume.root());
        long plainBytes = 0;
        for (Path p : plaintext) {
            plainBytes += Files.size(p);
        }
        if (!plaintext.isEmpty()) {
            try (Progress bar = quiet ? null : ProgressBars.start("encrypt", "B", OptionalLong.of(plainBytes))) {
                for (Path p : plaintext) {
                    long n = volume.encryptPlaintext(p);
                    if (bar != null) {
                        bar.stepBy(n);
                    }
                }
            }
        }
        // Every covered file is encrypted now: from here on a file without the header is damaged or replaced.
        volume.endPlaintext();
        ConvergeReport report;
        // How many bytes need re-encrypting is known only by going through them: the bar counts without a total.
        // The volume reports bytes done per file, starting again at each file: a drop means a new file.
        long[] finishedAndLast = {0, 0};
        try (Progress bar = quiet ? null : ProgressBars.start("converge", "B", OptionalLong.empty())) {
            report = volume.converge(done -> {
                if (done < finishedAndLast[1]) {
                    finishedAndLast[0] += finishedAndLast[1];
                }
                finishedAndLast[1] = done;
                if (bar != null) {
                    bar.stepTo(finishedAndLast[0] + done);
                }
            });
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        out.printf("%s: %,d plaintext file(s) encrypted (%,d bytes); converged to %s (%s): %,d file(s) visited, "
                        + "%,d block(s) re-encrypted (%,d bytes) in %.1f s%n", volume.root(), plaintext.size(), plainBytes,
                volume.writeCipher().name(), volume.model().label(), report.files(), report.blocksRewritten(),
                report.bytesRewritten(), seconds);
        if (!report.skipped().isEmpty()) {
            out.printf("%s: %,d file(s) skipped, open for writing in this process: converge again once they are "
                    + "closed: %s%n", volume.root(), report.skipped().size(), report.skipped());
        }
        out.flush();
    }
}
