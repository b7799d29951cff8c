package org.maat.indexer.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.maat.policy.monitor.PolicyViolation;

/**
 * Why a job failed, as the failing task or committer saw it, in one file beside the output
 * ({@link IndexJobConf#failureReport}): Hadoop's local runner keeps no failure cause, and a monitor
 * denial must reach the user with its explanation. The first line says whether the monitor refused.
 */
final class FailureReport {

    static final String REFUSED = "refused by the monitor";
    static final String FAILED = "failed";

    private FailureReport() {
    }

    /** Records {@code cause} for the driver; never hides it (a report that cannot be written is logged by Hadoop with the task). */
    static void write(Configuration conf, String where, Throwable cause) {
        Path file = IndexJobConf.failureReport(conf);
        String kind = cause instanceof PolicyViolation ? REFUSED : FAILED;
        String text = kind + "\n" + where + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage());
        try {
            FileSystem fs = file.getFileSystem(conf);
            try (OutputStream out = fs.create(file, true)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /** The report of the job whose output is {@code out}, removed as it is read. */
    static Optional<String> take(Configuration conf, Path out) throws IOException {
        Path file = IndexJobConf.failureReport(out);
        FileSystem fs = file.getFileSystem(conf);
        if (!fs.exists(file)) {
            return Optional.empty();
        }
        String text;
        try (InputStream in = fs.open(file)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        fs.delete(file, false);
        return Optional.of(text);
    }
}
