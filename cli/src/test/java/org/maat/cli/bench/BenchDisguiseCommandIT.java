package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code maat bench disguise --quick} shrunk further (fewer users, runs and seconds) from the command
 * line to the report files: the Markdown on stdout is the file, with every section and Edna's published figures;
 * every operation of every part has a CSV row whose count is the runs and whose figures are positive and
 * ordered. Every part runs against real H2 files and real disguises, whose own checks fail the run if a
 * restore does not bring the user back. (The benchmark's one end-to-end run in the suite: the bench
 * module's DisguiseBenchmarkTest checks only what is refused before anything is built.)
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
        String markdown = out.toString();
        assertThat(markdown).startsWith("# maat bench disguise\n\n`maat bench disguise --quick --users 40");
        assertThat(markdown).contains("## Goals", "## WebSubmit", "## ERP HR schema", "## Search users",
                "## Cryptographic operations", "## Normal edits beside continuous disguisers", "10.8", "301 (RSA)");
        // 4 WebSubmit, 4 search, the edits' p95 ratio
        assertThat(section(markdown, "## Goals").lines().filter(l -> l.startsWith("| ")).count()).isEqualTo(2 + 9);
        Matcher ratio = Pattern.compile("disguisers / alone: \\*\\*([0-9.]+)\\*\\*").matcher(markdown);
        assertThat(ratio.find()).as("the edits' p95 ratio").isTrue();
        assertThat(Double.parseDouble(ratio.group(1))).isPositive();

        List<String> csv = Files.readAllLines(reports.resolve("results.csv"));
        assertThat(csv.get(0)).isEqualTo("workload,operation,variant,count,p5_ms,p50_ms,p95_ms,mean_ms");
        assertThat(csv).hasSizeGreaterThan(22);
        assertThat(csv).anyMatch(l -> l.startsWith("search,delete account,manual,3,"))
                .anyMatch(l -> l.startsWith("search,restore deleted account after anonymize,maat,3,"));
        List<String> operations = new ArrayList<>();
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            assertThat(cells).as(line).hasSize(8);
            operations.add(cells[0] + "/" + cells[1] + "/" + cells[2]);
            assertThat(Integer.parseInt(cells[3])).as(line).isPositive();
            if (!cells[0].equals("crypto") && !cells[0].equals("concurrency")) {
                assertThat(Integer.parseInt(cells[3])).as("one figure per run: " + line).isEqualTo(3);
            }
            for (int c = 4; c < 8; c++) {
                assertThat(Double.parseDouble(cells[c])).as(line).isPositive();
            }
            assertThat(Double.parseDouble(cells[4])).as(line).isLessThanOrEqualTo(Double.parseDouble(cells[5]));
            assertThat(Double.parseDouble(cells[5])).as(line).isLessThanOrEqualTo(Double.parseDouble(cells[6]));
        }
        assertThat(operations).contains("WebSubmit/delete account/maat", "WebSubmit/delete account/manual",
                "WebSubmit/anonymize account/maat", "WebSubmit/anonymize account/manual",
                "WebSubmit/edit anonymized answer/maat", "WebSubmit/restore deleted account/maat",
                "WebSubmit/create account/maat", "WebSubmit/create account/manual", "WebSubmit/edit answer/both",
                "ERP HR/employee leaves/maat", "ERP HR/employee leaves/manual", "ERP HR/restore employee/maat",
                "search/delete account/maat", "search/delete account/manual", "search/anonymize account/maat",
                "search/restore deleted account/maat", "search/restore anonymized account/maat",
                "search/delete account after anonymize/maat", "search/restore deleted account after anonymize/maat",
                "crypto/generate key pair/X25519", "crypto/open speaks-for record/HPKE",
                "concurrency/normal edit/alone", "concurrency/normal edit/beside 2 disguisers",
                "concurrency/delete or restore/disguiser", "concurrency/normal edit/beside 2 manual deleters",
                "concurrency/delete or re-insert/manual deleter");
        assertThat(err.toString()).contains("report in");
    }

    /** The text from {@code heading} to the next heading. */
    private static String section(String md, String heading) {
        int start = md.indexOf(heading);
        assertThat(start).as(heading).isNotNegative();
        int end = md.indexOf("\n## ", start + heading.length());
        return end < 0 ? md.substring(start) : md.substring(start, end);
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
