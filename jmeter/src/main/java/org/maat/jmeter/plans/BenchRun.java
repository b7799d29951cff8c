package org.maat.jmeter.plans;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maat.core.progress.Progress;
import org.maat.jmeter.report.ReportBuilder;
import org.maat.jmeter.run.Dashboard;
import org.maat.jmeter.run.JMeterInstallation;
import org.maat.jmeter.run.Machine;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.RunRecord;
import org.maat.jmeter.run.Series;

/**
 * One {@code bench jmeter PLAN} run: the run directory ({@code run.json}, {@code plan.jmx} as run,
 * {@code results/*.csv}, {@code logs/}, {@code work/}), then the report directory ({@code dashboard/}
 * made by JMeter, {@code report.md} and charts by {@link ReportBuilder}). Everything the plan started
 * is stopped before this returns, also on failure; {@code run.json} lists the series finished so far.
 */
public final class BenchRun {

    private final String planName;
    private final BenchSettings settings;
    private final Consumer<String> log;
    private final Progress.Factory progress;

    /** {@code log} gets the run's notable lines; {@code progress} shows the workloads done. */
    public BenchRun(String planName, BenchSettings settings, Consumer<String> log, Progress.Factory progress) {
        this.planName = planName;
        this.settings = settings;
        this.log = log;
        this.progress = progress;
    }

    /** Runs the plan into {@code runDir} and writes the report into {@code reportDir}. */
    public RunRecord run(Path runDir, Path reportDir) throws Exception {
        Plan plan = Plan.named(planName);
        if (Files.exists(runDir) && Files.list(runDir).findAny().isPresent()) {
            throw new IllegalArgumentException(runDir + " already holds files; choose a new run directory");
        }
        Files.createDirectories(runDir.resolve("results"));
        Files.createDirectories(runDir.resolve("logs"));
        Files.createDirectories(settings.work());
        JMeterInstallation jmeter = JMeterInstallation.locateOrFetch(log);
        Path planFile = copyPlan(runDir.resolve(planName + ".jmx"));
        RunRecord record = new RunRecord(runDir, planName, settings.quick(), Instant.now(),
                Machine.current(jmeter.version()), settings.parameters(planName));
        record.write();
        log.accept("bench jmeter " + planName + (settings.quick() ? " (quick)" : "") + " into " + runDir
                + " (JMeter " + jmeter.version() + ")");
        log.accept("details in " + runDir.resolve("logs/bench.log"));
        // While the bar draws, lines go to bench.log (and the current one beside the bar); warnings are
        // repeated on the console once the bar is done.
        List<String> warnings = new ArrayList<>();
        try (PrintWriter details = new PrintWriter(Files.newBufferedWriter(runDir.resolve("logs/bench.log")), true);
             Progress bar = progress.start("bench jmeter " + planName, "workloads",
                     OptionalLong.of(plan.workloads(settings)))) {
            plan.run(settings, new RunContext(jmeter, runDir, planFile, record, line -> {
                details.println(Instant.now() + " " + line);
                bar.describe(" " + shorten(line.strip()));
                if (line.contains("WARNING")) {
                    warnings.add(line.strip());
                }
            }, bar::step));
        } finally {
            warnings.forEach(log);
            deleteServedCopies(runDir.resolve("work"));
        }

        List<Path> csvs = new ArrayList<>();
        for (Series s : record.series()) {
            csvs.add(runDir.resolve(s.file()));
        }
        log.accept("JMeter dashboard into " + reportDir.resolve("dashboard"));
        Dashboard.generate(jmeter, runDir, csvs, reportDir.resolve("dashboard"));
        log.accept("report into " + reportDir);
        ReportBuilder.build(runDir, reportDir);
        return record;
    }

    /**
     * The databases and data directories the servers ran on are copies of the cache, changed by the run
     * (inserts, MAL entries): no input to anything later, and large. The files the plan's JMeter read
     * (sessions, queries, regions) stay, to reproduce the run.
     */
    private static void deleteServedCopies(Path work) throws IOException {
        if (!Files.isDirectory(work)) {
            return;
        }
        try (var entries = Files.list(work)) {
            for (Path p : entries.filter(Files::isDirectory).toList()) {
                org.maat.core.data.DirectoryTree.delete(p);
            }
        }
    }

    private static String shorten(String line) {
        return line.length() <= 60 ? line : line.substring(0, 57) + "...";
    }

    private Path copyPlan(Path target) throws IOException {
        String resource = planName + ".jmx";
        try (InputStream in = BenchRun.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the plan " + resource + " is missing from the class path (build the jmeter module)");
            }
            Files.copy(in, target);
        }
        return target;
    }
}
