package org.maat.bench.disguise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole of {@code maat bench disguise} at tiny sizes: every part runs against real H2 files and
 * real disguises (whose own checks fail the run if a restore does not bring the user back), and the
 * report files hold a number in every figure cell.
 */
class DisguiseBenchmarkTest {

    @TempDir
    Path out;

    @Test
    void aTinyRunWritesMarkdownAndCsvWithAFigureForEveryOperation() throws Exception {
        DisguiseBenchmark.Options tiny = new DisguiseBenchmark.Options(40, 2, 2, 120, 40, 200, 2, 2, 0.1, 1, 3, 1, 20, 7, 100);
        List<String> log = new ArrayList<>();
        DisguiseBenchReport report = new DisguiseBenchmark(tiny, log::add).run("maat bench disguise (test)");
        Path md = report.write(out.resolve("reports").resolve("disguise-bench"));

        assertThat(md).exists();
        String markdown = Files.readString(md);
        assertThat(markdown).contains("## Goals", "## WebSubmit", "## ERP HR schema", "## Search users", "## Cryptographic operations",
                "## Normal edits beside continuous disguisers", "10.8", "301 (RSA)");
        List<String> csv = Files.readAllLines(md.resolveSibling(DisguiseBenchReport.CSV));
        assertThat(csv.get(0)).isEqualTo("workload,operation,variant,count,p5_ms,p50_ms,p95_ms,mean_ms");
        List<String> operations = new ArrayList<>();
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            assertThat(cells).hasSize(8);
            operations.add(cells[0] + "/" + cells[1] + "/" + cells[2]);
            assertThat(Long.parseLong(cells[3])).isPositive();
            for (int c = 4; c < 8; c++) {
                assertThat(Double.parseDouble(cells[c])).as(line).isPositive();
            }
            assertThat(Double.parseDouble(cells[4])).isLessThanOrEqualTo(Double.parseDouble(cells[5]));
            assertThat(Double.parseDouble(cells[5])).isLessThanOrEqualTo(Double.parseDouble(cells[6]));
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
        report.timed().stream().filter(t -> !t.workload().equals("crypto"))
                .forEach(t -> assertThat(t.latencies().count()).as(t.operation()).isEqualTo(3));
        assertThat(report.goals()).hasSize(9); // 4 WebSubmit, 4 search, the edits' p95 ratio
        assertThat(report.p95Ratio()).isPositive();
    }

    @Test
    void tooFewUsersForTheRunsIsRefusedBeforeAnythingIsBuilt() {
        DisguiseBenchmark.Options small = new DisguiseBenchmark.Options(20, 2, 2, 120, 40, 200, 2, 2, 0.1, 0.5, 5, 0, 20, 7, 100);
        assertThatThrownBy(() -> new DisguiseBenchmark(small, line -> { }).run("test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--users");
    }

    @Test
    void tooFewSearchUsersForTheRunsIsRefusedBeforeAnythingIsBuilt() {
        DisguiseBenchmark.Options small = new DisguiseBenchmark.Options(60, 2, 2, 120, 10, 200, 2, 2, 0.1, 0.5, 5, 0, 20, 7,
                100);
        assertThatThrownBy(() -> new DisguiseBenchmark(small, line -> { }).run("test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--search-users");
    }
}
