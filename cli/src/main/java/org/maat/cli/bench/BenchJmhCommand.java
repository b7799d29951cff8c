package org.maat.cli.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.maat.cli.ProgressBars;
import org.maat.core.progress.Progress;
import org.maat.jmh.report.JmhReport;
import org.maat.jmh.report.JmhResultFile;
import org.maat.jmh.report.JmhRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code maat bench jmh}: runs {@code jmh/target/benchmarks.jar} in a child JVM, then writes its JSON
 * results and a Markdown report normalized to the baselines of the same run. The child's output goes
 * to a log beside the JSON; the progress on standard error follows JMH's own progress line. Nothing
 * is reported from a run that failed: the exit code says so and the log's tail is shown.
 */
@Command(name = "jmh",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Run the JMH microbenchmarks (jmh/target/benchmarks.jar) and report them against their "
                + "baselines from the same run: conduit reads of 4 KB, 96 KB and 512 KB documents under each policy vs "
                + "no monitor (Thoth's Fig. 5), friend lists of 12/50/100, writes of 10 conduit ids under ONLY_CND_IDS "
                + "and ONLY_CND_IDS+ vs an unchecked write, index-policy file creation vs a plain file, and the "
                + "encrypted layer's primitives. Goals: 4 KB read overhead under 5%% (public; cached reads also under "
                + "300 ns added) and 25%% (MAL).",
            "Writes OUT/bench/jmh/jmh-result.json, OUT/bench/jmh/jmh-output.txt (JMH's log) and "
                + "OUT/reports/jmh/report.md."},
        footer = {"", "Examples:", "  maat bench jmh --quick                       # every benchmark, roughly, in minutes",
            "  maat bench jmh 'ConduitRead.read$'           # default settings: 3 x 1 s warmup, 5 x 1 s measurement",
            "  maat bench jmh ConduitRead -p size=4096 -p policy=none,public,mal --forks 3",
            "", "The full suite takes about 25 minutes on two cores; close other work first, the figures are ratios "
                + "within one run but load still adds noise.",
            "", "Exit codes: 0 report written, 1 the benchmark run failed, 2 bad arguments or no benchmarks.jar."})
public final class BenchJmhCommand implements Callable<Integer> {

    private static final Pattern PROGRESS = Pattern.compile("^# Run progress: ([0-9.]+)% complete");
    private static final Pattern PARAM = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=[^=]+");
    private static final int LOG_TAIL = 30;

    @Parameters(index = "0", arity = "0..1", paramLabel = "REGEX",
            description = "Benchmarks to run, a regular expression over Class.method (JMH's include). Default: all.")
    String regex;

    @Option(names = "--quick", description = "One fork, 1 x 200 ms warmup and measurement, 1,000 users: "
            + "a smoke run of minutes, not figures to quote.")
    boolean quick;

    @Option(names = "--forks", paramLabel = "N",
            description = "Forks per benchmark (JMH -f; default: 1). More forks narrow the error of a ratio between "
                    + "runs of different JVMs, e.g. --forks 3 for figures to quote.")
    Integer forks;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Output root (bench/jmh/ and reports/jmh/ go under it). Default: target/ of the repository.")
    Path out;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V1,V2",
            description = "Override a benchmark parameter (JMH -p), e.g. size=4096 or policy=none,public,mal. Repeatable.")
    List<String> params = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        validate();
        BenchmarkJar jar;
        try {
            jar = BenchmarkJar.locate();
        } catch (IllegalStateException e) {
            // Not a usage mistake, so no usage text: just where it looked and how to build it.
            spec.commandLine().getErr().println("bench jmh: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 2;
        }
        Path root = out != null ? out : jar.home().resolve("target");
        Path benchDir = root.resolve("bench").resolve("jmh");
        Path reportDir = root.resolve("reports").resolve("jmh");
        Files.createDirectories(benchDir);
        Files.createDirectories(reportDir);
        Path json = benchDir.resolve("jmh-result.json");
        Path log = benchDir.resolve("jmh-output.txt");
        // A stale result must never be reported as this run's.
        Files.deleteIfExists(json);
        String machine = machine();

        PrintWriter err = spec.commandLine().getErr();
        PrintWriter o = spec.commandLine().getOut();
        List<String> command = jar.command(regex, quick, forks, params, json);
        err.println("bench jmh: " + String.join(" ", command));
        err.flush();
        RunOutcome outcome = run(command, log);
        if (outcome.exitCode != 0 || !Files.isRegularFile(json)) {
            err.println("bench jmh: the benchmark run failed (exit " + outcome.exitCode + "); last lines of " + log + ":");
            outcome.tail.forEach(line -> err.println("  " + line));
            err.flush();
            return 1;
        }
        JmhRun results = JmhResultFile.read(json);
        if (results.results().isEmpty()) {
            err.println("bench jmh: no benchmark matched " + (regex == null ? "" : "'" + regex + "' ") + "(see " + log + ")");
            err.flush();
            return 1;
        }
        JmhReport report = new JmhReport(results, machine + (quick ? "; QUICK run: rough figures, not to quote" : ""),
                quick ? JmhReport.RunLength.QUICK : JmhReport.RunLength.FULL);
        Path md = reportDir.resolve("report.md");
        Files.writeString(md, report.markdown(), StandardCharsets.UTF_8);
        o.printf("bench jmh: %d result(s)%n  %s%n  %s%n  %s%n", results.results().size(), json, log, md);
        for (JmhReport.Goal g : report.goals()) {
            o.printf(Locale.ROOT, "  goal %s (%s): %s%s%n", g.description(), g.benchmark(), g.status(),
                    g.measuredPercent() == null ? "" : String.format(Locale.ROOT, " (%+.1f%%)", g.measuredPercent()));
        }
        o.flush();
        return 0;
    }

    private void validate() {
        if (forks != null && forks < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--forks must be at least 1, got " + forks);
        }
        if (regex != null) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "REGEX '" + regex + "' is not a regular expression: " + e.getDescription());
            }
        }
        for (String p : params) {
            if (!PARAM.matcher(p).matches()) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--param '" + p + "': expected NAME=V1,V2 (e.g. size=4096)");
            }
        }
    }

    private record RunOutcome(int exitCode, Deque<String> tail) {
    }

    /** Runs the child JVM, its output to {@code log}, its progress line to the progress display. */
    private static RunOutcome run(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Ctrl-C ends this JVM without unwinding the finally below: the hook stops the benchmark JVM then.
        Thread stopChild = new Thread(() -> stop(process), "stop-jmh");
        Runtime.getRuntime().addShutdownHook(stopChild);
        Deque<String> tail = new ArrayDeque<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             BufferedWriter logOut = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
             Progress bar = ProgressBars.start("jmh", "%", OptionalLong.of(100))) {
            String line;
            while ((line = in.readLine()) != null) {
                logOut.write(line);
                logOut.newLine();
                if (tail.size() == LOG_TAIL) {
                    tail.removeFirst();
                }
                tail.addLast(line);
                Matcher m = PROGRESS.matcher(line);
                if (m.find()) {
                    bar.stepTo((long) Double.parseDouble(m.group(1)));
                }
            }
            int exit = process.waitFor();
            if (exit == 0) {
                bar.stepTo(100);
            }
            return new RunOutcome(exit, tail);
        } finally {
            // Interrupted or failed while reading: leave no benchmark JVM behind.
            stop(process);
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or has run: nothing left to remove.
            }
        }
    }

    /** Stops the benchmark JVM and the fork it runs the benchmark in. */
    private static void stop(Process process) {
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        }
    }

    private static String machine() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return String.format(Locale.ROOT, "%d cores, %s %s, %s %s; load average %.2f at start%s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
                load, load >= 0.5 ? " (other work was running: the machine was shared)" : "");
    }
}
