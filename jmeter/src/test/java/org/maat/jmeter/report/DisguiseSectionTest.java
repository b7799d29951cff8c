package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disguise report's figures against values known by construction: every normal search of a series takes the
 * same time (so no warm-up cut can change its percentiles), and the disguisers' requests are counted whole.
 */
class DisguiseSectionTest {

    @TempDir
    Path dir;

    private static final Map<String, Double> SEARCH = Map.of("search", 1.0);

    /** {@code count} searches of {@code millis} each, 2 threads, 100 ms apart. */
    private static List<Sample> searches(long start, int count, long millis) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            samples.add(new Sample(start + i * 100L, millis, "search", "200", true, "threads-normal 1-" + (i % 2 + 1),
                    "threads-normal", millis, 0));
        }
        return samples;
    }

    private static Sample request(long at, String label, long millis, boolean ok) {
        return new Sample(at, millis, label, ok ? "200" : "500", ok, "threads-disguisers 2-1", "threads-disguisers",
                millis, 0);
    }

    private Path run(boolean quick) throws IOException {
        long t0 = RunFixture.T0;
        List<Sample> disguising = new ArrayList<>(searches(t0 + 100_000, 300, 30));
        // delete: 1..20 ms (p50 10, p95 19 by nearest rank) and one failure, which the latency leaves out
        for (int i = 1; i <= 20; i++) {
            disguising.add(request(t0 + 100_000 + i * 1_000L, "delete", i, true));
            disguising.add(request(t0 + 100_500 + i * 1_000L, "restore", 40, true));
        }
        disguising.add(request(t0 + 130_000, "delete", 5_000, false));
        return new RunFixture(dir.resolve("run"), "disguise")
                .series("alone/sequence", "sequence", List.of(1.0), SEARCH, searches(t0, 300, 20), Map.of())
                .series("disguising/sequence", "sequence", List.of(1.0), SEARCH, disguising, Map.of())
                .write(quick);
    }

    @Test
    void normalP95sAreSetSideBySideWithTheirRatioAndEveryDisguiseRequestIsCounted() throws IOException {
        ReportBuilder.Result result = ReportBuilder.build(run(false), dir.resolve("report"));
        String report = Files.readString(result.report());

        assertThat(report).contains("| alone | ", " | 20.0 | 20.0 |", "| disguising | ", " | 30.0 | 30.0 |");
        assertThat(report).contains("p95 disguising / p95 alone: 1.500 (over the goal)");
        assertThat(report).contains("| delete | 21 | 1 | 10.0 | 19.0 |", "| restore | 20 | 0 | 40.0 | 40.0 |",
                "| anonymize | 0 | 0 | n/a | n/a |");
        assertThat(result.missing()).containsExactlyInAnyOrder("disguising series: no anonymize request",
                "disguising series: no login request", "disguising series: no key request");
    }

    @Test
    void aQuickRunGivesTheRatioButNoVerdict() throws IOException {
        String report = Files.readString(ReportBuilder.build(run(true), dir.resolve("report")).report());
        assertThat(report).contains("p95 disguising / p95 alone: 1.500 (quick run: a cold server and few searches, "
                + "no verdict)").doesNotContain("over the goal");
    }
}
