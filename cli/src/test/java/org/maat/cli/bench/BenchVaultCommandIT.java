package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code maat bench vault --quick} against the real servers it starts: the report (stdout and its file)
 * has a knee row for every series in both connection modes, each with a positive rate and no error, the
 * three goals, and the time split with the tokens a store and a fetch needed.
 */
class BenchVaultCommandIT {

    private static final List<String> SERIES =
            List.of("get-token", "fetch-secret", "noop-mtls", "noop-tls", "https-static", "http-static");

    @TempDir
    Path dir;

    @Test
    void aQuickRunReportsEverySeriesInBothModesWithoutErrors() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchVaultCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int exit = cl.execute("--quick", "--out", dir.toString());

        assertThat(exit).as(err.toString()).isZero();
        String report = out.toString();
        assertThat(Files.readString(dir.resolve("reports/vault-bench/report.md"), StandardCharsets.UTF_8)).isEqualTo(report);
        String knee = section(report, "## Throughput at the knee");
        for (String series : SERIES) {
            List<String[]> rows = knee.lines().filter(l -> l.startsWith("| " + series + " |"))
                    .map(l -> Arrays.stream(l.split("\\|")).map(String::trim).toArray(String[]::new)).toList();
            assertThat(rows).as(series).hasSize(2);
            assertThat(rows).extracting(r -> r[2]).containsExactly("reused connection", "fresh handshake per request");
            for (String[] row : rows) {
                assertThat(Double.parseDouble(row[4].replace(",", ""))).as(String.join("|", row)).isPositive();
                assertThat(row[8]).as("errors of " + String.join("|", row)).isEqualTo("0");
            }
        }
        assertThat(section(report, "## Goals")).contains("get-token (reuse) >= 2,000/s", "fetch-secret (reuse) >= 5,000/s",
                "noop-mtls (fresh) >= 300/s");
        assertThat(section(report, "## Time split")).contains("| tokens |", "| shares |", "| total (wall) |")
                .containsPattern("Tokens issued: store [1-9]\\d* \\(Tutamen: 5\\), fetch [1-9]\\d* \\(Tutamen: 1\\)");
        assertThat(report).startsWith("# maat bench vault\n\n`maat bench vault --quick --out " + dir + "`");
        assertThat(err.toString()).contains("get-token (reuse)", "report in");
    }

    @Test
    void badArgumentsExitWith2() {
        CommandLine cl = new CommandLine(new BenchVaultCommand());
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertThat(cl.execute("--series", "get-tokens", "--out", dir.toString())).isEqualTo(2);
        assertThat(cl.execute("--modes", "reused", "--out", dir.toString())).isEqualTo(2);
        assertThat(cl.execute("--levels", "0", "--out", dir.toString())).isEqualTo(2);
        assertThat(cl.execute("--runs", "0", "--out", dir.toString())).isEqualTo(2);
    }

    /** The text from {@code heading} to the next heading. */
    private static String section(String md, String heading) {
        int start = md.indexOf(heading);
        assertThat(start).as(heading).isNotNegative();
        int end = md.indexOf("\n## ", start + heading.length());
        return end < 0 ? md.substring(start) : md.substring(start, end);
    }
}
