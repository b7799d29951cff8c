package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportBuilderTest {

    private static final List<Double> THREADS = List.of(1.0, 2.0, 4.0, 8.0);
    private static final long STEP = 5_000;

    @TempDir
    Path dir;

    /** Closed-loop levels 1..8 on a server of 3 workers: capacity 3000/serviceMillis req/s. */
    private static List<Sample> adaptive(long serviceMillis, String... labels) {
        SimulatedServer server = new SimulatedServer(RunFixture.T0, 3, serviceMillis, 1_000, 3);
        THREADS.forEach(t -> server.closedLoop(t.intValue(), STEP, labels));
        return server.samples();
    }

    private static Map<String, Object> backend(String backend) {
        return Map.of("backend", backend);
    }

    @Test
    void erpQueriesReportHasTable1WithKneesNearCapacityAndChartsWithKnees() throws IOException {
        RunFixture run = new RunFixture(dir.resolve("run"), "erp-queries");
        for (String query : List.of("Q7", "Q15")) {
            long service = query.equals("Q7") ? 20 : 100;
            run.series("plain/" + query + "/adaptive", "adaptive", THREADS, Map.of(query, 1.0),
                    adaptive(service, query), backend("plain"));
            run.series("encrypted/" + query + "/adaptive", "adaptive", THREADS, Map.of(query, 1.0),
                    adaptive(service * 3 / 2, query), backend("encrypted"));
        }
        SimulatedServer open = new SimulatedServer(RunFixture.T0, 3, 30, 1_000, 3).closedLoop(1, 3_000, "Q7");
        for (double rate : List.of(60.0, 90.0, 120.0)) {
            open.openLoop(rate, STEP, "Q7");
        }
        run.series("encrypted/Q7/open", "open", List.of(60.0, 90.0, 120.0), Map.of("Q7", 1.0), open.samples(),
                backend("encrypted"));

        ReportBuilder.Result result = ReportBuilder.build(run.write(true), dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        assertThat(doc.text).contains("quick").contains("17.0.15");
        assertThat(doc.table("Machine").cell("Cores", "erp-queries")).isEqualTo("2");
        MarkdownDoc.Table table1 = doc.table("Table 1");
        assertThat(table1.number("Plain knee (req/s)", "Q7")).isCloseTo(150, within(3.0));
        assertThat(table1.number("Encrypted knee (req/s)", "Q7")).isCloseTo(100, within(2.0));
        assertThat(table1.number("Plain knee (req/s)", "Q15")).isCloseTo(30, within(0.6));
        assertThat(table1.number("Encrypted stable rate (req/s)", "Q7")).isCloseTo(90, within(2.0));
        assertThat(table1.cell("Plain stable rate (req/s)", "Q7")).isEqualTo("not run");
        assertThat(table1.number("Encrypted/plain", "Q15")).isCloseTo(2.0 / 3, within(0.02));
        assertThat(table1.cell("Published encrypted (req/s)", "Q15")).isEqualTo("18.0");
        assertThat(table1.number("Plain latency at knee (ms)", "Q7")).isCloseTo(4 * 1000 / 150.0, within(1.5));
        assertThat(result.charts()).extracting(p -> p.getFileName().toString())
                .containsExactly("erp-queries-plain.png", "erp-queries-encrypted.png");
        assertThat(doc.images).containsExactly("erp-queries-plain.png", "erp-queries-encrypted.png");
        MarkdownDoc.Table warmUp = doc.table("Warm-up");
        assertThat(warmUp.cell("Settled", "plain/Q7/adaptive", "threads-1")).isEqualTo("yes");
        assertThat(Double.parseDouble(warmUp.cell("Cut after (s)", "plain/Q7/adaptive", "threads-1")))
                .isBetween(1.0, 1.5);
        assertThat(result.missing()).isEmpty();
    }

    @Test
    void erpPairsReportPredictsFromTheSinglesOfTheSameRun() throws IOException {
        RunFixture run = new RunFixture(dir.resolve("run"), "erp-pairs");
        SimulatedServer q8 = new SimulatedServer(RunFixture.T0, 3, 20, 1_000, 3).serviceTime("Q8", 40);
        THREADS.forEach(t -> q8.closedLoop(t.intValue(), STEP, "Q8"));
        SimulatedServer pair = new SimulatedServer(RunFixture.T0, 3, 20, 1_000, 3).serviceTime("Q8", 40);
        THREADS.forEach(t -> pair.closedLoop(t.intValue(), STEP, "Q7", "Q8"));
        run.series("encrypted/Q7/adaptive", "adaptive", THREADS, Map.of("Q7", 1.0), adaptive(20, "Q7"),
                        backend("encrypted"))
                .series("encrypted/Q8/adaptive", "adaptive", THREADS, Map.of("Q8", 1.0), q8.samples(),
                        backend("encrypted"))
                .series("encrypted/Q7+Q8/adaptive", "adaptive", THREADS, Map.of("Q7", 1.0, "Q8", 1.0),
                        pair.samples(), backend("encrypted"));

        ReportBuilder.Result result = ReportBuilder.build(run.write(false), dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        assertThat(doc.text).contains("full run");
        MarkdownDoc.Table detail = doc.table("Pairs in detail, encrypted");
        double tA = detail.number("T_A (req/s)", "Q7+Q8");
        double tB = detail.number("T_B (req/s)", "Q7+Q8");
        assertThat(tA).isCloseTo(150, within(3.0));
        assertThat(tB).isCloseTo(75, within(1.5));
        // the same 3 workers serve Q7 and Q8 alternately: the pair reaches exactly the prediction, 100 req/s
        assertThat(detail.number("Predicted (req/s)", "Q7+Q8")).isCloseTo(2 / (1 / tA + 1 / tB), within(0.6));
        assertThat(detail.number("Measured (req/s)", "Q7+Q8")).isCloseTo(100, within(2.0));
        assertThat(detail.number("Deviation", "Q7+Q8")).isCloseTo(0, within(2.5));
        assertThat(detail.cell("Published deviation", "Q7+Q8")).isEqualTo("-1%");
        MarkdownDoc.Table deviation = doc.table("Deviation from predicted, encrypted");
        assertThat(deviation.header()).containsExactly("", "Q7", "Q8");
        assertThat(deviation.cell("Q8", "Q7")).contains("(published -1%)");
        assertThat(doc.table("Predicted throughput, encrypted").cell("Q7", "Q7")).startsWith("*15");
        assertThat(result.missing()).containsExactly("plain: no pair series");
    }

    @Test
    void q10ReportShowsFig6PerBackendAndTheSteadyPenalty() throws IOException {
        RunFixture run = new RunFixture(dir.resolve("run"), "q10-q10r");
        for (String backend : List.of("plain", "encrypted")) {
            long q10r = backend.equals("plain") ? 22 : 24; // +10% and +20% over Q10's 20 ms
            SimulatedServer sequential = new SimulatedServer(RunFixture.T0, 1, 20, 1_500, 5).serviceTime("Q10R", q10r)
                    .sequence(300, "sequence", "Q10").sequence(1300, "sequence", "Q10R");
            SimulatedServer interleaved = new SimulatedServer(RunFixture.T0, 1, 20, 1_500, 5)
                    .serviceTime("Q10R", q10r).sequence(1600, "sequence", "Q10", "Q10R");
            run.series(backend + "/sequential", "sequence", List.of(1.0), Map.of("Q10", 1.0, "Q10R", 1.0),
                    sequential.samples(), Map.of("backend", backend, "order", "sequential"));
            run.series(backend + "/interleaved", "sequence", List.of(1.0), Map.of("Q10", 1.0, "Q10R", 1.0),
                    interleaved.samples(), Map.of("backend", backend, "order", "interleaved"));
        }

        ReportBuilder.Result result = ReportBuilder.build(run.write(true), dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        assertThat(doc.images).containsExactly("q10-q10r-plain.png", "q10-q10r-encrypted.png");
        MarkdownDoc.Table penalty = doc.table("Q10R penalty");
        assertThat(penalty.number("Q10R/Q10 - 1", "encrypted", "interleaved")).isEqualTo(20.0);
        assertThat(penalty.number("Q10R/Q10 - 1", "plain", "sequential")).isEqualTo(10.0);
        assertThat(penalty.cell("Published", "encrypted", "sequential")).isEqualTo("+23.0%");
        assertThat(penalty.number("Q10 mean (ms)", "plain", "interleaved")).isEqualTo(20.0);
        assertThat(doc.text).contains("interleaved: 1.200/1.100 - 1 = +9.1% attributable to encryption");
        assertThat(doc.table("Warm-up").cell("Settled", "encrypted/interleaved", "Q10")).isEqualTo("yes");
        assertThat(result.missing()).isEmpty();
    }

    @Test
    void searchMixReportNormalizesToTheBaselineByTopologyAndSessionLength() throws IOException {
        RunFixture run = new RunFixture(dir.resolve("run"), "search-mix");
        Map<String, Long> service = Map.of("baseline", 20L, "public", 21L, "mix", 22L);
        for (String topology : List.of("2servers", "4servers")) {
            int workers = topology.equals("2servers") ? 2 : 4;
            for (int length : List.of(1, 5)) {
                for (String policy : List.of("baseline", "public", "mix")) {
                    String[] session = new String[length + 2];
                    session[0] = "login";
                    java.util.Arrays.fill(session, 1, length + 1, "search");
                    session[length + 1] = "logout";
                    SimulatedServer server = new SimulatedServer(RunFixture.T0, workers, service.get(policy), 500, 2)
                            .serviceTime("login", 5).serviceTime("logout", 5)
                            .closedLoop(2 * workers, 6_000, session);
                    run.series(topology + "/" + length + "/" + policy, "adaptive", List.of(2.0 * workers),
                            Map.of("search", 1.0), server.samples(),
                            Map.of("topology", topology, "sessionLength", length, "policy", policy));
                }
            }
        }

        // open-model rates for one configuration: its stable rate, not its knee, is then its throughput
        SimulatedServer open = new SimulatedServer(RunFixture.T0, 2, 20, 0, 1).openLoop(50, 6_000, "search")
                .openLoop(80, 6_000, "search");
        run.series("2servers/5/baseline/open", "open", List.of(50.0, 80.0), Map.of("search", 1.0), open.samples(),
                Map.of("topology", "2servers", "sessionLength", 5, "policy", "baseline"));

        ReportBuilder.Result result = ReportBuilder.build(run.write(true), dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        MarkdownDoc.Table fig4 = doc.table("Fig. 4");
        assertThat(fig4.number("Baseline (q/s)", "2servers", "5")).isCloseTo(80, within(1.0));
        assertThat(doc.table("Table 4").cell("Measured at", "2servers", "5", "baseline")).isEqualTo("stable at 80 req/s");
        assertThat(doc.table("Table 4").cell("Measured at", "2servers", "1", "baseline")).startsWith("knee at threads-4");
        // a session is login (5 ms), the searches, logout (5 ms): sessions of 5 cost 110 ms baseline, 115 public
        assertThat(fig4.number("Public/baseline", "4servers", "5")).isCloseTo(110 / 115.0, within(0.01));
        assertThat(fig4.number("Mix/baseline", "2servers", "1")).isCloseTo(30 / 32.0, within(0.01));
        assertThat(fig4.number("Baseline (q/s)", "4servers", "5")).isCloseTo(2 * 90.9, within(3.0));
        assertThat(fig4.cell("Thoth (published)", "2servers", "1")).isEqualTo("mix -15.8%");
        MarkdownDoc.Table table4 = doc.table("Table 4");
        assertThat(table4.number("Overhead", "2servers", "5", "mix")).isPositive();
        assertThat(table4.cell("Thoth (published)", "2servers", "5", "mix")).isEqualTo("53.78 ± 0.20 (14.2%)");
        assertThat(doc.table("Other requests").cell("Label", "baseline", "login")).isEqualTo("login");
        assertThat(doc.images).containsExactly("search-mix-2servers.png", "search-mix-4servers.png");
        assertThat(result.missing()).isEmpty();
    }

    @Test
    void searchMixWithoutPublicPolicyStillChartsTheOthersAndSaysWhatIsMissing() throws IOException {
        RunFixture run = new RunFixture(dir.resolve("run"), "search-mix");
        for (String policy : List.of("baseline", "mix")) {
            SimulatedServer server = new SimulatedServer(RunFixture.T0, 2, policy.equals("mix") ? 22 : 20, 0, 1)
                    .closedLoop(4, 4_000, "login", "search", "search", "logout");
            run.series("2servers/2/" + policy, "adaptive", List.of(4.0), Map.of("search", 1.0), server.samples(),
                    Map.of("topology", "2servers", "sessionLength", 2, "policy", policy));
        }

        ReportBuilder.Result result = ReportBuilder.build(run.write(true), dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        assertThat(doc.table("Fig. 4").cell("Public (q/s)", "2servers", "2")).isEqualTo("missing");
        assertThat(doc.images).containsExactly("search-mix-2servers.png");
        assertThat(result.missing()).containsExactly("2servers, sessions of 2: no public series");
    }

    @Test
    void missingAndMalformedSeriesAreListedAndTheRestIsStillReported() throws IOException {
        Path runDir = dir.resolve("run");
        RunFixture run = new RunFixture(runDir, "erp-queries")
                .series("plain/Q7/adaptive", "adaptive", THREADS, Map.of("Q7", 1.0), adaptive(20, "Q7"),
                        backend("plain"))
                .series("encrypted/Q7/adaptive", "adaptive", THREADS, Map.of("Q7", 1.0), null, backend("encrypted"))
                .series("plain/Q9/adaptive", "adaptive", THREADS, Map.of("Q9", 1.0), adaptive(20, "Q9"),
                        backend("plain"));
        run.write(false);
        Path broken = runDir.resolve("results/plain-Q9-adaptive.csv");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(broken));
        lines.set(4, "1790000000000,12,Q9");
        Files.write(broken, lines);

        ReportBuilder.Result result = ReportBuilder.build(runDir, dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        assertThat(doc.table("Table 1").cell("Encrypted knee (req/s)", "Q7")).isEqualTo("missing");
        assertThat(result.missing()).anySatisfy(m -> assertThat(m)
                .isEqualTo("series encrypted/Q7/adaptive: no result file results/encrypted-Q7-adaptive.csv"));
        assertThat(result.missing()).anySatisfy(m -> assertThat(m)
                .contains("plain-Q9-adaptive.csv:5: expected 17 fields as in the header, found 3"));
        assertThat(doc.headings).contains("Missing");
        assertThat(doc.text).contains("series encrypted/Q7/adaptive: no result file");
    }

    @Test
    void unknownPlanStillShowsItsLoadCurves() throws IOException {
        RunFixture run = new RunFixture(dir.resolve("run"), "soak")
                .series("plain/Q7/adaptive", "adaptive", THREADS, Map.of("Q7", 1.0), adaptive(20, "Q7"),
                        backend("plain"));

        ReportBuilder.Result result = ReportBuilder.build(run.write(false), dir.resolve("report"));

        MarkdownDoc doc = MarkdownDoc.read(result.report());
        assertThat(doc.table("Load curves").cell("Knee", "plain/Q7/adaptive", "threads-4")).isEqualTo("knee");
        assertThat(result.missing()).singleElement().asString().startsWith("plan soak has no report layout");
    }

    @Test
    void malformedRunJsonIsAnErrorNamingTheLine() throws IOException {
        Path runDir = Files.createDirectories(dir.resolve("run"));
        Files.writeString(runDir.resolve("run.json"), "{\n  \"plan\": \"erp-queries\",\n  \"series\": [\n}");

        assertThatThrownBy(() -> ReportBuilder.build(runDir, dir.resolve("report")))
                .isInstanceOf(IOException.class).hasMessageContaining("run.json:4:");
    }

    @Test
    void seriesWithoutFileOrWithUnknownLoadIsRejected() throws IOException {
        Path runDir = Files.createDirectories(dir.resolve("run"));
        Files.writeString(runDir.resolve("run.json"), "{\"plan\":\"erp-queries\",\"series\":[{\"id\":\"a\","
                + "\"load\":\"burst\",\"mix\":{\"Q7\":1}}]}");

        assertThatThrownBy(() -> ReportBuilder.build(runDir, dir.resolve("report")))
                .hasMessageContaining("series[0] (a): missing file")
                .hasMessageContaining("series[0] (a): load must be adaptive, open or sequence, got burst");
    }
}
