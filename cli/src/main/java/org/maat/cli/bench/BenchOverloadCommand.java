package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.maat.bench.search.TitleQueries;
import org.maat.bench.serve.BenchData;
import org.maat.bench.serve.OverloadBenchmark;
import org.maat.cli.options.GeneratedDataOptions;
import org.maat.cli.options.TopologyOption;
import org.maat.cli.options.WarOption;
import org.maat.cli.options.WorkloadOptions;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.Login;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitoring;
import org.maat.server.IdleHeapRelease;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat bench overload}: the front-end driven past its capacity for a bounded time. */
@Command(name = "overload",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Drive the front-end past its capacity on loopback for a bounded time and report how it sheds "
                + "load: answers by status, latency percentiles (p50/p95/max) of admitted and shed (503) searches, "
                + "and the server's threads, resident memory and heap before, at the peak during, and after the burst.",
            "",
            "After a 5 s warm-up, one client first searches alone for 3 s (the unloaded latency). Generates its own small data (the full mix over a europarl prefix, every user with a login), serves it "
                + "in this process as maat serve does (--topology), signs --clients sessions in, then each searches "
                + "back to back (titles, Zipf) for --seconds; a client answered 503 waits --backoff-ms (the "
                + "front-end's Retry-After) before searching again. Threads of the load generator are not counted; "
                + "memory is the whole process's."},
        footer = {"", "Example:",
            "  maat bench overload --clients 200 --seconds 20 --topology 4servers",
            "", "Exit codes: 0 measured, 2 bad arguments or it could not run."})
public final class BenchOverloadCommand implements Callable<Integer> {

    @Option(names = "--clients", defaultValue = "200", paramLabel = "N",
            description = "Concurrent signed-in clients. Default: ${DEFAULT-VALUE}.")
    int clients;

    @Option(names = "--seconds", defaultValue = "20", paramLabel = "S",
            description = "Length of the burst. Default: ${DEFAULT-VALUE}.")
    int seconds;

    @Mixin
    TopologyOption topology = new TopologyOption("4servers");

    @Option(names = "--settle-seconds", defaultValue = "10", paramLabel = "S",
            description = "Idle time after the burst before the 'after' figures. Default: ${DEFAULT-VALUE}.")
    int settleSeconds;

    @Option(names = "--backoff-ms", defaultValue = "1000", paramLabel = "MS",
            description = "A shed client's pause before its next search. Default: ${DEFAULT-VALUE}.")
    int backoffMillis;

    @Mixin
    GeneratedDataOptions generated = new GeneratedDataOptions(2000, 200);

    @Option(names = "--max-concurrent", paramLabel = "N",
            description = "The front-end's maat.maxConcurrent (default: the front-end's own).")
    Integer maxConcurrent;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    WarOption war;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        int k = workload.k();
        long seed = workload.seed();
        int documents = generated.documents();
        int users = generated.users();
        Topology layout = topology.topology();
        require(clients >= 1 && seconds >= 1 && k >= 1, "--clients, --seconds and --k must be at least 1");
        require(settleSeconds >= 0 && backoffMillis >= 0, "--settle-seconds and --backoff-ms must be at least 0");
        generated.validate();
        require(maxConcurrent == null || maxConcurrent >= 1, "--max-concurrent must be at least 1");
        Path warFile = war.war();
        PrintWriter err = spec.commandLine().getErr();
        workload.inWorkDirectory("bench-overload", work -> {
            DataDir data = BenchData.generate(work.resolve("data"), BenchData.mixSpec(documents, users, seed),
                    documents, BenchData.LIGHT_HASHER, line -> progress(err, line));
            IndexLayout index = BenchData.index(data, work.resolve("index"), layout.shards(), line -> progress(err, line));
            TitleQueries queries;
            try (DataSet followed = DataSet.openFollower(data)) {
                queries = TitleQueries.of(followed, new SplittableRandom(seed));
            }
            List<Login> logins = GeneratedLogins.read(data);
            IdleHeapRelease.enable(); // as maat serve does
            OverloadBenchmark.Report report;
            try (SearchDeployment deployment = SearchDeployment.start(warFile, data, index, layout, Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0,
                    c -> maxConcurrent == null ? c : c.withMaxConcurrent(maxConcurrent))) {
                report = new OverloadBenchmark(deployment.url(), logins, queries, k, seed).run(clients, seconds,
                        Duration.ofMillis(backoffMillis), Duration.ofSeconds(settleSeconds), line -> progress(err, line));
            }
            print(spec.commandLine().getOut(), layout, report);
        });
        return 0;
    }

    private void print(PrintWriter o, Topology layout, OverloadBenchmark.Report r) {
        o.printf("bench overload: europarl first %,d documents, %,d users, %s, %d clients for %d s, k=%d, "
                + "backoff after 503 %d ms%n", generated.documents(), generated.users(), layout, clients, seconds, workload.k(), backoffMillis);
        int total = r.statuses().values().stream().mapToInt(Integer::intValue).sum();
        o.printf("  answers: %,d (%s)%n", total, r.statuses().entrySet().stream()
                .map(e -> (e.getKey() == OverloadBenchmark.NO_ANSWER ? "no answer" : e.getKey().toString()) + ": "
                        + String.format("%,d", e.getValue()))
                .reduce((a, b) -> a + ", " + b).orElse("none"));
        o.printf("  %-9s %8s %10s %10s %10s%n", "latency", "count", "p50 ms", "p95 ms", "max ms");
        latencies(o, "unloaded", r.unloaded());
        latencies(o, "admitted", r.admitted());
        latencies(o, "shed 503", r.shed());
        o.printf("  before:  %s%n", r.before());
        o.printf("  during:  %s (peak)%n", r.during());
        o.printf("  after:   %s (%d s after the burst)%n", r.after(), settleSeconds);
        for (Map.Entry<Integer, String> e : r.firstMessages().entrySet()) {
            o.printf("  status %s, e.g.: %s%n", e.getKey() == OverloadBenchmark.NO_ANSWER ? "no answer" : e.getKey(),
                    e.getValue());
        }
        o.flush();
    }

    private static void latencies(PrintWriter o, String label, OverloadBenchmark.Latencies l) {
        o.printf("  %-9s %8d %10.1f %10.1f %10.1f%n", label, l.count(), l.p50(), l.p95(), l.max());
    }

    private static void progress(PrintWriter err, String line) {
        err.println("  " + line);
        err.flush();
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }
}
