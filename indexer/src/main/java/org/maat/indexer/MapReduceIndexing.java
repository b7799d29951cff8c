package org.maat.indexer;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;
import org.maat.indexer.job.IndexJob;
import org.maat.indexer.job.IndexJobConf;

/**
 * The MapReduce indexer in local mode, in this process: Hadoop's LocalJobRunner over {@code file:}
 * paths, no Hadoop installation, every Hadoop directory (staging, local, tmp) in a fresh directory
 * under {@code java.io.tmpdir} that is deleted afterwards, so nothing is written outside it and the
 * output directory. Maps and reduces run in parallel threads (as many maps as cores, one thread per
 * reducer). The output is the sequential indexer's layout: {@code OUT/shard-K} and, under the
 * monitor, {@code OUT/labels.db}; {@code maat search} opens either.
 */
public final class MapReduceIndexing {

    private MapReduceIndexing() {
    }

    /**
     * Indexes {@code data} into {@code out} with {@code reducers} reducers building {@code shards}
     * shards, under the monitor or with none as {@code monitoring} says. {@code progress} is told documents indexed so
     * far (approximate while the job runs). Throws {@link org.maat.indexer.job.IndexJobException}
     * (with the monitor's denial, if it refused) when the job failed; then nothing was published.
     */
    public static IndexRun.Report run(DataDir data, IndexLayout out, int shards, int reducers, Monitoring monitoring,
                                      LongConsumer progress) throws IOException {
        Path tmp = Files.createTempDirectory("maat-mapreduce-");
        try {
            IndexJob.Result result = new IndexJob(localConfiguration(tmp, reducers)).run(
                    new org.apache.hadoop.fs.Path(data.root().toAbsolutePath().toUri()),
                    new org.apache.hadoop.fs.Path(out.root().toAbsolutePath().toUri()), shards, reducers, monitoring,
                    progress);
            return new IndexRun.Report(result.documents(), result.shards(), result.nanos(), result.monitored());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the indexer job ran");
        } finally {
            FileUtil.fullyDelete(tmp.toFile());
        }
    }

    /** The configuration of a local job whose Hadoop directories are all under {@code tmp}. */
    public static Configuration localConfiguration(Path tmp, int reducers) {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", tmp.resolve("staging").toString());
        conf.set("mapreduce.cluster.local.dir", tmp.resolve("local").toString());
        conf.set(IndexJobConf.LOCAL_DIR, tmp.resolve("tasks").toString());
        // The 5 s default would dominate a small job.
        conf.setInt("mapreduce.client.completion.pollinterval", 50);
        conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
        int cores = Runtime.getRuntime().availableProcessors();
        conf.setInt("mapreduce.local.map.tasks.maximum", cores);
        conf.setInt("mapreduce.local.reduce.tasks.maximum", reducers);
        conf.setInt(IndexJobConf.SPLITS, cores);
        // After the shuffle a reducer holds its map outputs in memory; by default (0 %) it merges them into a
        // file on disk before reducing and reads them back. Keep up to a quarter of the heap in memory instead.
        conf.setFloat("mapreduce.reduce.input.buffer.percent", 0.25f);
        return conf;
    }
}
