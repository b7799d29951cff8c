package org.maat.cli.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.maat.cli.ProgressBars;
import org.maat.core.progress.Progress;
import org.maat.jmeter.report.ReportBuilder;
import org.maat.jmeter.report.RunDescription;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code maat bench jmeter-report RUN_DIR}: rebuild the report of an existing JMeter run. */
@Command(name = "jmeter-report",
        mixinStandardHelpOptions = true,
        description = {"Rebuild report.md and its PNG charts from a run directory written by 'bench jmeter'.",
            "Reads RUN_DIR/run.json and the CSV result files it names; no server is started. Progress (series "
                + "read) on standard error.",
            "",
            "Example:",
            "  maat bench jmeter-report target/bench/jmeter/erp-queries-20261122-210000"},
        footer = {"", "Exit codes: 0 report written (possibly listing missing series), 1 unreadable run or "
                + "unwritable report, 2 bad usage."})
public final class JmeterReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "Run directory holding run.json.")
    Path runDir;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Report directory (default: target/reports/PLAN, PLAN read from run.json).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        try {
            if (!Files.isDirectory(runDir)) {
                stderr.println(runDir + ": not a directory");
                return 1;
            }
            RunDescription run = RunDescription.read(runDir);
            Path reportDir = out != null ? out : Path.of("target", "reports", run.plan());
            ReportBuilder.Result result;
            try (Progress bar = ProgressBars.start("jmeter-report", "series",
                    OptionalLong.of(run.series().size()))) {
                result = ReportBuilder.build(runDir, reportDir, series -> bar.step());
            }
            stdout.println("report: " + result.report());
            result.charts().forEach(chart -> stdout.println("chart:  " + chart));
            result.missing().forEach(missing -> stderr.println("missing: " + missing));
            return 0;
        } catch (IOException e) {
            stderr.println(e.getMessage());
            return 1;
        } finally {
            stdout.flush();
            stderr.flush();
        }
    }
}
