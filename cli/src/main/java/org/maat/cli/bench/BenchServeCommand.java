package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.maat.bench.serve.BenchData;
import org.maat.bench.serve.ServeBenchmark;
import org.maat.bench.serve.ServeBenchmarkRun;
import org.maat.cli.ProgressBars;
import org.maat.cli.options.GeneratedDataOptions;
import org.maat.cli.options.TopologyOption;
import org.maat.cli.options.WarOption;
import org.maat.cli.options.WorkloadOptions;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.progress.Progress;
import org.maat.server.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat bench serve}: the whole served pipeline under closed-loop HTTP load, against its baseline. */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Closed-loop HTTP load on loopback against the front-end's JSON API, on three deployments "
                + "side by side: no-policy (no monitor), all-public (every document public, monitor on) and mix "
                + "(30/50/20 with censorship and MAL, monitor on).",
            "",
            "Generates its own data from a europarl prefix (every user gets a login) and indexes it. A session "
                + "logs in, runs --session-length searches (titles, Zipf) and logs out; the same session runs on "
                + "every configuration in rotating order, so machine noise falls on all alike. Prints throughput "
                + "(Little's law: clients / mean session time), mean and p95 search latency, the log-in's mean time "
                + "(apart from the searches), and ratios to the no-policy baseline, per session length.",
            "",
            "In the same slots, the same users' searches also run in this process without HTTP (the mix's data and "
                + "index, one task per search over all shards, then the page's titles and snippets): in-process "
                + "releases k ids, in-process-200 the 200 the front-end counts a total over. Prints their latency "
                + "and the ratio mix / in-process: what the served path costs, measured like for like."},
        footer = {"", "Example:",
            "  maat bench serve --topology 4servers --session-length 1,2,5,20",
            "", "Goals: mix throughput >= 0.97 of no-policy, latency overhead < 5 %%, per-session overhead at "
                + "length 1 < 3 %%.",
            "", "Exit codes: 0 measured, 2 bad arguments or it could not run."})
public final class BenchServeCommand implements Callable<Integer> {

    @Mixin
    TopologyOption topology = new TopologyOption("2servers");

    @Option(names = "--session-length", defaultValue = "1,2,5,20", split = ",", paramLabel = "N[,N...]",
            description = "Searches per session, one measurement each. Default: ${DEFAULT-VALUE}.")
    List<Integer> lengths;

    @Option(names = "--sessions", defaultValue = "200", paramLabel = "N",
            description = "Measured sessions per length and configuration (at most). Default: ${DEFAULT-VALUE}.")
    int sessions;

    @Option(names = "--max-seconds", defaultValue = "120", paramLabel = "S",
            description = "Time bound per session length. Default: ${DEFAULT-VALUE}.")
    int maxSeconds;

    @Option(names = "--warmup", defaultValue = "300", paramLabel = "N",
            description = "Unmeasured sessions per configuration first. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--clients", defaultValue = "4", paramLabel = "N",
            description = "Concurrent clients (closed loop). Default: ${DEFAULT-VALUE}.")
    int clients;

    @Mixin
    GeneratedDataOptions generated = new GeneratedDataOptions(4000, 500);

    @Option(names = "--password-hash", defaultValue = "light", paramLabel = "light|standard",
            description = "Argon2id cost of the generated accounts: light (1 MiB, 1 pass), so that log-in cost "
                    + "does not hide the per-session cost being measured, or standard (OWASP's 19 MiB, 2 passes). "
                    + "Default: ${DEFAULT-VALUE}.")
    String passwordHash;

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
        Topology layout;
        PasswordHasher hasher;
        try {
            layout = topology.topology();
            hasher = switch (passwordHash) {
                case "light" -> BenchData.LIGHT_HASHER;
                case "standard" -> PasswordHasher.standard();
                default -> throw new IllegalArgumentException("--password-hash must be light or standard, not "
                        + passwordHash);
            };
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        require(lengths.stream().allMatch(n -> n >= 1), "--session-length values must be at least 1");
        require(sessions >= 1 && clients >= 1 && maxSeconds >= 1 && warmup >= 0 && k >= 1,
                "--sessions, --clients, --max-seconds and --k must be at least 1, --warmup at least 0");
        generated.validate();
        Path warFile = war.war();
        PrintWriter err = spec.commandLine().getErr();
        workload.inWorkDirectory("bench-serve", work -> {
            ServeBenchmarkRun run = new ServeBenchmarkRun(layout, clients, k, seed);
            run.prepare(work, documents, users, hasher, line -> {
                err.println("  " + line);
                err.flush();
            });
            Map<Integer, Map<String, ServeBenchmark.Figures>> results;
            try (Progress bar = ProgressBars.start("bench serve", "slots",
                    OptionalLong.of((long) sessions * lengths.size()))) {
                results = run.measure(warFile, work, lengths, sessions, warmup, maxSeconds, n -> bar.stepBy(n));
            }
            print(spec.commandLine().getOut(), layout, results);
        });
        return 0;
    }

    private void print(PrintWriter o, Topology layout, Map<Integer, Map<String, ServeBenchmark.Figures>> results) {
        o.printf("bench serve: europarl first %,d documents, %,d users, %s, %d client(s), k=%d; each session on all "
                + "three configurations and in process, rotating%n", generated.documents(), generated.users(), layout,
                clients, workload.k());
        o.printf("  %4s %-10s %8s %11s %7s %9s %9s %8s %11s %9s %9s %6s%n", "len", "config", "sessions", "searches/s",
                "ratio", "mean ms", "p95 ms", "+mean%", "session ms", "+session%", "login ms", "errors");
        for (Map.Entry<Integer, Map<String, ServeBenchmark.Figures>> byLength : results.entrySet()) {
            ServeBenchmark.Figures base = byLength.getValue().get(ServeBenchmark.BASELINE);
            for (String config : ServeBenchmark.CONFIGS) {
                ServeBenchmark.Figures f = byLength.getValue().get(config);
                o.printf("  %4d %-10s %8d %11.1f %7.3f %9.2f %9.2f %+7.1f%% %11.2f %+8.1f%% %9.2f %6d%n",
                        f.sessionLength(), f.config(), f.sessions(), f.searchesPerSecond(),
                        f.searchesPerSecond() / base.searchesPerSecond(), f.meanSearchMillis(), f.p95SearchMillis(),
                        (f.meanSearchMillis() / base.meanSearchMillis() - 1) * 100, f.meanSessionMillis(),
                        (f.meanSessionMillis() / base.meanSessionMillis() - 1) * 100, f.meanLoginMillis(), f.errors());
            }
        }
        o.printf("  the same searches in process (mix data and index, same users, queries and clients, in the same "
                + "slots; %s releases k ids, %s as many as the front-end counts a total over; both read the page's "
                + "titles and snippets):%n", ServeBenchmark.IN_PROCESS.get(0), ServeBenchmark.IN_PROCESS.get(1));
        o.printf("  %4s %-14s %8s %9s %9s %16s%n", "len", "run", "searches", "mean ms", "p95 ms",
                ServeBenchmark.SERVED + " mean / this");
        for (Map.Entry<Integer, Map<String, ServeBenchmark.Figures>> byLength : results.entrySet()) {
            ServeBenchmark.Figures served = byLength.getValue().get(ServeBenchmark.SERVED);
            for (String run : ServeBenchmark.IN_PROCESS) {
                ServeBenchmark.Figures f = byLength.getValue().get(run);
                o.printf("  %4d %-14s %8d %9.2f %9.2f %15.2fx%n", f.sessionLength(), f.config(),
                        f.sessions() * f.sessionLength(), f.meanSearchMillis(), f.p95SearchMillis(),
                        served.meanSearchMillis() / f.meanSearchMillis());
            }
        }
        results.values().stream().flatMap(m -> m.values().stream()).filter(f -> f.errors() > 0).forEach(f ->
                f.firstErrors().forEach((status, message) -> o.printf("  length %d, %s: %d failed request(s); "
                        + "status %d, e.g. %s%n", f.sessionLength(), f.config(), f.errors(), status, message)));
        o.println("  goals for mix: ratio >= 0.97, +mean% < 5 %, +session% at length 1 < 3 % (Thoth: 15.8 %); "
                + "mean / in-process <= 2");
        o.println("  login ms: the log-in request (Argon2id at the accounts' cost), not in the search latency; in "
                + "the session time");
        o.flush();
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }
}
