package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.maat.bench.index.EngineBenchmark;
import org.maat.bench.index.IndexBenchmark;
import org.maat.cli.SettingFlags;
import org.maat.cli.options.DataOption;
import org.maat.core.InvalidSettingException;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.task.Monitoring;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat bench index}: indexing time with and without the monitor, for one engine or all. */
@Command(name = "index",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Measure indexing with and without the monitor over the same data.",
            "",
            "--engine sequential (the default): the sequential indexer, --runs pairs in alternating order after one "
                + "warm-up of each; prints the medians and the monitor's overhead (goal: under 1%%).",
            "",
            "--engine mapreduce: the sequential indexer and the MapReduce indexer (local mode) with each --reducers "
                + "count, each with and without the monitor, in one run: medians, documents/s and MB/s, the monitor's "
                + "overhead per engine, the speed-up of the reducer counts, and the job's fixed cost (a job over an "
                + "empty data directory: submission, task set-up, polling, commit) apart.",
            "",
            "Each run builds a fresh index in a scratch directory (deleted after the run)."},
        footer = {"", "Examples:", "  maat bench index --data data --runs 5",
            "  maat bench index --engine mapreduce --reducers 1,2 --data data --runs 3",
            "", "Exit codes: 0 measured, 2 bad arguments or unreadable data."})
public final class BenchIndexCommand implements Callable<Integer> {

    @Mixin
    DataOption data;

    @Option(names = "--engine", defaultValue = "sequential", paramLabel = "sequential|mapreduce",
            description = "sequential: the monitor's overhead on the sequential indexer; mapreduce: every engine side by "
                    + "side. Default: ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--reducers", split = ",", paramLabel = "N[,N...]",
            description = "MapReduce reducer counts to measure. Default: 1,2.")
    List<Integer> reducers;

    @Option(names = "--runs", defaultValue = "5", paramLabel = "N",
            description = "Measured runs of each variant. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--shards", paramLabel = "N",
            description = "Shards. Default: 1, or the largest --reducers count with --engine mapreduce.")
    Integer shards;

    @Option(names = "--scratch", paramLabel = "DIR",
            description = "Where the indexes are built. Default: a new directory in the system temp directory.")
    Path scratch;

    @Spec
    CommandSpec spec;

    private static final SettingFlags FLAGS = SettingFlags.of(IndexBenchmark.RUNS, "--runs",
            EngineBenchmark.REDUCER_COUNTS, "--reducers values");

    @Override
    public Integer call() throws Exception {
        boolean mapReduce = switch (engine) {
            case "sequential" -> false;
            case "mapreduce" -> true;
            default -> throw new ParameterException(spec.commandLine(),
                    "--engine must be sequential or mapreduce, not '" + engine + "'");
        };
        if (!mapReduce && reducers != null) {
            throw new ParameterException(spec.commandLine(), "--reducers applies to --engine mapreduce only");
        }
        List<Integer> reducerCounts = reducers == null ? List.of(1, 2) : reducers;
        int shardCount = shards != null ? shards
                : mapReduce ? reducerCounts.stream().mapToInt(Integer::intValue).max().orElse(1) : 1;
        DataDir dir = data.dataDir();
        Manifest manifest = dir.readManifest();
        Path work = scratch != null ? scratch : Files.createTempDirectory("maat-bench-index-");
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (mapReduce) {
                EngineBenchmark engines = new EngineBenchmark(dir, work, shardCount, reducerCounts, runs);
                printEngines(engines.run(line -> log(err, line)), engines.variants(), manifest);
            } else {
                printSequential(new IndexBenchmark(dir, work, shardCount, runs).run(line -> log(err, line)), manifest,
                        shardCount);
            }
        } catch (InvalidSettingException e) {
            throw FLAGS.name(e);
        } finally {
            if (scratch == null) {
                org.apache.hadoop.fs.FileUtil.fullyDelete(work.toFile());
            }
        }
        return 0;
    }

    private static void log(PrintWriter err, String line) {
        err.println("  " + line);
        err.flush();
    }

    private void printEngines(EngineBenchmark.Result r, List<EngineBenchmark.Variant> variants, Manifest manifest) {
        PrintWriter o = spec.commandLine().getOut();
        o.printf("bench index --engine mapreduce: %s, %,d documents (%.1f MB), %d shard(s), median of %d run(s) after"
                + " one warm-up of each%n", manifest.corpus(), r.documents(), r.bytes() / 1e6, r.shards(), runs);
        o.printf("  %-24s %9s %10s %8s %8s %8s   runs (s)%n", "variant", "median s", "docs/s", "MB/s", "best s",
                "cpu s");
        for (EngineBenchmark.Variant v : variants) {
            o.printf("  %-24s %9.3f %,10.0f %8.2f %8.3f %8.3f   %s%n", v.label(), r.medianSeconds(v),
                    r.documentsPerSecond(v), r.megabytesPerSecond(v), r.bestSeconds(v), r.cpuSeconds(v),
                    seconds(r.nanos().get(v)));
        }
        o.printf("  fixed cost of a MapReduce job (empty input: submission, task set-up, polling, commit): %.3f s%n",
                r.fixedSeconds());
        for (EngineBenchmark.Variant v : variants) {
            if (v.monitoring().monitored()) {
                EngineBenchmark.Variant plain = new EngineBenchmark.Variant(v.mapReduce(), v.reducers(), Monitoring.NONE);
                o.printf("  monitor overhead, %-15s %+.2f %% median wall, %+.2f %% best wall, %+.2f %% cpu"
                        + "   (goal: under 1 %%)%n", v.label().replace(" policy", ":"),
                        (r.medianSeconds(v) / r.medianSeconds(plain) - 1) * 100,
                        (r.bestSeconds(v) / r.bestSeconds(plain) - 1) * 100,
                        (r.cpuSeconds(v) / r.cpuSeconds(plain) - 1) * 100);
            }
        }
        EngineBenchmark.Variant sequential = new EngineBenchmark.Variant(false, 1, Monitoring.REFERENCE_MONITOR);
        EngineBenchmark.Variant one = new EngineBenchmark.Variant(true, 1, Monitoring.REFERENCE_MONITOR);
        if (r.nanos().containsKey(one)) {
            o.printf("  mapreduce x1 / sequential time (policy): %.2fx median, %.2fx best   (goal: at most 1.3x)%n",
                    r.medianSeconds(one) / r.medianSeconds(sequential), r.bestSeconds(one) / r.bestSeconds(sequential));
            for (EngineBenchmark.Variant v : variants) {
                if (v.mapReduce() && v.monitoring().monitored() && v.reducers() > 1) {
                    o.printf("  mapreduce x%d / x1 throughput (policy): %.2fx median, %.2fx best   (goal for x2: at least"
                            + " 1.7x)%n", v.reducers(), r.documentsPerSecond(v) / r.documentsPerSecond(one),
                            r.bestSeconds(one) / r.bestSeconds(v));
                }
            }
        }
    }

    private void printSequential(IndexBenchmark.Result r, Manifest manifest, int shardCount) {
        PrintWriter o = spec.commandLine().getOut();
        o.printf("bench index: %s, %,d documents, %d shard(s), %d alternating runs of each after one warm-up%n",
                manifest.corpus(), r.documents(), shardCount, runs);
        o.printf("  no-policy  median %8.3f s wall %8.3f s cpu   wall runs %s%n", r.plainMedianSeconds(),
                IndexBenchmark.Result.median(r.plainCpuNanos()) / 1e9, seconds(r.plainNanos()));
        o.printf("  policy     median %8.3f s wall %8.3f s cpu   wall runs %s%n", r.policyMedianSeconds(),
                IndexBenchmark.Result.median(r.policyCpuNanos()) / 1e9, seconds(r.policyNanos()));
        o.printf("  overhead   %+.2f %% wall, %+.2f %% cpu   (goal: under 1 %%)%n", r.overhead() * 100,
                r.cpuOverhead() * 100);
    }

    private static String seconds(List<Long> nanos) {
        return nanos.stream().map(n -> String.format("%.3f", n / 1e9)).collect(Collectors.joining(" "));
    }
}
