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
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.NoPolicyRecord;
import org.maat.core.lucene.PublicationObserver;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.lucene.ShardDirectory;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.lang.AtRestStrength;

/**
 * Publishes the job's shards and their labels, atomically with respect to the job's outcome and to
 * a crash of the committing process.
 *
 * <p>Task attempts work in private directories, and only a committed attempt's directory survives
 * (Hadoop's algorithm 1: a retried or failed attempt's shards and summaries are deleted with it, so
 * nothing is counted twice). At job commit, and only then:
 * <ol>
 *   <li>every shard {@code 0..N-1} must have been built by exactly one committed reducer, and the shards must hold
 *       exactly the store commit's live documents (each reducer accepted a document once, in its shard: so the
 *       counts add up only when every live document was indexed exactly once); else the job fails with
 *       {@link ReceivedDocuments#LEFT_OUT_OR_REPEATED}, a map task choosing no subset of what is published;</li>
 *   <li>one confined task acting as {@value IndexLabels#OWNER} reads the reduced taint of every
 *       committed map and reduce task;</li>
 *   <li>on a local file system (every {@code maat index --engine mapreduce}), that task publishes
 *       the shards exactly as the sequential indexer does, through core's {@link ShardWriters}: it
 *       copies each committed shard's segments into the index's {@code shard-K} beside the published
 *       commit, every file a write the monitor checks (a task taint that does not allow flows into
 *       the index fails the job, and nothing is published), commits, and then one label-store batch
 *       (or the {@link NoPolicyRecord}, with {@code --no-policy}) names the new commits. A kill at
 *       any point leaves the previous index or the new one, never a mix;</li>
 *   <li>on any other file system (a cluster's), where Lucene cannot write, the shard directories
 *       are swapped by renames and the label store, built locally, renamed into place last. That
 *       swap is not atomic: a committer killed during it leaves an index that readers refuse as
 *       damaged (its label store is missing) until a rerun publishes.</li>
 * </ol>
 * A job that fails or is killed before commit leaves the output as it was; its attempt directories
 * go with {@code abortJob}, or with the next run, which starts clean.
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
        // Each reducer accepted a live document only once and only in its shard: the counts add up to the store's live
        // count exactly when every live document was indexed once (a map task chooses no subset).
        if (documents != IndexJobConf.liveDocuments(conf)) {
            throw ReceivedDocuments.leftOutOrRepeated();
        }
        PublicationObserver observer = IndexJobConf.publicationObserver(conf);
        Monitoring monitoring = IndexJobConf.monitoring(conf);
        try (ConfinedTask job = ConfinedTask.open(conf)) {
            Set<Conduit> labels = monitoring.monitored() ? checkFlows(job, taint, shards, fs, shardDirs) : Set.of();
            if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
                publishLocally(conf, monitoring, job, local(fs, out), shards, shardDirs, documents, observer);
            } else {
                swap(conf, monitoring, fs, committed, shards, shardDirs, labels, documents, observer);
            }
        }
    }

    /**
     * The monitor's check of the whole job before the output is touched: the job task, tainted by
     * everything every committed task read, writes each file the reducers built. Returns the files'
     * labels; throws the denial otherwise, and then the output directory is as it was.
     */
    private static Set<Conduit> checkFlows(ConfinedTask job, List<String> taint,
                                           TreeMap<Integer, TaskSummary.Shard> shards, FileSystem fs,
                                           TreeMap<Integer, Path> shardDirs) throws IOException {
        for (String id : taint) {
            job.read(id);
        }
        Set<Conduit> labels = new HashSet<>();
        for (TaskSummary.Shard shard : shards.values()) {
            for (String file : shard.files()) {
                Conduit label = IndexLabels.label(shard.shard(), file,
                        sealedWith(fs, new Path(shardDirs.get(shard.shard()), file)));
                job.write(label);
                labels.add(label);
            }
        }
        return labels;
    }

    /**
     * The cipher a built file is sealed with at rest: read from the file on a local file system (in the data
     * directory's volume, or plaintext); on a cluster's file system not read, so labelled
     * {@value AtRestStrength#NONE}, which policies requiring a cipher refuse (never a label stronger than known).
     */
    private static String sealedWith(FileSystem fs, Path file) throws IOException {
        return fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem
                ? ShardDirectory.sealedWith(local(fs, file)) : AtRestStrength.NONE;
    }

    /** The sequential indexer's publication: core's {@link ShardWriters}, fed the reducers' segments. */
    private static void publishLocally(Configuration conf, Monitoring monitoring, ConfinedTask job,
                                       java.nio.file.Path root, TreeMap<Integer, TaskSummary.Shard> shards,
                                       TreeMap<Integer, Path> shardDirs, long documents,
                                       PublicationObserver observer) throws IOException {
        IndexLayout layout = new IndexLayout(root);
        try (IndexLabelling labels = IndexLabelling.forWriting(layout, monitoring)) {
            ShardWriters writers = ShardWriters.open(layout, shardDirs.size(), IndexFields.analyzer(), labels, job.atRestFloorGate())
                    .observedBy(observer);
            try {
                for (var built : shardDirs.entrySet()) {
                    java.nio.file.Path dir = local(built.getValue().getFileSystem(conf), built.getValue());
                    try (Directory segments = ShardDirectory.open(dir)) {
                        if (liveDocuments(segments) != shards.get(built.getKey()).documents()) {
                            throw ReceivedDocuments.leftOutOrRepeated(); // the shard is not what its reducer counted
                        }
                        // Copies the segments as they are (same documents, same order), under new names.
                        writers.addSegments(built.getKey(), segments);
                    }
                }
                writers.commit(documents);
            } catch (IOException | RuntimeException | Error e) {
                writers.abandon();
                throw e;
            }
            writers.close();
        }
    }

    /** The documents a built shard's latest commit holds, as Lucene counts them. */
    private static long liveDocuments(Directory segments) throws IOException {
        long live = 0;
        for (SegmentCommitInfo info : SegmentInfos.readLatestCommit(segments)) {
            live += info.info.maxDoc() - info.getDelCount();
        }
        return live;
    }

    private static java.nio.file.Path local(FileSystem fs, Path path) {
        return java.nio.file.Path.of(fs.makeQualified(path).toUri());
    }

    /** On a cluster's file system: the swap by renames, the published state last. */
    private void swap(Configuration conf, Monitoring monitoring, FileSystem fs, Path committed,
                      TreeMap<Integer, TaskSummary.Shard> shards, TreeMap<Integer, Path> shardDirs, Set<Conduit> labels,
                      long documents, PublicationObserver observer) throws IOException {
        observer.reached(PublicationObserver.Step.SHARDS_WRITTEN);
        java.nio.file.Path staging = Files.createTempDirectory(Files.createDirectories(IndexJobConf.localDir(conf)),
                "maat-published-");
        try {
            IndexLayout staged = new IndexLayout(staging);
            PublishedIndex index = new PublishedIndex(
                    shards.values().stream().mapToLong(TaskSummary.Shard::generation).toArray(), documents);
            java.nio.file.Path state;
            try (IndexLabelling store = IndexLabelling.forWriting(staged, monitoring)) {
                store.publish(index, labels);
                state = store.file();
            }
            Path replaced = new Path(committed, "_replaced");
            fs.mkdirs(replaced);
            Path published = new Path(out, state.getFileName().toString());
            if (fs.exists(published)) {
                rename(fs, published, new Path(replaced, published.getName()));
            }
            for (FileStatus child : fs.listStatus(out)) {
                if (child.isDirectory() && child.getPath().getName().matches("shard-\\d+")) {
                    rename(fs, child.getPath(), new Path(replaced, child.getPath().getName()));
                }
            }
            for (var entry : shardDirs.entrySet()) {
                rename(fs, entry.getValue(), new Path(out, TaskSummary.shardDirectory(entry.getKey())));
            }
            observer.reached(PublicationObserver.Step.COMMITS_DURABLE);
            Path upload = new Path(committed, published.getName());
            fs.copyFromLocalFile(false, true, new Path(state.toUri()), upload);
            rename(fs, upload, published);
            observer.reached(PublicationObserver.Step.PUBLISHED);
        } finally {
            FileUtil.fullyDelete(staging.toFile());
        }
    }

    private static void rename(FileSystem fs, Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("cannot move " + from + " to " + to);
        }
    }
}
