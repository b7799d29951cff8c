package org.maat.cli.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.maat.cli.ProgressBars;
import org.maat.cli.ProgressStyle;
import org.maat.cli.erp.ConsoleProgress;
import org.maat.core.progress.Progress;

/**
 * Adversarial review of the promise "progress bars only on a terminal": in this test JVM standard error is a pipe
 * or a file (surefire's), so every job the command line starts, through {@link ProgressBars} (and the ERP
 * commands' {@link ConsoleProgress}), however it is told (counts from several calls, a total, a description),
 * writes one line when it ends and never a carriage return or a bar frame.
 */
class ProgressOffTerminalTest {

    @Test
    void offATerminalEveryJobWritesOneLineAndNoCarriageReturn() throws Exception {
        assumeTrue(ProgressStyle.forStandardError() == ProgressStyle.LINES, "standard error is no terminal here");
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            try (Progress job = ProgressBars.start("index", "docs", OptionalLong.of(1_000))) {
                for (int i = 0; i < 1_000; i++) {
                    job.step();
                }
                job.total(2_000);
                job.describe("shard 2 of 2");
                job.stepTo(2_000);
            }
            try (Progress unknownTotal = ProgressBars.FACTORY.start("generate", "docs", OptionalLong.empty())) {
                unknownTotal.stepBy(42);
            }
            try (ConsoleProgress rows = ConsoleProgress.start("encrypt", 500)) {
                rows.accept(250);
                rows.accept(250);
            }
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log).doesNotContain("\r").doesNotContain("[").doesNotContain("ETA");
        assertThat(log.lines()).hasSize(3);
        assertThat(log.lines().toList().get(0)).startsWith("index: 2,000 docs in ");
        assertThat(log.lines().toList().get(1)).startsWith("generate: 42 docs in ");
        assertThat(log.lines().toList().get(2)).startsWith("encrypt: 500 rows in ");
    }
}
