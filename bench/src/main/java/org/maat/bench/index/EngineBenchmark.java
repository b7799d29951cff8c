package org.maat.bench.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.maat.core.InvalidSettingException;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.policy.mal.MalLog;
import org.maat.policy.store.PolicyStore;

/**
 * The indexing engines side by side over the same data: the sequential indexer and the MapReduce
 * indexer (local mode) with each reducer count, each with and without the monitor. After one
 * unmeasured warm-up of every variant, each of {@code runs} rounds runs every variant once, the
 * order rotated by one per round so drift falls on all alike; every run builds a fresh index in a
 * scratch directory, deleted afterwards. The MapReduce job's fixed cost (submission, task set-up,
 * polling, commit) is measured apart, as a monitored job over an empty data directory.
 */
public final class EngineBenchmark {

    /** The reducer counts' name in {@link InvalidSettingException}s (runs: {@link IndexBenchmark#RUNS}). */
    public static final String REDUCER_COUNTS = "reducer counts";

    /** Each engine runs as the baseline, then under the monitor. */
    private static final Monitoring[] BASELINE_FIRST = {Monitoring.NONE, Monitoring.REFERENCE_MONITOR};

    /** One way of indexing. */
    public record Variant(boolean mapReduce, int reducers, Monitoring monitoring) {
        public String label() {
            return (mapReduce ? "mapreduce x" + reducers : "sequential") + (monitoring.monitored() ? " policy" : " no-policy");
        }
    }

    /**
     * Wall times in nanoseconds per variant, the process's CPU time of the same runs (every thread:
     * in local mode the tasks are this process's threads), and the empty job's wall times. On a
     * shared machine the best run and the CPU time are disturbed far less than the median wall time.
     */
    public record Result(long documents, long bytes, int shards, Map<Variant, List<Long>> nanos,
                         Map<Variant, List<Long>> cpuNanos, List<Long> fixedNanos) {

        public double bestSeconds(Variant v) {
            return nanos.get(v).stream().mapToLong(Long::longValue).min().orElseThrow() / 1e9;
        }

        public double cpuSeconds(Variant v) {
            return IndexBenchmark.Result.median(cpuNanos.get(v)) / 1e9;
        }

        public double medianSeconds(Variant v) {
            return IndexBenchmark.Result.median(nanos.get(v)) / 1e9;
        }

        public double documentsPerSecond(Variant v) {
            return documents / medianSeconds(v);
        }

        public double megabytesPerSecond(Variant v) {
            return bytes / 1e6 / medianSeconds(v);
        }

        public double fixedSeconds() {
            return IndexBenchmark.Result.median(fixedNanos) / 1e9;
        }
    }

    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    private final DataDir data;
    private final Path scratch;
    private final int shards;
    private final List<Integer> reducers;
    private final int runs;

    public EngineBenchmark(DataDir data, Path scratch, int shards, List<Integer> reducers, int runs) {
        InvalidSettingException.require(runs >= 1, IndexBenchmark.RUNS, "must be at least 1, not " + runs);
        for (int r : reducers) {
            InvalidSettingException.require(r >= 1 && r <= shards, REDUCER_COUNTS,
                    "must each be between 1 and the number of shards (" + shards + "), not " + r);
        }
        this.data = data;
        this.scratch = scratch;
        this.shards = shards;
        this.reducers = List.copyOf(reducers);
        this.runs = runs;
    }

    public List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        for (Monitoring monitoring : BASELINE_FIRST) {
            variants.add(new Variant(false, 1, monitoring));
        }
        for (int r : reducers) {
            for (Monitoring monitoring : BASELINE_FIRST) {
                variants.add(new Variant(true, r, monitoring));
            }
        }
        return variants;
    }

    /** Runs the benchmark; {@code log} is told about each run as it ends. */
    public Result run(Consumer<String> log) throws IOException {
        Files.createDirectories(scratch);
        Manifest manifest = data.readManifest();
        DataDir empty = emptyDataDir(scratch.resolve("empty-data"));
        int maxReducers = reducers.stream().mapToInt(Integer::intValue).max().orElse(1);
        List<Variant> variants = variants();
        Map<Variant, List<Long>> nanos = new LinkedHashMap<>();
        Map<Variant, List<Long>> cpu = new LinkedHashMap<>();
        for (Variant v : variants) {
            once(data, v, "warm-up", log);
            nanos.put(v, new ArrayList<>());
            cpu.put(v, new ArrayList<>());
        }
        List<Long> fixed = new ArrayList<>();
        long documents = 0;
        for (int i = 0; i < runs; i++) {
            for (int k = 0; k < variants.size(); k++) {
                Variant v = variants.get((k + i) % variants.size());
                long cpuBefore = CPU.getProcessCpuTime();
                IndexRun.Report report = once(data, v, "run " + (i + 1), log);
                cpu.get(v).add(CPU.getProcessCpuTime() - cpuBefore);
                nanos.get(v).add(report.nanos());
                documents = report.documents();
            }
            fixed.add(once(empty, new Variant(true, maxReducers, Monitoring.REFERENCE_MONITOR), "run " + (i + 1) + " empty input", log).nanos());
        }
        return new Result(documents, manifest.documentBytes(), shards, nanos, cpu, fixed);
    }

    private IndexRun.Report once(DataDir input, Variant v, String label, Consumer<String> log) throws IOException {
        Path out = Files.createTempDirectory(scratch, "index-");
        try {
            System.gc();
            Monitoring monitoring = v.monitoring();
            IndexRun.Report report = v.mapReduce()
                    ? MapReduceIndexing.run(input, new IndexLayout(out), shards, v.reducers(), monitoring, n -> { })
                    : IndexRun.standard().run(input, new IndexLayout(out), shards, monitoring, n -> { });
            log.accept(String.format("%s %-22s %8.2f s", label, v.label(), report.nanos() / 1e9));
            return report;
        } finally {
            DirectoryTree.delete(out);
        }
    }

    /** A complete data directory with no documents: what a job costs when it has nothing to do. */
    static DataDir emptyDataDir(Path root) throws IOException {
        DataDir dir = DataDir.at(root);
        if (Files.exists(dir.manifest())) {
            return dir;
        }
        Files.createDirectories(root);
        try (var writer = ConduitStore.create(dir.documents())) {
            writer.commit();
        }
        PolicyStore.open(dir.policyStore()).close();
        MalLog.open(dir.malLog()).close();
        dir.writeManifest(new Manifest("empty", 0, 0, 0, 0, "0/0/0", false, 0, List.of(), "", 0, List.of(), 0, 0));
        return dir;
    }
}
