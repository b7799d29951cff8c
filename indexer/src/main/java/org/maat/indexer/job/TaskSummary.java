package org.maat.indexer.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The side files a task attempt leaves in its work directory for the committer: its reduced taint
 * ({@code taint}: one conduit id per label) and, for each shard a reducer built, the shard's commit
 * ({@code shard-K.commit}: documents, Lucene generation, the commit's files). They travel with the
 * attempt's output, so only a committed attempt's summaries ever reach the job commit: a failed or
 * retried attempt's are discarded with its directory.
 */
final class TaskSummary {

    static final String TAINT = "taint";
    private static final String SHARD_SUFFIX = ".commit";

    /** A shard as a reducer committed it. */
    record Shard(int shard, long documents, long generation, List<String> files) {
    }

    private TaskSummary() {
    }

    static void writeTaint(FileSystem fs, Path work, List<String> conduitIds) throws IOException {
        try (OutputStream out = fs.create(new Path(work, TAINT), true)) {
            out.write(String.join("\n", conduitIds).getBytes(StandardCharsets.UTF_8));
        }
    }

    static List<String> readTaint(FileSystem fs, Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.isEmpty() ? List.of() : List.of(text.split("\n"));
        }
    }

    static void writeShard(FileSystem fs, Path work, Shard shard) throws IOException {
        Properties p = new Properties();
        p.setProperty("shard", Integer.toString(shard.shard()));
        p.setProperty("documents", Long.toString(shard.documents()));
        p.setProperty("generation", Long.toString(shard.generation()));
        p.setProperty("files", String.join(",", shard.files()));
        try (OutputStream out = fs.create(new Path(work, shardDirectory(shard.shard()) + SHARD_SUFFIX), true)) {
            p.store(out, "a shard built by a Maat reducer");
        }
    }

    static boolean isShardSummary(Path file) {
        return file.getName().startsWith("shard-") && file.getName().endsWith(SHARD_SUFFIX);
    }

    static Shard readShard(FileSystem fs, Path file) throws IOException {
        Properties p = new Properties();
        try (InputStream in = fs.open(file)) {
            p.load(in);
        }
        try {
            String files = p.getProperty("files", "");
            return new Shard(Integer.parseInt(p.getProperty("shard")), Long.parseLong(p.getProperty("documents")),
                    Long.parseLong(p.getProperty("generation")),
                    files.isEmpty() ? List.of() : new ArrayList<>(Arrays.asList(files.split(","))));
        } catch (RuntimeException e) {
            throw new IOException(file + ": malformed shard summary (" + e.getMessage() + ")");
        }
    }

    static String shardDirectory(int shard) {
        return "shard-" + shard;
    }
}
