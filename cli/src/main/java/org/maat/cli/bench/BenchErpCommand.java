package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.bench.erp.ErpBenchmark;
import org.maat.bench.erp.QuerySpread;
import org.maat.cli.erp.ConsoleProgress;
import org.maat.erp.ErpQuery;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat bench erp}: ERP query throughput plaintext vs encrypted, and bulk encryption times. */
@Command(name = "erp",
        mixinStandardHelpOptions = true,
        description = {"Benchmark the ERP workload on plaintext H2 and through the encrypted layer, in one run.",
            "1. Builds (or reuses) under WORK a plaintext database of N employees and its bulk-encrypted copy, "
                + "from the same seed; every run queries fresh copies of them (WORK/run).",
            "2. For each query, one untimed first execution (on the encrypted database it peels the onion layers "
                + "the query needs; its time is shown), then a closed loop of THREADS clients (each with its own "
                + "connection) on the plaintext database, then on the encrypted one: requests/s after a warm-up, "
                + "the ratio encrypted/plaintext and mean latency. Q7-Q15 repeat fixed parameters (as the evaluation's JMeter plans did), Q10R "
                + "draws new salary bounds per request, Q16 inserts new employees, Q17 updates random ones, Q18 "
                + "deletes those Q16 inserted, without warm-up (its period ends early when none are left). H2's reuse of "
                + "results of repeated identical queries is off unless --reuse-results.",
            "Like for like: both copies get fresh H2 statistics (ANALYZE) before a run and the encrypted layer "
                + "refreshes a table's after each peel; both sides are warmed up before either is measured; the two "
                + "sides' indexes and statistics are compared and every difference printed; each query's plans are "
                + "printed once; a median ratio above 1.05 is flagged as a comparison to explain, with what the "
                + "plans show. --runs 3 repeats everything and prints medians and the ratio's range.",
            "3. Bulk encryption of each --encrypt-sizes database with each --encrypt-threads count: seconds, "
                + "rows/s, and speed-up over the fewest threads."},
        footer = {"", "Exit codes: 0 measured, 1 a database error, 2 bad usage."})
public final class BenchErpCommand implements Callable<Integer> {

    @Option(names = "--employees", paramLabel = "N", defaultValue = "100000",
            description = "Employees in the queried databases (default: ${DEFAULT-VALUE}).")
    int employees;

    @Option(names = "--threads", paramLabel = "N",
            description = "Closed-loop client threads (default: the number of cores).")
    Integer threads;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10",
            description = "Measured seconds per query and database (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "3",
            description = "Unmeasured warm-up seconds before each measurement (default: ${DEFAULT-VALUE}).")
    double warmup;

    @Option(names = "--work", paramLabel = "DIR", defaultValue = "target/erp-bench",
            description = "Directory for the databases, reused across runs (default: ${DEFAULT-VALUE}).")
    Path work;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Data and parameter seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--queries", paramLabel = "Q", split = ",",
            description = "Queries to measure (default: all, Q7 ... Q18 with Q10R after Q10).")
    List<String> queries;

    @Option(names = "--encrypt-sizes", paramLabel = "N", split = ",", defaultValue = "10000,100000",
            description = "Employees for the bulk encryption runs; 0 skips them (default: ${DEFAULT-VALUE}).")
    List<Integer> encryptSizes;

    @Option(names = "--encrypt-threads", paramLabel = "T", split = ",", defaultValue = "1,2",
            description = "Thread counts for bulk encryption (default: ${DEFAULT-VALUE}).")
    List<Integer> encryptThreads;

    @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "1000",
            description = "Rows per JDBC batch when loading and encrypting (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--reuse-results",
            description = "Let H2 hand back the cached result of a repeated identical query (its "
                    + "OPTIMIZE_REUSE_RESULTS; off by default so every request is executed on both sides).")
    boolean reuseResults;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1",
            description = "Measure every query N times, each on fresh copies, alternating which side goes first; "
                    + "prints medians and the ratio's range (default: ${DEFAULT-VALUE}; 3 for published figures).")
    int runs;

    @Option(names = "--no-plans",
            description = "Leave out each query's plans (printed once by default: plain H2's EXPLAIN, the driver's "
                    + "EXPLAIN and H2's EXPLAIN of the physical SQL on the encrypted database).")
    boolean noPlans;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ErpBenchmark.Options options;
        try {
            options = options();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ErpBenchmark bench = new ErpBenchmark(options, err, ConsoleProgress::start);
        try {
            if (!options.queries().isEmpty()) {
                List<QuerySpread> results = bench.measureRuns();
                out.printf("%nERP query throughput, %d employees, %d client thread(s), %.0f s per query after %.0f s "
                        + "warm-up of each side, H2 result reuse %s, %d run(s): medians, ratio range over the runs%n",
                        options.employees(), options.threads(), options.seconds(), options.warmupSeconds(),
                        options.reuseResults() ? "on" : "off", options.runs());
                List<String> design = bench.designDifferences();
                out.printf("Physical design: %s%s%n", design.get(0),
                        design.size() == 1 ? ", the same on both sides; statistics agree on every deterministic onion"
                                : "; differences:");
                design.stream().skip(1).forEach(d -> out.printf("  %s%n", d));
                ErpBenchmark.printQueries(out, results, bench.plans());
                if (!noPlans) {
                    out.printf("%nPlans (first run, after each query's first execution and its peels)%n");
                    ErpBenchmark.printPlans(out, bench.plans());
                }
            }
            if (!options.encryptSizes().isEmpty()) {
                List<ErpBenchmark.EncryptionRun> runs = bench.measureBulkEncryption();
                out.printf("%nBulk encryption (%d cores)%n", Runtime.getRuntime().availableProcessors());
                ErpBenchmark.printEncryption(out, runs);
            }
        } catch (SQLException e) {
            err.println("maat bench erp: " + e.getMessage());
            return 1;
        }
        return 0;
    }

    private ErpBenchmark.Options options() {
        int clients = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (employees < 1 || clients < 1 || seconds <= 0 || warmup < 0 || batch < 1 || runs < 1) {
            throw new IllegalArgumentException("--employees, --threads, --seconds, --batch and --runs must be positive, "
                    + "--warmup not negative");
        }
        List<ErpQuery> qs = new ArrayList<>();
        if (queries == null) {
            qs.addAll(List.of(ErpQuery.values()));
        } else {
            queries.stream().filter(s -> !s.isBlank()).forEach(s -> qs.add(ErpQuery.named(s)));
        }
        List<Integer> sizes = encryptSizes.stream().filter(s -> s != 0).toList();
        if (sizes.stream().anyMatch(s -> s < 0) || encryptThreads.stream().anyMatch(t -> t < 1)) {
            throw new IllegalArgumentException("--encrypt-sizes must not be negative and --encrypt-threads positive");
        }
        return new ErpBenchmark.Options(work, employees, seed, clients, warmup, seconds, qs, sizes, encryptThreads,
                batch, reuseResults, runs);
    }
}
