package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.maat.jmh.report.JmhResult;
import org.maat.jmh.report.JmhResultFile;
import org.maat.jmh.report.JmhRun;
import org.maat.jmh.report.WellFormedMarkdown;
import picocli.CommandLine;

/**
 * The smoke run: {@code bench jmh --quick} over one small selection of every benchmark class, from
 * the packaged {@code benchmarks.jar} (failsafe sets {@code maat.home} to the repository root). It
 * checks that the results and the report are produced and well formed, not what they measure.
 */
class BenchJmhCommandIT {

    /** One benchmark (or a few, for a group with a baseline) of each class, with narrow parameters. */
    private static final String SUBSET = "ConduitRead.read$|ConduitRead.readEvaluatedFriendLists|ReadCheck.fastPath"
            + "|WriteCheck.resultList|IndexFileCreation|ConfinedRead.readIntoWarmTaint|OnionPrimitives.homAdd";
    private static final Set<String> CLASSES = Set.of("ConduitRead", "ReadCheck", "WriteCheck", "IndexFileCreation",
            "ConfinedRead", "OnionPrimitives");

    @Test
    void quickRunOfEveryBenchmarkClassWritesResultsAndAWellFormedReport() throws Exception {
        Path out = Path.of(System.getProperty("maat.jmh.it.out", "target/it-bench"));
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cli = new CommandLine(new BenchJmhCommand());
        cli.setOut(new PrintWriter(stdout, true));
        cli.setErr(new PrintWriter(stderr, true));

        int exit = cli.execute(SUBSET, "--quick", "--out", out.toString(),
                "-p", "size=4096", "-p", "policy=none,public,mal", "-p", "template=public",
                "-p", "friendPolicy=fof", "-p", "friendsPerUser=12", "-p", "fileBytes=1024");

        assertThat(exit).as("exit code; stderr:%n%s", stderr).isZero();
        Path json = out.resolve("bench/jmh/jmh-result.json");
        Path report = out.resolve("reports/jmh/report.md");
        assertThat(out.resolve("bench/jmh/jmh-output.txt")).isNotEmptyFile();
        JmhRun run = JmhResultFile.read(json);
        Set<String> classes = run.results().stream().map(r -> r.shortName().substring(0, r.shortName().indexOf('.')))
                .collect(Collectors.toSet());
        assertThat(classes).containsExactlyInAnyOrderElementsOf(CLASSES);
        assertThat(run.results()).allSatisfy(r -> assertThat(r.score()).isPositive());
        assertThat(run.of("ConduitRead.read")).extracting(r -> r.param("policy"))
                .containsExactlyInAnyOrder("none", "public", "mal");

        String markdown = Files.readString(report);
        assertThat(markdown).contains("## Goals", "## Conduit read, decisions cached", "### 4 KB",
                "## Friend-list length", "## Write transactions: result lists", "## Write transactions: index-policy",
                "## Other benchmarks", "QUICK run");
        assertThat(markdown).containsPattern("\\| 4 KB public read < 5% and < 300 ns added \\| ConduitRead.read \\| "
                + "[+-][0-9.]+%( ± [0-9.]+%)? \\([+-][0-9,]+ ns\\) \\| 10.6% \\| not judged \\(quick run\\) \\|");
        assertThat(markdown).doesNotContain("| MET", "| MISSED");
        assertThat(WellFormedMarkdown.assertTablesWellFormed(markdown)).isGreaterThanOrEqualTo(6);
        assertThat(stdout.toString()).contains(report.toString(), "goal 4 KB public")
                .contains("not judged (quick run)").doesNotContain("MET", "MISSED");
        for (JmhResult r : run.results()) {
            assertThat(markdown).as("report mentions %s", r.shortName()).contains(r.shortName());
        }
    }
}
