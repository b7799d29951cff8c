package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maat.jmeter.report.JtlFile;
import org.maat.jmeter.report.Sample;
import picocli.CommandLine;

/**
 * Smoke test of every plan's {@code --quick} variant through the real command: servers in-process,
 * the plugin-configured JMeter as a subprocess. Asserts the run and report are produced and
 * well-formed, never their numbers (performance is the benchmark's business, not a test's).
 */
class BenchJmeterIT {

    /**
     * Flags narrowing a plan's {@code --quick} further where more of the same buys no coverage; each JMeter run is a
     * new JVM, seconds before its first request. erp-queries: one read (GET) and one write (POST) instead of Q7, Q16
     * and Q18: Q18 takes the write's path through the plan and the report again (its page is tested by ErpHttpIT),
     * and each query is a server warm-up and two series (~40 s). erp-queries alone keeps the quick warm-up step
     * (the path through {@code SeriesRunner.warmUp}); the others measure a cold server. erp-pairs: no open model,
     * which erp-queries and search-mix run through the same code; what is the pair plan's own (single queries
     * first, then the pair; the predicted and measured pair throughput) stays.
     */
    private static final Map<String, List<String>> NARROWER = Map.of(
            "erp-queries", List.of("--queries", "Q7,Q16"),
            "erp-pairs", List.of("--warm-up-steps", "0", "--rates", "0"),
            "search-mix", List.of("--warm-up-steps", "0"),
            "vault", List.of("--warm-up-steps", "0"));

    @TempDir
    static Path cache;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"erp-queries", "erp-pairs", "q10-q10r", "search-mix", "vault", "disguise"})
    void quickRunWritesRunDirectoryCsvsDashboardAndReport(String plan) throws Exception {
        Path run = dir.resolve("run");
        Path reports = dir.resolve("reports");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(List.of(plan, "--quick", "--out", run.toString(),
                "--reports", reports.toString(), "--work", cache.toString()));
        args.addAll(NARROWER.getOrDefault(plan, List.of()));
        int exit = new CommandLine(new BenchJmeterCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args.toArray(String[]::new));
        assertThat(exit).as("exit code; stderr:%n%s", err).isZero();

        JsonNode json = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(json.path("plan").asText()).isEqualTo(plan);
        assertThat(json.path("quick").asBoolean()).isTrue();
        assertThat(json.path("machine").path("jmeter").asText()).isEqualTo("5.6.3");
        assertThat(json.path("series").size()).isPositive();
        if (!plan.equals("q10-q10r") && !plan.equals("disguise")) {
            assertThat(json.path("parameters").path("warmUpSteps").asInt()).as("warm-up steps")
                    .isEqualTo(NARROWER.getOrDefault(plan, List.of()).contains("--warm-up-steps") ? 0 : 1);
        }
        for (JsonNode series : json.path("series")) {
            Path csv = run.resolve(series.path("file").asText());
            assertThat(csv).as(series.path("id").asText()).isRegularFile();
            assertThat(Files.readAllLines(csv, StandardCharsets.UTF_8).get(0))
                    .contains("timeStamp,elapsed,label,responseCode", "threadName", "success");
            List<Sample> samples = JtlFile.read(csv);
            assertThat(samples).as(csv.toString()).isNotEmpty();
            for (Iterator<Map.Entry<String, JsonNode>> mix = series.path("mix").fields(); mix.hasNext(); ) {
                String label = mix.next().getKey();
                assertThat(samples).as("successful %s samples in %s", label, csv)
                        .anyMatch(s -> s.label().equals(label) && s.success());
            }
            String load = series.path("load").asText();
            String prefix = load.equals("open") ? "rate-" : "threads-";
            assertThat(samples).allMatch(s -> s.level().startsWith(prefix), "levels named " + prefix + "N");
            assertThat(series.path("levels").size()).isPositive();
        }
        if (plan.equals("erp-queries")) {
            assertThat(json.path("series")).extracting(series -> series.path("id").asText())
                    .containsExactly("plain/Q7/adaptive", "plain/Q7/open", "plain/Q16/adaptive", "plain/Q16/open");
        }
        if (plan.equals("erp-pairs")) {
            assertThat(json.path("series")).extracting(series -> series.path("id").asText())
                    .containsExactly("encrypted/Q7/adaptive", "encrypted/Q8/adaptive", "encrypted/Q7+Q8/adaptive");
        }
        if (plan.equals("search-mix")) {
            assertThat(JtlFile.read(run.resolve(json.path("series").get(0).path("file").asText())))
                    .extracting(Sample::label).contains("login", "search", "logout", "mal", "doc");
        }

        if (plan.equals("disguise")) {
            assertThat(json.path("series")).extracting(s -> s.path("id").asText())
                    .containsExactly("alone/sequence", "disguising/sequence");
            assertThat(JtlFile.read(run.resolve(json.path("series").get(1).path("file").asText())))
                    .filteredOn(Sample::success).extracting(Sample::label)
                    .contains("login", "search", "key", "delete", "restore");
        }

        Path report = reports.resolve(plan);
        String dashboard = Files.readString(report.resolve("dashboard/index.html"));
        assertThat(dashboard).contains("<html", "</html>");
        String markdown = Files.readString(report.resolve("report.md"));
        assertThat(markdown).startsWith("#");
        assertThat(out.toString()).contains("bench jmeter " + plan + " --quick");
    }
}
