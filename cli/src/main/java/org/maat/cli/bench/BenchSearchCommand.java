package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.maat.bench.search.SearchBenchmark;
import org.maat.cli.SettingFlags;
import org.maat.cli.options.DataOption;
import org.maat.core.InvalidSettingException;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.Monitoring;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat bench search}: closed-loop search throughput and latency with and without the monitor. */
@Command(name = "search",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Measure the monitor's search overhead in one run, closed loop: --threads clients issue "
                + "--queries queries per round (document titles, Zipf-distributed, each from a random user in the "
                + "blacklisting region, 1%% from an employee) against four configurations of one open index:",
            "  unfiltered  raw Lucene: no monitor, no session filter",
            "  all-public  the monitor, every document public (no filter needed)   vs unfiltered",
            "  no-policy   the search with its session filter, no monitor (the baseline)",
            "  mix         the monitor with the data's own policies, MAL, censorship  vs no-policy",
            "Each client runs every query on all four back to back, in rotating order, so other load on the machine "
                + "falls on all alike; a configuration's throughput is clients / its mean latency (what the closed "
                + "loop reaches on it alone).",
            "Prints throughput, mean and p95 latency and their ratios to each one's baseline (goals for mix: "
                + "throughput ratio at least 0.98, latency overhead under 5%%; Thoth: 0.964 and +14.2%%)."},
        footer = {"", "Example:", "  maat bench search --data data --index index --threads 2 --queries 5000",
            "", "Exit codes: 0 measured, 2 bad arguments, unreadable data or an index built with --no-policy."})
public final class BenchSearchCommand implements Callable<Integer> {

    @Mixin
    DataOption data;

    @Option(names = "--index", required = true, paramLabel = "DIR", description = "An index built under the monitor.")
    Path index;

    @Option(names = "--threads", paramLabel = "N", description = "Concurrent clients. Default: the number of processors.")
    Integer threads;

    @Option(names = "--queries", defaultValue = "5000", paramLabel = "N",
            description = "Queries per round (each runs on every configuration). Default: ${DEFAULT-VALUE}.")
    int queries;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "N",
            description = "Measured rounds. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--k", defaultValue = "10", description = "Results per query. Default: ${DEFAULT-VALUE}.")
    int k;

    @Option(names = "--seed", defaultValue = "42", description = "Workload seed. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Spec
    CommandSpec spec;

    private static final SettingFlags FLAGS = SettingFlags.of(SearchBenchmark.THREADS, "--threads",
            SearchBenchmark.QUERIES, "--queries");

    @Override
    public Integer call() throws Exception {
        int clients = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        DataDir dir = data.dataDir();
        Manifest manifest = dir.readManifest();
        PrintWriter err = spec.commandLine().getErr();
        try (SearchService service = SearchService.open(dir, new IndexLayout(index), Monitoring.REFERENCE_MONITOR)) {
            SearchBenchmark bench;
            try {
                bench = new SearchBenchmark(service, manifest, clients, queries, k, seed);
            } catch (InvalidSettingException e) {
                throw FLAGS.name(e);
            }
            Map<String, SearchBenchmark.Measurement> results = bench.run(rounds, line -> {
                err.println("  " + line);
                err.flush();
            });
            PrintWriter o = spec.commandLine().getOut();
            o.printf("bench search: %s, %,d documents, %d shard(s), %d client(s), %d round(s) x %,d queries "
                            + "(Zipf over %,d titles), k=%d%n", manifest.corpus(), service.index().documents(),
                    service.index().shards(), clients, rounds, queries, bench.distinctTitles(), k);
            o.printf("  %-11s %12s %-11s %7s %9s %9s %9s %8s%n", "config", "throughput", "vs", "ratio", "mean ms",
                    "p95 ms", "mean +%", "refused");
            for (SearchBenchmark.Measurement m : results.values()) {
                String baseline = SearchBenchmark.BASELINES.get(m.config());
                SearchBenchmark.Measurement base = results.get(baseline);
                o.printf("  %-11s %8.1f q/s %-11s %7.3f %9.3f %9.3f %+8.1f%% %8d%n", m.config(), m.throughput(),
                        baseline, m.throughput() / base.throughput(), m.meanMillis(), m.p95Millis(),
                        (m.meanMillis() / base.meanMillis() - 1) * 100, m.refused());
            }
            o.println("  goals for mix: throughput ratio >= 0.98, latency overhead < 5 %");
        }
        return 0;
    }
}
