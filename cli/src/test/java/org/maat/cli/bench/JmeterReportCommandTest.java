package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.jmeter.report.RunFixture;
import org.maat.jmeter.report.Sample;
import org.maat.jmeter.report.SimulatedServer;
import picocli.CommandLine;

class JmeterReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new JmeterReportCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void rebuildsTheReportOfAnExistingRun() throws IOException {
        List<Sample> samples = new SimulatedServer(RunFixture.T0, 2, 10, 0, 1).closedLoop(1, 3_000, "Q7")
                .closedLoop(2, 3_000, "Q7").closedLoop(4, 3_000, "Q7").samples();
        Path runDir = new RunFixture(dir.resolve("run"), "erp-queries")
                .series("plain/Q7/adaptive", "adaptive", List.of(1.0, 2.0, 4.0), Map.of("Q7", 1.0), samples,
                        Map.of("backend", "plain"))
                .write(true);

        int exit = run(runDir.toString(), "--out", dir.resolve("out").toString());

        assertThat(exit).isEqualTo(0);
        assertThat(dir.resolve("out/report.md")).isRegularFile();
        assertThat(out.toString()).contains("report: ").contains("erp-queries-plain.png");
        assertThat(err.toString()).contains("missing: encrypted Q7: no series");
    }

    @Test
    void directoryWithoutRunJsonFailsWithExitOne() {
        assertThat(run(dir.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("run.json").contains("not a run directory");
    }

    @Test
    void unknownFlagIsBadUsage() {
        assertThat(run(dir.toString(), "--bogus")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option");
    }
}
