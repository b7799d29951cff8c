package org.maat.cli.index;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import org.maat.cli.BadRecordFlag;
import org.maat.cli.ProgressBars;
import org.maat.cli.Refusals;
import org.maat.cli.options.AtRestOption;
import org.maat.cli.options.DataOption;
import org.maat.cli.options.NoPolicyOption;
import org.maat.cli.options.QuietOption;
import org.maat.core.conduit.ScanMode;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.progress.Progress;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.indexer.job.IndexJobException;
import org.maat.policy.monitor.PolicyViolation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat index}: the sequential or the MapReduce indexer under the monitor, or plain Lucene with --no-policy. */
@Command(name = "index",
        mixinStandardHelpOptions = true,
        resourceBundle = "org.maat.cli.index.Indexing",
        sortOptions = false,
        description = {"Index a data directory's documents into N Lucene shards.",
            "",
            "Under the monitor (the default) the indexer runs as confined tasks acting as 'indexer': every document "
                + "read taints the task that read it, every index file created is a write the monitor checks and labels "
                + "with the index policy, and the shards and their labels (OUT/labels.db) are published in one atomic "
                + "step. Documents go to shard murmur3(id) mod N, as every Maat indexer routes them.",
            "",
            "--engine sequential (the default) is one task in this process. --engine mapreduce runs a Hadoop job in "
                + "local mode (LocalJobRunner, no Hadoop installation): confined mappers route documents, one confined "
                + "reducer per group of shards builds them, and the job commit publishes shards and labels only if every "
                + "task succeeded and the monitor allows every task's taint into the index; a failed job publishes "
                + "nothing. Both engines build the same index.",
            "",
            "--no-policy builds the same index with plain Lucene and no monitor (no labels), to measure overhead.",
            "",
            "Encryption at rest: the index of encrypted data (maat generate --at-rest, maat atrest init) is encrypted "
                + "too, by default with the data's cipher, model and key; --at-rest CIPHER (--at-rest-model, "
                + "--at-rest-key) chooses otherwise. --at-rest on plaintext data is refused: encrypt the data first "
                + "(maat atrest init). OUT/labels.db is not encrypted."},
        footer = {"", "Examples:",
            "  maat index --data data --out index --shards 2",
            "  maat index --engine mapreduce --data data --out index --shards 4 --reducers 2",
            "  maat index --data data --out plain-index --no-policy",
            "  maat index --data encrypted-data --out index --at-rest chacha20 --at-rest-model selective",
            "", "On a Hadoop cluster: hadoop jar maat-cli-VERSION-job.jar org.maat.cli.index.IndexTool -conf cluster.xml ...",
            "", "Exit codes: 0 indexed, 2 bad arguments, unreadable data or a failed job, 3 refused by the monitor."})
public final class IndexCommand implements Callable<Integer> {

    @Mixin
    DataOption data;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Index directory to build (rebuilt from scratch if it holds an index).")
    Path out;

    @Option(names = "--shards", defaultValue = "1", paramLabel = "N", description = "Number of shards. Default: ${DEFAULT-VALUE}.")
    int shards;

    @Option(names = "--engine", defaultValue = "sequential", paramLabel = "sequential|mapreduce",
            description = "The indexer: one task in this process, or a local Hadoop MapReduce job. Default: ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--reducers", paramLabel = "N",
            description = "MapReduce only: reduce tasks, 1 to --shards (each builds shards s with s mod N = its number). "
                    + "Default: one per shard.")
    Integer reducers;

    @Mixin
    NoPolicyOption noPolicy;

    @Option(names = "--on-bad-record", defaultValue = "fail", paramLabel = "fail|skip",
            description = "A damaged record in the conduit store: fail stops with its file and byte position and "
                    + "publishes nothing; skip (sequential engine only) reports it on standard error and indexes the rest. "
                    + "Default: ${DEFAULT-VALUE}.")
    String onBadRecord;

    @Mixin
    AtRestOption atRest;

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Monitoring monitoring = noPolicy.monitoring();
        if (shards < 1) {
            throw new ParameterException(spec.commandLine(), "--shards must be at least 1, not " + shards);
        }
        boolean mapReduce = switch (engine) {
            case "sequential" -> false;
            case "mapreduce" -> true;
            default -> throw new ParameterException(spec.commandLine(),
                    "--engine must be sequential or mapreduce, not '" + engine + "'");
        };
        ScanMode badRecords = BadRecordFlag.parse(onBadRecord);
        int reducerCount = reducers == null ? shards : reducers;
        if (mapReduce && (reducerCount < 1 || reducerCount > shards)) {
            throw new ParameterException(spec.commandLine(),
                    "--reducers must be between 1 and --shards (" + shards + "), not " + reducerCount);
        }
        if (!mapReduce && reducers != null) {
            throw new ParameterException(spec.commandLine(), "--reducers applies to --engine mapreduce only");
        }
        if (mapReduce && badRecords == ScanMode.SKIP) {
            throw new ParameterException(spec.commandLine(),
                    "--on-bad-record skip is not supported by --engine mapreduce: a damaged record fails its map task");
        }
        DataDir dir = data.dataDir();
        long documents = dir.readManifest().documents();
        java.util.Optional<String> encryption = atRest.prepareIndex(spec, dir.root(), out);
        if (mapReduce) {
            // The tasks read copies of policy.db: check the data directory here first, as the sequential
            // engine does when it opens it, so that damage is named by the user's file and the manifest.
            DataSet.open(dir).close();
        }
        IndexRun.Report report;
        try (Progress bar = quiet.quiet() ? null : ProgressBars.start("index", "docs", OptionalLong.of(documents))) {
            LongConsumer progress = n -> {
                if (bar != null && (mapReduce || (n & 255) == 0)) {
                    bar.stepTo(n);
                }
            };
            try {
                report = mapReduce
                        ? MapReduceIndexing.run(dir, new IndexLayout(out), shards, reducerCount, monitoring, progress)
                        : IndexRun.standard().onBadRecord(badRecords,
                                bad -> spec.commandLine().getErr().println("skipped bad record: " + bad.getMessage()))
                        .run(dir, new IndexLayout(out), shards, monitoring, progress);
            } catch (PolicyViolation refused) {
                return Refusals.report(spec, refused);
            } catch (IndexJobException failed) {
                if (failed.refused()) {
                    return Refusals.report(spec, failed.getMessage());
                }
                throw failed;
            }
            if (bar != null) {
                bar.stepTo(report.documents());
            }
        }
        double seconds = report.nanos() / 1e9;
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%s: %,d documents in %d shard(s)%s, %s, %.1f s (%,.0f docs/s)%n", out, report.documents(), shards,
                mapReduce ? " by " + reducerCount + " MapReduce reducer(s)" : "",
                !monitoring.monitored() ? "plain Lucene (no monitor, no labels)" : "under the monitor (labels in "
                        + new IndexLayout(out).labels() + ")", seconds, report.documents() / seconds);
        encryption.ifPresent(o::println);
        return 0;
    }
}
