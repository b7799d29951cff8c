package org.maat.indexer.job;

import java.io.IOException;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.maat.core.InvalidSettingException;
import org.maat.core.task.Monitoring;

/**
 * Submits the MapReduce indexer to whatever cluster {@code conf} names (LocalJobRunner or YARN) and
 * waits for it: confined {@link RoutingMapper}s over the data directory's conduit store, one
 * {@link ShardReducer} per group of shards, and the {@link IndexCommitter} that publishes the
 * shards and labels only if the whole job succeeded and the monitor allowed every task's flows.
 * A failed job throws {@link IndexJobException} and has published nothing.
 */
public final class IndexJob {

    /** The settings' names in {@link InvalidSettingException}s. */
    public static final String SHARDS = "shards";
    public static final String REDUCERS = "reducers";

    /**
     * What a successful job did, its wall time from submission to published index, and how many task
     * attempts failed and were retried on the way (none in local mode, which does not retry). {@code documents} is
     * the runtime's count, the store's live documents that the committer found in the shards exactly once; no
     * counter or status a task sets reaches it.
     */
    public record Result(long documents, int shards, int reducers, long nanos, boolean monitored, int failedAttempts) {
    }

    private final Configuration base;
    private Class<? extends RoutingMapper> mapper = RoutingMapper.class;
    private Class<? extends ShardReducer> reducer = ShardReducer.class;

    public IndexJob(Configuration conf) {
        this.base = conf;
    }

    /** Runs this job with another mapper (fault injection). */
    public IndexJob withMapper(Class<? extends RoutingMapper> mapperClass) {
        this.mapper = mapperClass;
        return this;
    }

    /** Runs this job with another reducer (fault injection). */
    public IndexJob withReducer(Class<? extends ShardReducer> reducerClass) {
        this.reducer = reducerClass;
        return this;
    }

    public Result run(Path data, Path out, int shards, int reducers, Monitoring monitoring, LongConsumer progress)
            throws IOException, InterruptedException {
        InvalidSettingException.require(shards >= 1, SHARDS, "must be at least 1, not " + shards);
        InvalidSettingException.require(reducers >= 1 && reducers <= shards, REDUCERS,
                "must be between 1 and the number of shards (" + shards + "), not " + reducers);
        long start = System.nanoTime();
        Configuration conf = new Configuration(base);
        FileSystem dataFs = data.getFileSystem(conf);
        data = dataFs.makeQualified(data);
        if (!dataFs.exists(new Path(data, "manifest.json"))) {
            throw new IllegalArgumentException(data + ": not a Maat data directory (no manifest.json; "
                    + (dataFs.exists(data) ? "an interrupted 'maat generate'?" : "no such directory") + ")");
        }
        FileSystem outFs = out.getFileSystem(conf);
        out = outFs.makeQualified(out);
        IndexJobConf.set(conf, data, out, shards, monitoring);
        // The store commit this job indexes, read by the runtime: its live count is the job's result.
        IndexJobConf.setStore(conf, CommittedStore.read(conf));
        // Algorithm 1: a task's output stays in the job's private directory until job commit.
        conf.setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
        conf.setBoolean("mapreduce.map.speculative", false);
        conf.setBoolean("mapreduce.reduce.speculative", false);
        // One writer per output directory: attempt directories left by a killed job are stale.
        outFs.delete(new Path(out, FileOutputCommitter.PENDING_DIR_NAME), true);
        FailureReport.take(conf, out);

        Job job = Job.getInstance(conf, "maat index " + out);
        job.setJarByClass(IndexJob.class);
        job.setInputFormatClass(ConduitInputFormat.class);
        job.setMapperClass(mapper);
        job.setMapOutputKeyClass(LongWritable.class);
        job.setMapOutputValueClass(NullWritable.class);
        job.setPartitionerClass(ShardKey.ShardPartitioner.class);
        job.setReducerClass(reducer);
        job.setNumReduceTasks(reducers);
        job.setOutputFormatClass(IndexOutputFormat.class);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(NullWritable.class);
        boolean local = "local".equals(conf.get("mapreduce.framework.name", "local"));
        PolicyData.register(job, data, !local);

        // In local mode every task runs in this JVM: open the policy data once, for all of them.
        try (OpenPolicyData shared = local ? OpenPolicyData.acquire(job.getConfiguration()) : null) {
            return submitAndWait(job, conf, out, shards, reducers, monitoring, progress, start);
        }
    }

    private static Result submitAndWait(Job job, Configuration conf, Path out, int shards, int reducers,
                                        Monitoring monitoring, LongConsumer progress, long start)
            throws IOException, InterruptedException {
        try {
            job.submit();
        } catch (ClassNotFoundException e) {
            throw new IOException("a class of the job is not on the class path: " + e.getMessage(), e);
        }
        long poll = Math.max(10, conf.getLong("mapreduce.client.completion.pollinterval", 5000));
        try {
            while (!job.isComplete()) {
                progress.accept(progress(job.getCounters(), IndexJobConf.liveDocuments(conf)));
                Thread.sleep(poll);
            }
        } catch (InterruptedException e) {
            // A driver that stops waiting kills its job: a killed job is aborted and publishes nothing.
            job.killJob();
            throw e;
        }
        Optional<String> report = FailureReport.take(conf, out);
        if (!job.isSuccessful()) {
            String why = report.orElseGet(() -> FailureReport.FAILED + "\n" + failureInfo(job));
            boolean refused = why.startsWith(FailureReport.REFUSED);
            throw new IndexJobException("the MapReduce indexer job " + job.getJobID() + " failed and published"
                    + " nothing: " + why.substring(why.indexOf('\n') + 1), refused);
        }
        // The committer published only if the shards hold exactly the store's live documents, once each.
        long indexed = IndexJobConf.liveDocuments(conf);
        progress.accept(indexed);
        long nanos = System.nanoTime() - start;
        int failed = 0;
        for (TaskCompletionEvent event : job.getTaskCompletionEvents(0, Integer.MAX_VALUE)) {
            failed += event.getStatus() == TaskCompletionEvent.Status.FAILED ? 1 : 0;
        }
        return new Result(indexed, shards, reducers, nanos, monitoring.monitored(), failed);
    }

    /**
     * A progress figure from the tasks' counters, which task code can touch: clamped to {@code [0, total]} and only
     * ever shown while the job runs, never returned as a result.
     */
    private static long progress(Counters counters, long total) {
        if (counters == null) {
            return 0;
        }
        long routed = Math.max(0, Math.min(total, counters.findCounter(IndexCounters.DOCUMENTS_ROUTED).getValue()));
        long indexed = Math.max(0, Math.min(total, counters.findCounter(IndexCounters.DOCUMENTS_INDEXED).getValue()));
        return (routed + indexed) / 2;
    }

    private static String failureInfo(Job job) {
        try {
            String info = job.getStatus().getFailureInfo();
            return info == null || info.isBlank() ? "see the job's logs" : info;
        } catch (IOException | InterruptedException e) {
            return "see the job's logs (" + e.getMessage() + ")";
        }
    }
}
