package org.maat.bench.index;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.maat.core.InvalidSettingException;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;

/**
 * The indexing overhead benchmark: the sequential indexer with and without the monitor over the same
 * data, alternating which goes first in each pair so drift (page cache, JIT, thermal) falls on both
 * equally, after one unmeasured warm-up run of each. Every run builds a fresh index in a scratch
 * directory, deleted afterwards.
 */
public final class IndexBenchmark {

    /** The settings' names in {@link InvalidSettingException}s. */
    public static final String RUNS = "runs";

    /**
     * The measured runs, in nanoseconds: wall time, and the process's CPU time (all threads, merges
     * and GC included), which other work on a shared machine disturbs far less than wall time.
     */
    public record Result(long documents, int shards, List<Long> plainNanos, List<Long> policyNanos,
                         List<Long> plainCpuNanos, List<Long> policyCpuNanos) {

        public double plainMedianSeconds() {
            return median(plainNanos) / 1e9;
        }

        public double policyMedianSeconds() {
            return median(policyNanos) / 1e9;
        }

        /** (policy median / plain median) - 1, wall time. */
        public double overhead() {
            return median(policyNanos) / median(plainNanos) - 1;
        }

        /** (policy median / plain median) - 1, CPU time. */
        public double cpuOverhead() {
            return median(policyCpuNanos) / median(plainCpuNanos) - 1;
        }

        public static double median(List<Long> values) {
            List<Long> sorted = values.stream().sorted().toList();
            int n = sorted.size();
            return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
        }
    }

    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final DataDir data;
    private final Path scratch;
    private final int shards;
    private final int runs;

    public IndexBenchmark(DataDir data, Path scratch, int shards, int runs) {
        InvalidSettingException.require(runs >= 1, RUNS, "must be at least 1, not " + runs);
        this.data = data;
        this.scratch = scratch;
        this.shards = shards;
        this.runs = runs;
    }

    /** Runs the benchmark; {@code log} is told about each run as it ends. */
    public Result run(Consumer<String> log) throws IOException {
        Files.createDirectories(scratch);
        once(Monitoring.NONE, "warm-up", log);
        long documents = once(Monitoring.REFERENCE_MONITOR, "warm-up", log)[2];
        List<Long> plain = new ArrayList<>();
        List<Long> policy = new ArrayList<>();
        List<Long> plainCpu = new ArrayList<>();
        List<Long> policyCpu = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            boolean policyFirst = i % 2 == 1;
            Monitoring[] order = policyFirst ? new Monitoring[] {Monitoring.REFERENCE_MONITOR, Monitoring.NONE}
                    : new Monitoring[] {Monitoring.NONE, Monitoring.REFERENCE_MONITOR};
            for (Monitoring monitoring : order) {
                long[] measured = once(monitoring, "run " + (i + 1), log);
                (monitoring.monitored() ? policy : plain).add(measured[0]);
                (monitoring.monitored() ? policyCpu : plainCpu).add(measured[1]);
            }
        }
        return new Result(documents, shards, plain, policy, plainCpu, policyCpu);
    }

    /** One run: {wall nanos, CPU nanos, documents}. */
    private long[] once(Monitoring monitoring, String label, Consumer<String> log) throws IOException {
        Path out = Files.createTempDirectory(scratch, monitoring.monitored() ? "policy-" : "plain-");
        try {
            System.gc();
            long cpu = CPU.getProcessCpuTime();
            IndexRun.Report report = IndexRun.standard().run(data, new IndexLayout(out), shards, monitoring, n -> { });
            cpu = CPU.getProcessCpuTime() - cpu;
            log.accept(String.format("%s %-9s %8.2f s wall %8.2f s cpu", label, monitoring.monitored() ? "policy" : "no-policy",
                    report.nanos() / 1e9, cpu / 1e9));
            return new long[] {report.nanos(), cpu, report.documents()};
        } finally {
            DirectoryTree.delete(out);
        }
    }
}
