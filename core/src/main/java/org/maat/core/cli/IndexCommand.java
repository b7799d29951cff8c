package org.maat.core.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.policy.monitor.PolicyViolation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat index}: the sequential indexer as a confined task, or plain Lucene with --no-policy. */
@Command(name = "index",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Index a data directory's documents into N Lucene shards.",
            "",
            "Under the monitor (the default) the indexer is one confined task acting as 'indexer': every document it "
                + "reads taints it, every index file it creates is a write the monitor checks and labels with the index "
                + "policy, and the shards and their labels (OUT/labels.db) are published in one atomic step: a crash "
                + "leaves the previous index or the new one. Documents go to shard murmur3(id) mod N, as every Maat "
                + "indexer routes them.",
            "",
            "--no-policy builds the same index with plain Lucene and no monitor (no labels), to measure overhead."},
        footer = {"", "Examples:",
            "  maat index --data data --out index --shards 2",
            "  maat index --data data --out plain-index --no-policy",
            "", "Exit codes: 0 indexed, 2 bad arguments or unreadable data, 3 refused by the monitor."})
public final class IndexCommand implements Callable<Integer> {

    @Option(names = "--data", required = true, paramLabel = "DIR", description = "Data directory (maat generate).")
    Path data;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Index directory to build (rebuilt from scratch if it holds an index).")
    Path out;

    @Option(names = "--shards", defaultValue = "1", paramLabel = "N", description = "Number of shards. Default: ${DEFAULT-VALUE}.")
    int shards;

    @Option(names = "--no-policy", description = "Plain Lucene, no monitor and no labels (the overhead baseline).")
    boolean noPolicy;

    @Option(names = "--on-bad-record", defaultValue = "fail", paramLabel = "fail|skip",
            description = "A damaged record in the conduit store: fail stops with its file and byte position and "
                    + "publishes nothing; skip reports it on standard error and indexes the rest. Default: ${DEFAULT-VALUE}.")
    String onBadRecord;

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (shards < 1) {
            throw new ParameterException(spec.commandLine(), "--shards must be at least 1, not " + shards);
        }
        DataDir dir = DataDir.at(data);
        long documents = dir.readManifest().documents();
        IndexRun.Report report;
        try (ProgressBar bar = quiet ? null : ProgressBars.start("index", "docs", OptionalLong.of(documents))) {
            try {
                report = IndexRun.standard().onBadRecord(BadRecordFlag.parse(onBadRecord),
                        bad -> spec.commandLine().getErr().println("skipped bad record: " + bad.getMessage()))
                        .run(dir, new IndexLayout(out), shards, !noPolicy, n -> {
                    if (bar != null && (n & 255) == 0) {
                        bar.stepTo(n);
                    }
                });
            } catch (PolicyViolation refused) {
                return Refusals.report(spec, refused);
            }
            if (bar != null) {
                bar.stepTo(report.documents());
            }
        }
        double seconds = report.nanos() / 1e9;
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%s: %,d documents in %d shard(s), %s, %.1f s (%,.0f docs/s)%n", out, report.documents(), shards,
                noPolicy ? "plain Lucene (no monitor, no labels)" : "under the monitor (labels in "
                        + new IndexLayout(out).labels() + ")", seconds, report.documents() / seconds);
        return 0;
    }
}
