package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maat.bench.disguise.DisguiseBenchReport;
import org.maat.bench.disguise.DisguiseBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code maat bench disguise}: Edna's evaluation of reversible disguises. Options left out
 * take the full run's values (Edna's sizes), or the quick ones with {@code --quick}.
 */
@Command(name = "disguise",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Reproduce Edna's evaluation of reversible disguises, in one run:",
            "1. WebSubmit: a generated course (USERS users, LECTURES x QUESTIONS questions, one answer per user and "
                + "question) in a file-backed H2 database in the system temp dir. Median and 5th-95th percentile "
                + "latency of create account, edit an answer, delete account, anonymize account, edit an anonymized "
                + "answer (with the speaks-for proof) and restore the account, with Maat's disguises (the built-in "
                + "websubmit-delete-account / websubmit-anonymize-account) and with the manual irreversible SQL of the "
                + "same change. Every disguise is of another user; every user Maat disguised is restored.",
            "2. ERP: the HR schema with EMPLOYEES employees on plain H2; hr-employee-leaves and its restore against "
                + "the manual SQL.",
            "3. Search: a generated population (SEARCH-USERS users, SEARCH-DOCUMENTS synthetic documents, the search "
                + "benchmarks' 30/50/20 mix) with its index built under the monitor; delete account, anonymize account "
                + "and restore with Maat's search disguises, against the manual irreversible deletion through core's "
                + "APIs on the same stores; and Edna's composition figure: delete and restore after an "
                + "anonymization (with the speaks-for proof).",
            "4. The cost of each cryptographic operation: an X25519 key pair; sealing and opening a speaks-for record, "
                + "one row's diff and a whole account's bag (HPKE), with their sizes.",
            "5. NORMAL-THREADS users editing their answers with 250-500 ms pauses, alone and beside DISGUISERS users "
                + "who delete their account with Maat and restore it without pause, then beside the same users deleting "
                + "with plain SQL and inserting their rows again (the baseline): p50/p95 of the edits and the p95 ratios.",
            "",
            "The report (Markdown and CSV, with Edna's published figures and Maat's targets: delete/anonymize <= 5 ms "
                + "and restore <= 20 ms median, edits' p95 ratio <= 1.10) goes to OUT/reports/disguise-bench/; the "
                + "Markdown also to stdout, progress to stderr. The databases and the search data are deleted at the end."},
        footer = {"", "Examples:",
            "  maat bench disguise                      # Edna's sizes, a few minutes",
            "  maat bench disguise --runs 500 --seconds 30",
            "  maat bench disguise --quick              # seconds: a smoke test, not figures to quote",
            "", "Exit codes: 0 measured, 1 it could not run, 2 bad usage."})
public final class BenchDisguiseCommand implements Callable<Integer> {

    @Option(names = "--quick", description = "Smoke-test sizes: 60 users x 4 x 2, 300 employees, 60 search users "
            + "with 300 documents, 2 disguisers, "
            + "4 editors, 1 s phases, 5 runs.")
    boolean quick;

    @Option(names = "--users", paramLabel = "N", description = "WebSubmit users (default: 2000; quick: 60).")
    Integer users;

    @Option(names = "--lectures", paramLabel = "N", description = "Lectures (default: 20; quick: 4).")
    Integer lectures;

    @Option(names = "--questions", paramLabel = "N", description = "Questions per lecture (default: 4; quick: 2).")
    Integer questions;

    @Option(names = "--employees", paramLabel = "N", description = "ERP employees (default: 10000; quick: 300).")
    Integer employees;

    @Option(names = "--search-users", paramLabel = "N",
            description = "Search users of the generated population (default: 2000; quick: 60).")
    Integer searchUsers;

    @Option(names = "--search-documents", paramLabel = "N",
            description = "Documents of the generated search population (default: 20000; quick: 300).")
    Integer searchDocuments;

    @Option(names = "--disguisers", paramLabel = "N",
            description = "Users deleting and restoring their accounts beside the editors; 0 measures the editors "
                    + "alone only (default: 30; quick: 2).")
    Integer disguisers;

    @Option(names = "--normal-threads", paramLabel = "N",
            description = "Users editing their answers, each on its own thread and connection (default: 100, as "
                    + "in Edna's evaluation; quick: 4).")
    Integer normalThreads;

    @Option(names = "--seconds", paramLabel = "S",
            description = "Measured seconds of each edit phase (default: 20; quick: 1).")
    Double seconds;

    @Option(names = "--warmup", paramLabel = "S",
            description = "Unmeasured seconds before each edit phase (default: 3; quick: 0.2).")
    Double warmup;

    @Option(names = "--runs", paramLabel = "N",
            description = "Timed operations of each kind, each disguise on another user (default: 200; quick: 5).")
    Integer runs;

    @Option(names = "--warmup-runs", paramLabel = "N",
            description = "Untimed operations of each kind before the timed ones (default: 20; quick: 2).")
    Integer warmupRuns;

    @Option(names = "--crypto-iterations", paramLabel = "N",
            description = "Timed iterations of each crypto operation, after a quarter as many untimed "
                    + "(default: 2000; quick: 50).")
    Integer cryptoIterations;

    @Option(names = "--seed", paramLabel = "S", description = "Data and choice seed (default: 42).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target",
            description = "Output root: the report goes to DIR/reports/disguise-bench/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        DisguiseBenchmark.Options base = quick ? DisguiseBenchmark.Options.quick() : DisguiseBenchmark.Options.full();
        DisguiseBenchmark.Options options;
        try {
            options = new DisguiseBenchmark.Options(or(users, base.users()), or(lectures, base.lectures()),
                    or(questions, base.questions()), or(employees, base.employees()),
                    or(searchUsers, base.searchUsers()), or(searchDocuments, base.searchDocuments()),
                    or(disguisers, base.disguisers()), or(normalThreads, base.normalThreads()),
                    warmup != null ? warmup : base.warmUpSeconds(), seconds != null ? seconds : base.seconds(),
                    or(runs, base.runs()), or(warmupRuns, base.warmUpRuns()),
                    or(cryptoIterations, base.cryptoIterations()), seed != null ? seed : base.seed(), base.batch());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        String command = "maat bench disguise" + OwnArguments.of(spec).stream().map(a -> " " + a).reduce("", String::concat);
        DisguiseBenchReport report;
        try {
            report = new DisguiseBenchmark(options, line -> {
                err.println("  " + line);
                err.flush();
            }).run(command);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (java.sql.SQLException | RuntimeException e) {
            err.println("bench disguise: " + e);
            err.flush();
            return 1;
        }
        Path file = report.write(out.resolve("reports").resolve("disguise-bench"));
        PrintWriter o = spec.commandLine().getOut();
        o.print(report.markdown());
        o.flush();
        err.println("bench disguise: report in " + file + " and " + file.resolveSibling(DisguiseBenchReport.CSV));
        err.flush();
        return 0;
    }

    private static int or(Integer given, int otherwise) {
        return given != null ? given : otherwise;
    }
}
