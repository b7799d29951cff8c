package org.maat.indexer.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.maat.policy.monitor.PolicyViolation;

/**
 * Why a job failed, as the failing tasks or the committer saw it, in a directory beside the output
 * ({@link IndexJobConf#failureReport}): Hadoop's local runner keeps no failure cause, and a monitor
 * denial must reach the user with its explanation. Every writer has a file of its own, written
 * under a temporary name and renamed, because several tasks fail at once (each reducer of a job fed
 * search histories is refused): one shared file was written by two tasks at the same time and its
 * checksum no longer matched. The first line of a report says whether the monitor refused.
 */
final class FailureReport {

    static final String REFUSED = "refused by the monitor";
    static final String FAILED = "failed";

    private static final String SUFFIX = ".txt";

    private FailureReport() {
    }

    /** Records {@code cause} for the driver; never hides it (a report that cannot be written is logged by Hadoop with the task). */
    static void write(Configuration conf, String where, Throwable cause) {
        Path dir = IndexJobConf.failureReport(conf);
        cause = denial(cause);
        String kind = cause instanceof PolicyViolation ? REFUSED : FAILED;
        String text = kind + "\n" + where + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage());
        // where names the task attempt (or "job commit"), so no two writers share a name.
        String name = where.replaceAll("[^A-Za-z0-9_.-]", "_");
        Path file = new Path(dir, name + SUFFIX);
        Path partial = new Path(dir, "." + name + ".partial");
        try {
            FileSystem fs = dir.getFileSystem(conf);
            try (OutputStream out = fs.create(partial, true)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            fs.delete(file, false);
            if (!fs.rename(partial, file)) {
                throw new IOException("could not rename " + partial + " to " + file);
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

    /**
     * The report of the job whose output is {@code out}, its directory removed as it is read: a
     * denial if any writer saw one (the other tasks often fail only because the job was stopping),
     * else the earliest failure.
     */
    static Optional<String> take(Configuration conf, Path out) throws IOException {
        Path dir = IndexJobConf.failureReport(out);
        FileSystem fs = dir.getFileSystem(conf);
        if (!fs.exists(dir)) {
            return Optional.empty();
        }
        List<FileStatus> reports = new ArrayList<>();
        for (FileStatus status : fs.listStatus(dir)) {
            if (status.isFile() && status.getPath().getName().endsWith(SUFFIX)) {
                reports.add(status);
            }
        }
        reports.sort(Comparator.comparingLong(FileStatus::getModificationTime));
        String chosen = null;
        for (FileStatus report : reports) {
            String text = read(fs, report.getPath());
            if (chosen == null || (text.startsWith(REFUSED) && !chosen.startsWith(REFUSED))) {
                chosen = text;
            }
        }
        fs.delete(dir, true);
        return Optional.ofNullable(chosen);
    }

    private static String read(FileSystem fs, Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
