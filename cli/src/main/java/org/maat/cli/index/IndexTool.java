package org.maat.cli.index;

import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.maat.cli.SettingFlags;
import org.maat.cli.options.NoPolicyOption;
import org.maat.core.InvalidSettingException;
import org.maat.core.task.Monitoring;
import org.maat.indexer.job.IndexJob;
import org.maat.indexer.job.IndexJobException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The MapReduce indexer as a Hadoop {@link Tool}, for a real cluster:
 * {@code hadoop jar maat-cli-VERSION-job.jar org.maat.cli.index.IndexTool -conf cluster.xml
 * --data hdfs:///maat/data --out hdfs:///maat/index --shards 4}. {@link ToolRunner} handles the
 * standard options ({@code -D}, {@code -conf}, {@code -fs}, {@code -libjars}, {@code -files}); the
 * rest are this tool's. Exit codes: 0 published, 1 the job failed, 2 bad arguments, 3 the monitor
 * refused.
 */
@Command(name = "maat-index-job", mixinStandardHelpOptions = true, sortOptions = false,
        resourceBundle = "org.maat.cli.index.Indexing",
        description = "Run the Maat MapReduce indexer on the cluster the Hadoop configuration names.")
public final class IndexTool extends Configured implements Tool, Callable<Integer> {

    @Option(names = "--data", required = true, paramLabel = "URI", description = "Data directory (maat generate), e.g. hdfs:///maat/data.")
    String data;

    @Option(names = "--out", required = true, paramLabel = "URI", description = "Index directory to publish into.")
    String out;

    @Option(names = "--shards", defaultValue = "1", paramLabel = "N", description = "Number of shards. Default: ${DEFAULT-VALUE}.")
    int shards;

    @Option(names = "--reducers", paramLabel = "N", description = "Reduce tasks (1..shards). Default: one per shard.")
    Integer reducers;

    @Mixin
    NoPolicyOption noPolicy;

    private static final SettingFlags FLAGS = SettingFlags.of(IndexJob.SHARDS, "--shards", IndexJob.REDUCERS,
            "--reducers");

    @Override
    public int run(String[] args) {
        CommandLine cl = new CommandLine(this);
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            Exception named = ex instanceof InvalidSettingException setting ? FLAGS.name(setting) : ex;
            c.getErr().println(c.getCommandName() + ": " + named.getMessage());
            return ex instanceof IndexJobException job ? (job.refused() ? 3 : 1) : 2;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        Monitoring monitoring = noPolicy.monitoring();
        IndexJob.Result result = new IndexJob(getConf()).run(new Path(data), new Path(out), shards,
                reducers == null ? shards : reducers, monitoring, n -> { });
        System.out.printf("%s: %,d documents in %d shard(s) by %d reducer(s), %s, %.1f s%n", out, result.documents(),
                result.shards(), result.reducers(), !monitoring.monitored() ? "plain Lucene" : "under the monitor", result.nanos() / 1e9);
        return 0;
    }

    public static void main(String[] args) throws Exception {
        System.exit(ToolRunner.run(new Configuration(), new IndexTool(), args));
    }
}
