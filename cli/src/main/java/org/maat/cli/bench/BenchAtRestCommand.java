package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.bench.atrest.AccessPattern;
import org.maat.bench.atrest.AtRestBenchReport;
import org.maat.bench.atrest.AtRestBenchmark;
import org.maat.cli.ProgressBars;
import org.maat.cli.atrest.AtRestArguments;
import org.maat.core.progress.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code maat bench atrest}: SwitchCrypt's evaluation on Maat's encrypted volume. Options left out take the full
 * run's values, or the quick ones with {@code --quick}.
 */
@Command(name = "atrest",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Reproduce SwitchCrypt's evaluation of encryption at rest on this machine: "
                + "write-then-read of 4 KB, 512 KB, 5 MB and 40 MB, 10 operations, sequential (64 KB requests) and "
                + "random (4 KB requests, shuffled) I/O, 3 repeats pooled and the median taken, on /dev/shm (a RAM "
                + "disk, as SwitchCrypt did) when it exists, else the temp directory:",
            "  - each cipher alone against unencrypted I/O (plain FileChannel, same sizes and pattern);",
            "  - each switching model (forward, selective, mirrored) at ratios 7:3, 5:5, 3:7 for every ordered pair of "
                + "the switching ciphers (at 4 KB, 512 KB and 5 MB unless --switch-sizes says otherwise): the primary for the first part, then a switch to the secondary; the overhead "
                + "is against the same operations with each cipher alone;",
            "  - SwitchCrypt's trade-off chart (normed rounds+randomization vs normalized median latency) as PNGs;",
            "  - thread CPU time per byte, the stand-in for SwitchCrypt's energy figures (no power sensor here);",
            "  - the JVM's raw ChaCha20 (Bouncy Castle ChaChaEngine(20), no I/O) and ChaCha20 through the volume as a "
                + "fraction of it;",
            "  - the cost of an encrypted index on bench index and bench search (the same data plaintext and encrypted).",
            "",
            "The report (Markdown, JSON, PNGs) goes to OUT/reports/atrest-bench/, with SwitchCrypt's published overheads and "
                + "Maat's targets (Forward and Selective <= 0.05x at 512 KB and above, <= 0.2x at 4 KB; ChaCha20 within 30 %% "
                + "of raw; encrypted search >= 0.95 of plaintext) marked met or missed. Progress on standard error."},
        footer = {"", "Examples:",
            "  maat bench atrest                                   # the full run, about 10-20 minutes",
            "  maat bench atrest --sizes 4KB,40MB --models forward --repeats 5",
            "  maat bench atrest --switch-ciphers chacha8,chacha12,chacha20 --index-documents 0",
            "  maat bench atrest --quick                           # seconds: a smoke test, not figures to quote",
            "", "Exit codes: 0 measured, 1 it could not run, 2 bad usage."})
public final class BenchAtRestCommand implements Callable<Integer> {

    @Option(names = "--quick", description = "Smoke-test sizes: 4KB,512KB, 4 operations (3+1, 2+2, 1+3 around a switch), 1 repeat, 60 documents.")
    boolean quick;

    @Option(names = "--sizes", paramLabel = "SIZE", split = ",",
            description = "Bytes written then read per operation, e.g. 4KB,512KB,5MB,40MB (the default; quick: 4KB,512KB).")
    List<String> sizes;

    @Option(names = "--operations", paramLabel = "N",
            description = "Write-then-read operations per run (default: 10; quick: 4).")
    Integer operations;

    @Option(names = "--repeats", paramLabel = "N", description = "Runs per configuration, pooled (default: 3; quick: 1).")
    Integer repeats;

    @Option(names = "--patterns", paramLabel = "P", split = ",",
            description = "Access patterns: sequential, random (default: both).")
    List<String> patterns;

    @Option(names = "--ciphers", paramLabel = "CIPHER", split = ",",
            description = "Ciphers measured alone, of ${COMPLETION-CANDIDATES} (default: chacha8,chacha12,chacha20,"
                    + "freestyle-fast: freestyle-balanced and -strong seal about 10 and 1 MB/s here, which at 40 MB "
                    + "would take hours; name them to measure them, with --sizes to bound the run).",
            completionCandidates = AtRestArguments.CipherNames.class)
    List<String> ciphers;

    @Option(names = "--switch-ciphers", paramLabel = "CIPHER", split = ",",
            description = "Ciphers whose ordered pairs the switching runs use (default: chacha8,chacha20; more pairs "
                    + "multiply the run time).")
    List<String> switchCiphers;

    @Option(names = "--models", paramLabel = "MODEL", split = ",",
            description = "Switching models: forward, selective, mirrored (default: all).")
    List<String> models;

    @Option(names = "--switch-sizes", paramLabel = "SIZE", split = ",",
            description = "Sizes of the switching runs, among --sizes (default: all but 40MB, whose switching runs would "
                    + "take most of an hour; quick: all).")
    List<String> switchSizes;

    @Option(names = "--ratios", paramLabel = "N", split = ",",
            description = "Operations out of 10 under the primary before the switch (default: 7,5,3: SwitchCrypt's 7:3, 5:5, 3:7).")
    List<Integer> ratios;

    @Option(names = "--raw-seconds", paramLabel = "S",
            description = "Seconds of each in-memory cipher measurement (default: 2; quick: 0.1).")
    Double rawSeconds;

    @Option(names = "--index-documents", paramLabel = "N",
            description = "Europarl documents of the encrypted-index comparison; 0 skips it (default: 2000; quick: 60).")
    Integer indexDocuments;

    @Option(names = "--work", paramLabel = "DIR",
            description = "Where the files are written (default: /dev/shm/maat-atrest-bench, else the temp directory); "
                    + "deleted at the end.")
    Path work;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target",
            description = "Output root: the report in DIR/reports/atrest-bench/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    /** The ciphers a full run measures alone: those that finish 40 MB in seconds. */
    private static final List<String> DEFAULT_CIPHERS = List.of("chacha8", "chacha12", "chacha20", "freestyle-fast");

    @Override
    public Integer call() throws Exception {
        AtRestBenchmark.Options options = options();
        PrintWriter err = spec.commandLine().getErr();
        String command = "maat bench atrest" + OwnArguments.of(spec).stream().map(a -> " " + a).reduce("", String::concat);
        AtRestBenchReport report;
        try (Progress bar = ProgressBars.start("bench atrest", "configs", OptionalLong.of(options.configurations()))) {
            report = new AtRestBenchmark(options, line -> {
                err.println("  " + line);
                err.flush();
            }).run(command, bar);
        }
        Path dir = out.resolve("reports").resolve("atrest-bench");
        String md = report.write(dir);
        PrintWriter o = spec.commandLine().getOut();
        o.print(md);
        o.flush();
        err.println("bench atrest: report in " + dir.resolve("report.md") + " (and report.json, the PNGs)");
        err.flush();
        return 0;
    }

    private AtRestBenchmark.Options options() {
        List<Integer> bytes = new ArrayList<>();
        for (String s : sizes != null ? sizes : quick ? List.of("4KB", "512KB") : List.of("4KB", "512KB", "5MB", "40MB")) {
            bytes.add(parseSize(s));
        }
        List<Integer> switching = new ArrayList<>();
        if (switchSizes != null) {
            for (String s : switchSizes) {
                switching.add(parseSize(s));
            }
        } else {
            bytes.stream().filter(b -> quick || b < 40 << 20).forEach(switching::add);
        }
        List<AccessPattern> accesses = new ArrayList<>();
        for (String p : patterns != null ? patterns : List.of("sequential", "random")) {
            try {
                accesses.add(AccessPattern.valueOf(p.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--patterns: unknown pattern '" + p
                        + "': expected sequential or random");
            }
        }
        List<AtRestCipher> alone = (ciphers == null ? DEFAULT_CIPHERS : ciphers).stream()
                .map(c -> AtRestArguments.cipher(spec, "--ciphers", c)).toList();
        List<AtRestCipher> pairs = (switchCiphers == null ? List.of("chacha8", "chacha20") : switchCiphers).stream()
                .map(c -> AtRestArguments.cipher(spec, "--switch-ciphers", c)).toList();
        List<SwitchModel> switchModels = models == null ? List.of(SwitchModel.values()) : models.stream()
                .map(m -> AtRestArguments.model(spec, "--models", m)).toList();
        int documents = indexDocuments != null ? indexDocuments : quick ? 60 : 2000;
        if (documents < 0) {
            throw new ParameterException(spec.commandLine(), "--index-documents must be 0 or more, not " + documents);
        }
        Path workDir = work != null ? work
                : AtRestBenchmark.defaultWorkRoot().resolve("maat-atrest-bench-" + ProcessHandle.current().pid());
        try {
            return new AtRestBenchmark.Options(workDir, bytes, operations != null ? operations : quick ? 4 : 10,
                    repeats != null ? repeats : quick ? 1 : 3, accesses, alone, pairs, switchModels, switching,
                    ratios != null ? ratios : List.of(7, 5, 3), rawSeconds != null ? rawSeconds : quick ? 0.1 : 2,
                    documents == 0 ? null : AtRestBenchmark.indexCost(documents, quick, Ciphers.CHACHA20), 42);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private int parseSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        long unit = t.endsWith("KB") ? 1024 : t.endsWith("MB") ? 1024 * 1024 : t.endsWith("B") ? 1 : 1;
        String digits = t.replaceAll("[KMB]+$", "");
        try {
            long v = Long.parseLong(digits) * unit;
            if (v < 1 || v > 1L << 30) {
                throw new NumberFormatException();
            }
            return (int) v;
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "--sizes: '" + text + "' is not a size such as 4KB, "
                    + "512KB or 40MB (1 byte to 1 GB)");
        }
    }
}
