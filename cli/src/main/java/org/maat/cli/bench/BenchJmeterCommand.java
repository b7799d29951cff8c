package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.cli.ProgressBars;
import org.maat.cli.options.WarOption;
import org.maat.jmeter.plans.BenchRun;
import org.maat.jmeter.plans.BenchSettings;
import org.maat.jmeter.plans.Plan;
import org.maat.jmeter.run.LoadSettings;
import org.maat.jmeter.run.RunRecord;
import org.maat.server.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code maat bench jmeter PLAN}: starts what the plan needs in this process (ERP databases and
 * front-ends, or search deployments over generated data), drives it with JMeter (non-GUI, a
 * subprocess, the JMeter jmeter-maven-plugin configured), stops everything, and writes the run
 * directory and the report. Options left out take the full run's values, or the quick ones with
 * {@code --quick}.
 */
@Command(name = "jmeter",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Run a JMeter evaluation against an in-process Maat or vault: erp-queries (each ERP query alone, "
                + "Table 1), erp-pairs (pairs of Q7-Q15 at 1:1, Tables 2-3), q10-q10r (Q10 vs Q10R, Fig. 6), "
                + "search-mix (Thoth's sessions by topology and session length, Fig. 4 / Table 4), "
                + "vault (a one-server vault with mutual TLS: get-token and fetch-secret over reused and fresh "
                + "connections, the no-op's handshake; Tutamen's figures), "
                + "disguise (normal searches alone and while other users delete or anonymize and restore their "
                + "accounts over and over, as in Edna's evaluation).",
            "Adaptive load (threads 1, 2, 4, ... until saturation), then fixed arrival rates around the knee. "
                + "Writes the run directory (run.json, results/*.csv) and target/reports/PLAN/ (report.md, "
                + "charts, JMeter's dashboard/). Progress goes to standard error. JMeter is fetched by "
                + "jmeter-maven-plugin on first use (~100 MB)."},
        footer = {"", "Exit codes: 0 done, 1 the run failed, 2 bad usage."})
public final class BenchJmeterCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PLAN", description = "erp-queries, erp-pairs, q10-q10r, search-mix, vault or disguise.")
    String plan;

    @Option(names = "--quick", description = "The smoke-test variant: small data, 2 s steps, 1-2 threads; minutes.")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory (default: target/bench/jmeter/PLAN-yyyyMMdd-HHmmss).")
    Path out;

    @Option(names = "--reports", paramLabel = "DIR",
            description = "Where the report goes, as DIR/PLAN/ (default: target/reports).")
    Path reports;

    @Option(names = "--work", paramLabel = "DIR",
            description = "Cache of generated databases and data sets, reused across runs (default: target/bench/jmeter/work).")
    Path work;

    @Option(names = "--step-seconds", paramLabel = "S",
            description = "Seconds per load level, ramp-up included (default: 20; quick: 2).")
    Integer stepSeconds;

    @Option(names = "--levels", split = ",", paramLabel = "N[,N...]",
            description = "Thread counts of the adaptive steps, increasing (default: 1,2,4,...,64; quick: 1,2).")
    List<Integer> levels;

    @Option(names = "--rates", split = ",", paramLabel = "F[,F...]",
            description = "Open-model rates as multiples of the knee throughput, at most 6; 0 for none "
                    + "(default: 0.8,0.9,1.0,1.1,1.2; quick: 1.0).")
    List<Double> rates;

    @Option(names = "--warm-up-steps", paramLabel = "N",
            description = "Most unrecorded warm-up steps (2 threads, one JMeter run each) before a workload's first "
                    + "series, ending at the first steady one; 0 measures a cold server (default: 6; quick: 1).")
    Integer warmUpSteps;

    @Option(names = "--employees", paramLabel = "N", description = "ERP employees (default: 10000; quick: 500).")
    Integer employees;

    @Option(names = "--backends", split = ",", paramLabel = "B[,B...]",
            description = "ERP backends: plain, encrypted (default: both; erp-pairs: encrypted; quick: one per plan).")
    List<String> backends;

    @Option(names = "--queries", split = ",", paramLabel = "Q[,Q...]",
            description = "erp-queries: the queries to run (default: Q7-Q15, Q10R, Q16-Q18; quick: Q7,Q16,Q18).")
    List<String> queries;

    @Option(names = "--pairs", split = ",", paramLabel = "A+B[,...]",
            description = "erp-pairs: the pairs to run (default: every pair of Q7-Q15; quick: Q7+Q8).")
    List<String> pairs;

    @Option(names = "--sequence", split = ",", paramLabel = "FIRST,THEN,PAIRS",
            description = "q10-q10r: Q10 count then Q10R count (sequential), alternating pairs (interleaved) "
                    + "(default: 300,1300,800; quick: 30,130,80).")
    List<Integer> sequence;

    @Option(names = "--topology", split = ",", paramLabel = "T[,T...]",
            description = "search-mix: 2servers, 4servers (default: both; quick: 2servers).")
    List<String> topologies;

    @Option(names = "--session-length", split = ",", paramLabel = "N[,N...]",
            description = "search-mix: searches per session (default: 1,2,5,20; quick: 2).")
    List<Integer> sessionLengths;

    @Option(names = "--policies", split = ",", paramLabel = "P[,P...]",
            description = "search-mix: baseline (--no-policy), public (all documents public, monitor on), "
                    + "mix (30/50/20, censorship, MAL) (default: baseline,mix).")
    List<String> policies;

    @Option(names = "--documents", paramLabel = "N", description = "search-mix, disguise: documents (default: 4000; quick: 300).")
    Integer documents;

    @Option(names = "--users", paramLabel = "N", description = "search-mix, disguise: users (default: 500; quick: 40).")
    Integer users;

    @Option(names = "--disguisers", paramLabel = "D",
            description = "disguise: users deleting or anonymizing and restoring their accounts while the normal "
                    + "users (as many as the highest --levels value) search (default: 30; quick: 3).")
    Integer disguisers;

    @Option(names = "--seed", defaultValue = "42", description = "Data and workload seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    WarOption war;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        BenchSettings settings;
        try {
            if (!Plan.NAMES.contains(plan)) {
                throw new IllegalArgumentException("unknown plan '" + plan + "'; choose one of " + Plan.NAMES);
            }
            settings = settings();
            // Names of queries, pairs and topologies are checked now, not an hour into the run.
            Plan.named(plan).workloads(settings);
            settings.topologies().forEach(Topology::parse);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Path runDir = out != null ? out : Path.of("target", "bench", "jmeter",
                plan + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Path reportDir = (reports != null ? reports : Path.of("target", "reports")).resolve(plan);
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        RunRecord record;
        try {
            record = new BenchRun(plan, settings, line -> {
                err.println("  " + line);
                err.flush();
            }, ProgressBars.FACTORY).run(runDir, reportDir);
        } catch (Exception e) {
            err.println("maat bench jmeter " + plan + ": " + e.getMessage());
            err.println("  what was measured so far is in " + runDir.toAbsolutePath());
            err.flush();
            return 1;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("bench jmeter %s%s: %d series in %.0f s%n", plan, quick ? " --quick" : "", record.series().size(),
                (System.nanoTime() - start) / 1e9);
        o.printf("  run:       %s%n", runDir.toAbsolutePath());
        o.printf("  report:    %s%n", reportDir.resolve("report.md").toAbsolutePath());
        o.printf("  dashboard: %s%n", reportDir.resolve("dashboard/index.html").toAbsolutePath());
        o.flush();
        return 0;
    }

    BenchSettings settings() {
        int step = stepSeconds != null ? stepSeconds : quick ? 2 : 20;
        List<Integer> threadLevels = levels != null ? levels : quick ? List.of(1, 2) : LoadSettings.doubling(64);
        List<Double> factors = rates != null ? rates : quick ? List.of(1.0) : List.of(0.8, 0.9, 1.0, 1.1, 1.2);
        if (factors.equals(List.of(0.0))) {
            factors = List.of();
        }
        LoadSettings load = new LoadSettings(step, threadLevels, factors);
        List<String> defaultBackends = quick
                ? List.of(plan.equals("erp-queries") ? "plain" : "encrypted")
                : plan.equals("erp-pairs") ? List.of("encrypted") : List.of("plain", "encrypted");
        int n = employees != null ? employees : quick ? 500 : 10_000;
        int docs = documents != null ? documents : quick ? 300 : 4_000;
        int people = users != null ? users : quick ? 40 : 500;
        if (n < 1 || docs < 100 || people < 2) {
            throw new IllegalArgumentException("--employees must be at least 1, --documents 100, --users 2");
        }
        if (sessionLengths != null && sessionLengths.stream().anyMatch(l -> l < 1)) {
            throw new IllegalArgumentException("--session-length values must be at least 1");
        }
        return new BenchSettings(quick, war.war(),
                work != null ? work : Path.of("target", "bench", "jmeter", "work"), n,
                backends != null ? backends : defaultBackends,
                queries != null ? queries : quick ? List.of("Q7", "Q16", "Q18") : List.of(),
                pairs != null ? pairs : quick ? List.of("Q7+Q8") : List.of(), load, docs, people,
                topologies != null ? topologies : quick ? List.of("2servers") : List.of("2servers", "4servers"),
                sessionLengths != null ? sessionLengths : quick ? List.of(2) : List.of(1, 2, 5, 20),
                policies != null ? policies : List.of("baseline", "mix"),
                sequence != null ? sequence : quick ? List.of(30, 130, 80) : List.of(300, 1300, 800),
                disguisers != null ? disguisers : quick ? 3 : 30, seed,
                warmUpSteps != null ? warmUpSteps : BenchSettings.defaultWarmUpSteps(quick));
    }
}
