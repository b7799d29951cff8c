package org.maat.bench.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny run against real servers (the vault over mutual TLS, the static Jetty baseline): every series
 * answers without errors, connection reuse opens one connection per client and run, and every request of a
 * fresh-handshake TLS series made a full handshake (no session resumed).
 */
class VaultBenchmarkIT {

    @TempDir
    Path dir;

    @Test
    void freshSeriesHandshakeInFullForEveryRequestAndReusedOnesConnectOncePerClient() throws Exception {
        VaultBenchmark.Options options = new VaultBenchmark.Options(dir, List.of(1, 3), 0.1, 0.05, 0.15, 2,
                List.of("fetch-secret", "noop-mtls", "https-static", "http-static"), List.of(), 0);
        VaultBenchReport report = new VaultBenchmark(options, line -> { }).run("test");

        List<VaultBenchReport.SeriesFigures> series = report.series();
        assertThat(series).hasSize(8);
        for (VaultBenchReport.SeriesFigures s : series) {
            assertThat(s.perSecond()).as(s.toString()).isPositive();
            assertThat(s.failed()).as(s.toString()).isZero();
            if (s.mode().equals("fresh")) {
                // Every connection of a fresh series carried one request (warm-ups excluded from both counts).
                assertThat(s.connections()).as(s.toString()).isGreaterThanOrEqualTo(s.requests());
                if (!s.series().equals("http-static")) {
                    assertThat(s.fullHandshakes()).as(s.toString()).isEqualTo(s.connections());
                }
            } else {
                // Both steps run (the rule stops after a fall, never at the first step): (1 + 3 clients) x 2 runs.
                assertThat(s.connections()).as(s.toString()).isEqualTo(8);
                assertThat(s.requests()).as(s.toString()).isGreaterThan(s.connections());
            }
        }
        assertThat(report.goals()).extracting(VaultBenchReport.GoalCheck::series)
                .containsExactly("fetch-secret", "noop-mtls");
        assertThat(report.markdown()).contains("## Throughput at the knee", "## Every step", "~70 (c4.large)")
                .doesNotContain("## Time split");
    }
}
