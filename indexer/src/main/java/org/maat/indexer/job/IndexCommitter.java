package org.maat.indexer.job;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.policy.Conduit;

/**
 * Publishes the job's shards and their labels, atomically with respect to the job's outcome.
 *
 * <p>Task attempts work in private directories, and only a committed attempt's directory survives
 * (Hadoop's algorithm 1: a retried or failed attempt's shards and summaries are deleted with it, so
 * nothing is counted twice). At job commit, and only then:
 * <ol>
 *   <li>every shard {@code 0..N-1} must have been built by exactly one committed reducer;</li>
 *   <li>under the monitor, one confined task acting as {@value IndexLabels#OWNER} reads the reduced
 *       taint of every committed map and reduce task, and writes every file of every shard: if any
 *       task read a conduit whose policy does not allow flows into the index, the monitor's denial
 *       fails the job and nothing is published;</li>
 *   <li>the label store ({@value #LABELS}) is written once, from the committed shards' files, in a
 *       private directory;</li>
 *   <li>the previous index's label store is moved away first (searchers then refuse the index rather
 *       than see shards and labels that disagree), the shard directories are swapped in, and the new
 *       label store is renamed into place last.</li>
 * </ol>
 * A job that fails or is killed before commit leaves the output as it was; its attempt directories
 * go with {@code abortJob}, and a rerun starts clean.
 */
final class IndexCommitter extends FileOutputCommitter {

    static final String LABELS = "labels.db";

    private final Path out;

    IndexCommitter(Path out, TaskAttemptContext context) throws IOException {
        super(out, context);
        this.out = out;
    }

    @Override
    public void commitJob(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        try {
            publish(conf, getJobAttemptPath(context));
        } catch (IOException | RuntimeException e) {
            FailureReport.write(conf, "job commit", e);
            throw e;
        }
        cleanupJob(context);
    }

    private void publish(Configuration conf, Path committed) throws IOException {
        FileSystem fs = out.getFileSystem(conf);
        int shardCount = IndexJobConf.shards(conf);
        TreeMap<Integer, TaskSummary.Shard> shards = new TreeMap<>();
        TreeMap<Integer, Path> shardDirs = new TreeMap<>();
        List<String> taint = new ArrayList<>();
        for (FileStatus taskDir : fs.listStatus(committed)) {
            if (!taskDir.isDirectory()) {
                continue;
            }
            for (FileStatus file : fs.listStatus(taskDir.getPath())) {
                Path path = file.getPath();
                if (path.getName().equals(TaskSummary.TAINT)) {
                    taint.addAll(TaskSummary.readTaint(fs, path));
                } else if (TaskSummary.isShardSummary(path)) {
                    TaskSummary.Shard shard = TaskSummary.readShard(fs, path);
                    if (shards.put(shard.shard(), shard) != null) {
                        throw new IOException("shard " + shard.shard() + " was committed by two tasks");
                    }
                    shardDirs.put(shard.shard(), new Path(taskDir.getPath(), TaskSummary.shardDirectory(shard.shard())));
                }
            }
        }
        for (int shard = 0; shard < shardCount; shard++) {
            if (!shards.containsKey(shard)) {
                throw new IOException("no committed reducer built shard " + shard + " of " + shardCount);
            }
        }
        long documents = shards.values().stream().mapToLong(TaskSummary.Shard::documents).sum();
        java.nio.file.Path labelsDir = null;
        try {
            if (IndexJobConf.policy(conf)) {
                Set<Conduit> labels = checkFlows(conf, taint, shards);
                labelsDir = Files.createTempDirectory(Files.createDirectories(IndexJobConf.localDir(conf)), "maat-labels-");
                long[] generations = shards.values().stream().mapToLong(TaskSummary.Shard::generation).toArray();
                try (IndexLabels store = IndexLabels.open(new IndexLayout(labelsDir))) {
                    store.publish(new PublishedIndex(generations, documents), labels);
                }
            }
            // Lucene files and the label store are published bare, as the sequential indexer leaves them:
            // no checksum side files of Hadoop's local file system.
            FileSystem bare = fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
            swap(bare, committed, shardDirs, labelsDir == null ? null : labelsDir.resolve(LABELS));
        } finally {
            if (labelsDir != null) {
                FileUtil.fullyDelete(labelsDir.toFile());
            }
        }
    }

    /**
     * The monitor's check of the whole job: a confined task tainted by everything every committed
     * task read writes each index file. Returns the files' labels; throws the denial otherwise.
     */
    private static Set<Conduit> checkFlows(Configuration conf, List<String> taint,
                                           TreeMap<Integer, TaskSummary.Shard> shards) throws IOException {
        Set<Conduit> labels = new HashSet<>();
        try (ConfinedTask job = ConfinedTask.open(conf)) {
            for (String id : taint) {
                job.read(id);
            }
            for (TaskSummary.Shard shard : shards.values()) {
                for (String file : shard.files()) {
                    Conduit label = IndexLabels.label(shard.shard(), file);
                    job.write(label);
                    labels.add(label);
                }
            }
        }
        return labels;
    }

    private void swap(FileSystem fs, Path committed, TreeMap<Integer, Path> shardDirs, java.nio.file.Path labels)
            throws IOException {
        Path replaced = new Path(committed, "_replaced");
        fs.mkdirs(replaced);
        Path oldLabels = new Path(out, LABELS);
        if (fs.exists(oldLabels)) {
            rename(fs, oldLabels, new Path(replaced, LABELS));
        }
        for (int shard = 0; fs.exists(new Path(out, TaskSummary.shardDirectory(shard))); shard++) {
            rename(fs, new Path(out, TaskSummary.shardDirectory(shard)),
                    new Path(replaced, TaskSummary.shardDirectory(shard)));
        }
        for (var entry : shardDirs.entrySet()) {
            rename(fs, entry.getValue(), new Path(out, TaskSummary.shardDirectory(entry.getKey())));
        }
        if (labels != null) {
            Path staged = new Path(committed, LABELS);
            fs.copyFromLocalFile(false, true, new Path(labels.toUri()), staged);
            rename(fs, staged, oldLabels);
        }
    }

    private static void rename(FileSystem fs, Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("cannot move " + from + " to " + to);
        }
    }
}
