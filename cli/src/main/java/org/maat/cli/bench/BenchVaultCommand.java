package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.bench.vault.VaultBenchReport;
import org.maat.bench.vault.VaultBenchmark;
import org.maat.vault.VaultException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code maat bench vault}: Tutamen's performance evaluation on the vault. Options left out take the full
 * run's values, or the quick ones with {@code --quick}.
 */
@Command(name = "vault",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Reproduce Tutamen's vault evaluation: request rate as the offered load rises, to "
                + "the knee, for each of",
            "  get-token     POST /acs/tokens (a verifier of account membership only)",
            "  fetch-secret  GET a stored share with a cached read token",
            "  noop-mtls     GET /acs/noop with a client certificate (mutual TLS)",
            "  noop-tls      GET /acs/noop on a server that asks no client certificate",
            "  https-static  a static page from Jetty over TLS (same certificate)",
            "  http-static   the same page over plain HTTP",
            "each with connection reuse and with a fresh TCP connection and full TLS handshake per request (no "
                + "session resumption; the report proves it by counting verified certificate chains); then the "
                + "time split of a store and a fetch through the vault client.",
            "",
            "Creates a new vault of 4 servers under OUT/bench/vault/ and serves it, the static pages and the load "
                + "generator in this process on 127.0.0.1. Every series is first run unmeasured (JIT warm-up); then each "
                + "series is measured in closed-loop steps "
                + "of LEVELS clients, each step RUNS runs of SECONDS after a WARMUP; it stops after the first step whose "
                + "median rate falls with its fastest run. Progress goes to stderr; the Markdown report to stdout and OUT/reports/vault-bench/"
                + "report.md, with Tutamen's published figures and Maat's targets (2 cores: 2,000 tokens/s and 5,000 "
                + "fetches/s reusing connections, 300 fresh mutual-TLS handshakes/s) marked met or not."},
        footer = {"", "Examples:",
            "  maat bench vault                       # every series, about 2 minutes",
            "  maat bench vault --series get-token,fetch-secret --modes reuse --runs 5",
            "  maat bench vault --quick               # seconds: a smoke test, not figures to quote",
            "", "Exit codes: 0 measured, 1 it could not run, 2 bad usage."})
public final class BenchVaultCommand implements Callable<Integer> {

    @Option(names = "--quick", description = "Smoke-test sizes: 1,2 clients, one 0.2 s run per step, one split run.")
    boolean quick;

    @Option(names = "--series", paramLabel = "NAME", split = ",",
            description = "Series to measure (default: all, in the list above).")
    List<String> series;

    @Option(names = "--modes", paramLabel = "MODE", split = ",",
            description = "Connection modes: reuse, fresh (default: both).")
    List<String> modes;

    @Option(names = "--levels", paramLabel = "N", split = ",",
            description = "Concurrent clients of the steps (default: 1,2,4,8,16,32,64; quick: 1,2).")
    List<Integer> levels;

    @Option(names = "--seconds", paramLabel = "S",
            description = "Measured seconds of each run (default: 0.5; quick: 0.2).")
    Double seconds;

    @Option(names = "--warmup", paramLabel = "S",
            description = "Unmeasured seconds before each run (default: 0.2; quick: 0.1).")
    Double warmup;

    @Option(names = "--runs", paramLabel = "N",
            description = "Runs per step; the median is reported with the spread (default: 3; quick: 1).")
    Integer runs;

    @Option(names = "--series-warmup", paramLabel = "S",
            description = "Unmeasured seconds of each series, all run before the first is measured (default: 1; quick: 0.2).")
    Double seriesWarmup;

    @Option(names = "--split-runs", paramLabel = "N",
            description = "Store+fetch runs of the time split; 0 skips it (default: 5; quick: 1).")
    Integer splitRuns;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target",
            description = "Output root: the vault under DIR/bench/vault/, the report DIR/reports/vault-bench/report.md "
                    + "(default: ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        VaultBenchmark.Options options;
        try {
            options = new VaultBenchmark.Options(out.resolve("bench").resolve("vault"),
                    levels != null ? levels : quick ? List.of(1, 2) : List.of(1, 2, 4, 8, 16, 32, 64),
                    seriesWarmup != null ? seriesWarmup : quick ? 0.2 : 1,
                    warmup != null ? warmup : quick ? 0.1 : 0.2,
                    seconds != null ? seconds : quick ? 0.2 : 0.5,
                    runs != null ? runs : quick ? 1 : 3,
                    series != null ? series : List.of(), modes != null ? modes : List.of(),
                    splitRuns != null ? splitRuns : quick ? 1 : 5);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        String command = "maat bench vault" + OwnArguments.of(spec).stream().map(a -> " " + a).reduce("", String::concat);
        VaultBenchReport report;
        try {
            report = new VaultBenchmark(options, line -> {
                err.println("  " + line);
                err.flush();
            }).run(command);
        } catch (VaultException e) {
            err.println("bench vault: " + e.getMessage());
            err.flush();
            return 1;
        }
        String md = report.markdown();
        Path reportDir = out.resolve("reports").resolve("vault-bench"); // vault/ is bench jmeter vault's
        Files.createDirectories(reportDir);
        Path file = reportDir.resolve("report.md");
        Files.writeString(file, md, StandardCharsets.UTF_8);
        PrintWriter o = spec.commandLine().getOut();
        o.print(md);
        o.flush();
        err.println("bench vault: report in " + file);
        err.flush();
        return 0;
    }
}
