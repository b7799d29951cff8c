package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code maat bench disguise --quick} shrunk further (fewer users, runs and seconds) from the command
 * line to the report files: the Markdown on stdout is the file, and every CSV figure is a number.
 */
class BenchDisguiseCommandIT {

    @TempDir
    Path dir;

    @Test
    void aQuickRunWritesTheReportWithANumberInEveryFigure() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchDisguiseCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int exit = cl.execute("--quick", "--users", "40", "--runs", "3", "--warmup-runs", "1", "--employees", "150",
                "--search-users", "40", "--search-documents", "200", "--seconds", "1", "--out", dir.toString());

        assertThat(exit).as(err.toString()).isZero();
        Path reports = dir.resolve("reports/disguise-bench");
        assertThat(Files.readString(reports.resolve("report.md"), StandardCharsets.UTF_8)).isEqualTo(out.toString());
        assertThat(out.toString()).startsWith("# maat bench disguise\n\n`maat bench disguise --quick --users 40");
        List<String> csv = Files.readAllLines(reports.resolve("results.csv"));
        assertThat(csv).hasSizeGreaterThan(22);
        assertThat(csv).anyMatch(l -> l.startsWith("search,delete account,manual,3,"))
                .anyMatch(l -> l.startsWith("search,restore deleted account after anonymize,maat,3,"));
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            assertThat(cells).as(line).hasSize(8);
            assertThat(Integer.parseInt(cells[3])).as(line).isPositive();
            for (int c = 4; c < 8; c++) {
                assertThat(Double.parseDouble(cells[c])).as(line).isPositive();
            }
        }
        assertThat(err.toString()).contains("report in");
    }

    @Test
    void badArgumentsExitWith2() {
        CommandLine cl = new CommandLine(new BenchDisguiseCommand());
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertThat(cl.execute("--users", "10", "--out", dir.toString())).isEqualTo(2);
        assertThat(cl.execute("--runs", "0", "--out", dir.toString())).isEqualTo(2);
        assertThat(cl.execute("--quick", "--employees", "5", "--out", dir.toString())).isEqualTo(2);
        assertThat(cl.execute("--quick", "--search-users", "5", "--out", dir.toString())).isEqualTo(2);
    }
}
