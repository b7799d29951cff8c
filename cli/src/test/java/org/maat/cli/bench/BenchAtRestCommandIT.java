package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * {@code maat bench atrest --quick} on the real volume: the report (stdout, report.md, report.json, the two charts)
 * has a row for every cipher alone and for plain I/O at every size and pattern, a row for every switching model,
 * ordered cipher pair and ratio, a verdict for every goal, and the encrypted-index comparison with every file of the
 * encrypted store encrypted.
 *
 * <p>One ratio (5:5, two operations each side of the switch) instead of SwitchCrypt's three: every ratio runs the same
 * switching code with another split point, and the three took two thirds of the run's measured configurations.
 */
class BenchAtRestCommandIT {

    private static final List<String> CIPHERS = List.of("plain", "chacha8", "chacha12", "chacha20");
    private static final List<String> RATIOS = List.of("5:5");

    @TempDir
    Path dir;

    @Test
    void aQuickRunReportsEveryRowAndEveryGoal() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchAtRestCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int exit = cl.execute("--quick", "--ciphers", "chacha8,chacha12,chacha20", "--ratios", "5",
                "--work", dir.resolve("work").toString(), "--out", dir.toString());

        assertThat(exit).as(err.toString()).isZero();
        Path reports = dir.resolve("reports/atrest-bench");
        String md = out.toString();
        assertThat(Files.readString(reports.resolve("report.md"), StandardCharsets.UTF_8)).isEqualTo(md);
        assertThat(reports.resolve("atrest-tradeoff-sequential.png")).isNotEmptyFile();
        assertThat(reports.resolve("atrest-tradeoff-random.png")).isNotEmptyFile();
        assertThat(Files.exists(dir.resolve("work"))).as("the work directory is deleted").isFalse();

        for (String size : List.of("4 KB", "512 KB")) {
            for (String pattern : List.of("sequential", "random")) {
                for (String storage : CIPHERS) {
                    assertThat(md).as(size + " " + pattern + " " + storage)
                            .containsPattern("\\| " + size + " \\| " + pattern + " \\| " + storage + " \\| [0-9.]+ \\|");
                }
                for (String model : List.of("forward", "selective", "mirrored")) {
                    for (String pair : List.of("chacha8 -> chacha20", "chacha20 -> chacha8")) {
                        for (String ratio : RATIOS) {
                            assertThat(md).as(model + " " + pair + " " + ratio + " " + size + " " + pattern).contains(
                                    "| " + model + " | " + pair + " | " + ratio + " | " + size + " | " + pattern + " |");
                        }
                    }
                }
            }
        }
        assertThat(md).containsPattern("\\| forward \\| 0\\.08x/0\\.10x \\| -?[0-9.]+x/-?[0-9.]+x \\| 0\\.38x/0\\.44x \\| "
                        + "-?[0-9.]+x/-?[0-9.]+x \\| <= 0\\.05x / <= 0\\.2x \\| (met|missed) / (met|missed) \\|")
                .containsPattern("\\| selective \\| 0\\.00x/0\\.30x .* \\| (met|missed) / (met|missed) \\|")
                .containsPattern("\\| mirrored \\| 0\\.25x/0\\.61x ")
                .containsPattern("goal within 30 % of raw \\(>= 0\\.70\\): \\*\\*(met|missed)\\*\\*")
                .containsPattern("goal >= 0\\.95: \\*\\*(met|missed)\\*\\*")
                .contains("Files in " + dir.resolve("work") + " (file system ");

        JsonNode json = new ObjectMapper().readTree(reports.resolve("report.json").toFile());
        assertThat(json.get("alone")).hasSize(2 * 2 * CIPHERS.size());
        assertThat(json.get("switching")).hasSize(2 * 2 * 3 * 2 * RATIOS.size());
        assertThat(json.get("rawChaCha20BytesPerSecond").asDouble()).isPositive();
        JsonNode index = json.get("indexCost");
        assertThat(index.get("searchPlainPerSecond").asDouble()).isPositive();
        assertThat(index.get("searchEncryptedPerSecond").asDouble()).isPositive();
        assertThat(index.get("storeFiles").asLong()).isPositive();
        assertThat(index.get("encryptedFiles").asLong()).isEqualTo(index.get("storeFiles").asLong());
    }
}
