package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchErpCommandTest {

    /** Shared, so the tests reuse the base databases the first one builds. */
    @TempDir
    static Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run bench(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchErpCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void twoRunsPrintTheSpreadTheDesignCheckAndEachQuerysPlansOnce() {
        Run r = bench("--employees", "300", "--threads", "1", "--seconds", "0.2", "--warmup", "0.05", "--queries",
                "Q8,Q13", "--encrypt-sizes", "0", "--encrypt-threads", "1", "--runs", "2", "--work",
                dir.resolve("work").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("2 run(s): medians, ratio range over the runs")
                .contains("Physical design: 29 indexes on the plaintext side, 29 on the encrypted side, the same on both sides")
                .contains("ratio range");
        assertThat(r.out().lines().filter(l -> l.startsWith("Q13: ")).count()).as("Q13's plans, once").isEqualTo(1);
        assertThat(r.out()).contains("plain H2 EXPLAIN:", "driver EXPLAIN:",
                "H2 EXPLAIN of the physical SQL (encrypted database):", "LIKE re-checked on decrypted values");
        assertThat(r.err()).contains("run 1 of 2", "run 2 of 2");
    }

    @Test
    void noPlansLeavesThemOut() {
        Run r = bench("--employees", "300", "--threads", "1", "--seconds", "0.1", "--warmup", "0", "--queries", "Q7",
                "--encrypt-sizes", "0", "--encrypt-threads", "1", "--no-plans", "--work", dir.resolve("work").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("Q7 ").doesNotContain("driver EXPLAIN:");
    }

    @Test
    void zeroRunsIsBadUsage() {
        Run r = bench("--runs", "0", "--encrypt-sizes", "0", "--work", dir.resolve("work").toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--runs must be positive");
    }
}
