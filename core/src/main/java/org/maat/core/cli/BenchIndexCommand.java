package org.maat.core.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.runtime.IndexBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat bench index}: indexing time with and without the monitor, alternating. */
@Command(name = "index",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Measure the monitor's indexing overhead: the sequential indexer with and without the monitor "
                + "over the same data, --runs pairs in alternating order after one warm-up of each; prints the medians "
                + "and the overhead (goal: under 1%%, Thoth reports 0.65-0.7%%).",
            "Each run builds a fresh index in a scratch directory (deleted after the run)."},
        footer = {"", "Example:", "  maat bench index --data data --runs 5",
            "", "Exit codes: 0 measured, 2 bad arguments or unreadable data."})
public final class BenchIndexCommand implements Callable<Integer> {

    @Option(names = "--data", required = true, paramLabel = "DIR", description = "Data directory (maat generate).")
    Path data;

    @Option(names = "--runs", defaultValue = "5", paramLabel = "N",
            description = "Measured runs of each variant. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--shards", defaultValue = "1", paramLabel = "N", description = "Shards. Default: ${DEFAULT-VALUE}.")
    int shards;

    @Option(names = "--scratch", paramLabel = "DIR",
            description = "Where the indexes are built. Default: a new directory in the system temp directory.")
    Path scratch;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        DataDir dir = DataDir.at(data);
        Manifest manifest = dir.readManifest();
        Path work = scratch != null ? scratch : Files.createTempDirectory("maat-bench-index-");
        PrintWriter err = spec.commandLine().getErr();
        IndexBenchmark.Result r = new IndexBenchmark(dir, work, shards, runs).run(line -> {
            err.println("  " + line);
            err.flush();
        });
        if (scratch == null) {
            Files.deleteIfExists(work);
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("bench index: %s, %,d documents, %d shard(s), %d alternating runs of each after one warm-up%n",
                manifest.corpus(), r.documents(), shards, runs);
        o.printf("  no-policy  median %8.3f s wall %8.3f s cpu   wall runs %s%n", r.plainMedianSeconds(),
                IndexBenchmark.Result.median(r.plainCpuNanos()) / 1e9, seconds(r.plainNanos()));
        o.printf("  policy     median %8.3f s wall %8.3f s cpu   wall runs %s%n", r.policyMedianSeconds(),
                IndexBenchmark.Result.median(r.policyCpuNanos()) / 1e9, seconds(r.policyNanos()));
        o.printf("  overhead   %+.2f %% wall, %+.2f %% cpu   (goal: under 1 %%)%n", r.overhead() * 100,
                r.cpuOverhead() * 100);
        return 0;
    }

    private static String seconds(List<Long> nanos) {
        return nanos.stream().map(n -> String.format("%.3f", n / 1e9)).collect(Collectors.joining(" "));
    }
}
