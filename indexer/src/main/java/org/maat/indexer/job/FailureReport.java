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
        cause = denial(cause);
        String kind = cause instanceof PolicyViolation ? REFUSED : FAILED;
        String text = kind + "\n" + where + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage());
        try {
            FileSystem fs = file.getFileSystem(conf);
            // The first cause is kept (tasks stopped after it fail too), except that a denial replaces any other.
            if (fs.exists(file) && (kind.equals(FAILED) || read(fs, file).startsWith(REFUSED))) {
                return;
            }
            try (OutputStream out = fs.create(file, true)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * The monitor's denial behind {@code failure}, if any: Lucene closes a writer whose file creation
     * was refused and reports later calls as "already closed", with the denial as the cause.
     */
    private static Throwable denial(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof PolicyViolation) {
                return t;
            }
        }
        return failure;
    }

    /** The report of the job whose output is {@code out}, removed as it is read. */
    static Optional<String> take(Configuration conf, Path out) throws IOException {
        Path file = IndexJobConf.failureReport(out);
        FileSystem fs = file.getFileSystem(conf);
        if (!fs.exists(file)) {
            return Optional.empty();
        }
        String text = read(fs, file);
        fs.delete(file, false);
        return Optional.of(text);
    }

    private static String read(FileSystem fs, Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
