package org.maat.jmh.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhReportTest {

    private static final String MACHINE = "2 cores, test JVM";

    private static JmhRun fixture() throws Exception {
        return JmhResultFile.read(resource("jmh-result.json"));
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(JmhReportTest.class.getResource(name).toURI());
    }

    private static String section(String markdown, String heading) {
        int start = markdown.indexOf(heading);
        assertThat(start).as("section %s", heading).isNotNegative();
        int end = markdown.indexOf("\n## ", start + heading.length());
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }

    @Test
    void goalsAreJudgedOnTheOverheadOverTheNoMonitorBaselineOfTheSameRun() throws Exception {
        List<JmhReport.Goal> goals = new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).goals();

        assertThat(goals).extracting(JmhReport.Goal::benchmark, JmhReport.Goal::policy, JmhReport.Goal::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ConduitRead.read", "public", "MET"),
                        org.assertj.core.groups.Tuple.tuple("ConduitRead.read", "mal", "MET"),
                        org.assertj.core.groups.Tuple.tuple("ConduitRead.readEvaluated", "public", "MISSED"),
                        org.assertj.core.groups.Tuple.tuple("ConduitRead.readEvaluated", "mal", "MET"));
        assertThat(goals.get(0).measuredPercent()).isCloseTo(2.0, within(1e-9));
        assertThat(goals.get(1).measuredPercent()).isCloseTo(10.0, within(1e-9));
        assertThat(goals.get(2).measuredPercent()).isCloseTo(8.0, within(1e-9));
        assertThat(goals.get(3).measuredPercent()).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void quickRunShowsTheOverheadsButJudgesNoGoal() throws Exception {
        JmhReport quick = new JmhReport(fixture(), MACHINE, JmhReport.RunLength.QUICK);

        // The same results that a full run marks MET, MET, MISSED, MET.
        assertThat(quick.goals()).extracting(JmhReport.Goal::status).containsOnly("not judged (quick run)").hasSize(4);
        assertThat(quick.goals().get(2).measuredPercent()).isCloseTo(8.0, within(1e-9));
        String goals = section(quick.markdown(), "## Goals");
        assertThat(goals).doesNotContain("MET", "MISSED", "NOT MEASURED")
                .contains("no goal is judged")
                .contains("| 4 KB public read < 5% | ConduitRead.readEvaluated | +8.0% ± 0.0% | 10.6% | not judged (quick run) |")
                .contains("| 4 KB public read < 5% and < 300 ns added | ConduitRead.read | +2.0% ± 0.0% (+200 ns) |");
        assertThat(WellFormedMarkdown.assertTablesWellFormed(quick.markdown())).isEqualTo(8);
    }

    @Test
    void cachedPublicReadMustAlsoAddLessThan300Nanoseconds() {
        // +3.5%, under 5%, but 350 ns on a 10 us read: missed; the same 350 ns on a 20 us read is not a goal of the
        // evaluated reads, so only the cached one is held to it.
        JmhRun run = new JmhRun(List.of(
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "none"), 10_000, 0, "ns/op"),
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "public"), 10_350, 0, "ns/op"),
                new JmhResult("org.maat.jmh.ConduitRead.readEvaluated", Map.of("size", "4096", "policy", "none"), 10, 0, "us/op"),
                new JmhResult("org.maat.jmh.ConduitRead.readEvaluated", Map.of("size", "4096", "policy", "public"), 10.35, 0,
                        "us/op")), "");

        List<JmhReport.Goal> goals = new JmhReport(run, MACHINE, JmhReport.RunLength.FULL).goals();

        assertThat(goals.get(0).status()).isEqualTo("MISSED");
        assertThat(goals.get(0).addedNanos()).isCloseTo(350.0, within(1e-9));
        assertThat(goals.get(2).status()).isEqualTo("MET");
        assertThat(goals.get(2).addedNanos()).isCloseTo(350.0, within(1e-6));
        assertThat(new JmhReport(run, MACHINE, JmhReport.RunLength.QUICK).goals().get(0).status())
                .isEqualTo("not judged (quick run)");
    }

    @Test
    void quickRunLeavesEvenAnUnmeasuredGoalUnjudged() {
        JmhRun run = new JmhRun(List.of(
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "public"), 100, 1, "ns/op")), "");

        assertThat(new JmhReport(run, MACHINE, JmhReport.RunLength.QUICK).goals())
                .allSatisfy(g -> assertThat(g.status()).isEqualTo("not judged (quick run)"));
    }

    @Test
    void goalWhoseErrorIntervalReachesAcrossTheLimitIsMarkedWithinNoise() {
        // 4.0% overhead (200 ns), error 1.04 * hypot(250/5200, 250/5000) = 7.2%: under 5%, but not clearly.
        JmhRun run = new JmhRun(List.of(
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "none"), 5_000, 250, "ns/op"),
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "public"), 5_200, 250, "ns/op"),
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "mal"), 10_000, 50, "ns/op")),
                "");

        JmhReport report = new JmhReport(run, MACHINE, JmhReport.RunLength.FULL);

        assertThat(report.goals().get(0).status()).isEqualTo("MET (within noise)");
        assertThat(report.goals().get(0).errorPercent()).isCloseTo(7.21, within(0.01));
        assertThat(report.goals().get(1).status()).isEqualTo("MISSED");
        assertThat(report.markdown()).contains("| 4 KB public read < 5% and < 300 ns added | ConduitRead.read | +4.0% ± 7.2% (+200 ns) | 10.6% | MET (within noise) |");
    }

    @Test
    void goalIsNotMeasuredWhenTheRunLacksTheBaseline() {
        JmhRun run = new JmhRun(List.of(
                new JmhResult("org.maat.jmh.ConduitRead.read", Map.of("size", "4096", "policy", "public"), 100, 1, "ns/op")), "");

        JmhReport report = new JmhReport(run, MACHINE, JmhReport.RunLength.FULL);

        assertThat(report.goals()).allSatisfy(g -> assertThat(g.status()).isEqualTo("NOT MEASURED"));
        assertThat(report.markdown()).contains("| public | 100.0 ± 1.0 ns/op | no baseline | no baseline | no baseline | 10.6% |");
    }

    @Test
    void readTablesGiveRatioOverheadAndThothsFigurePerSizeInPolicyOrder() throws Exception {
        String cached = section(new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).markdown(), "## Conduit read, decisions cached");

        assertThat(cached).contains("### 4 KB (Thoth's baseline: 0.145 ms)", "### 512 KB (Thoth's baseline: 3.6 ms)")
                .contains("| no monitor (baseline) | 10,000.0 ± 1.5 ns/op | +0.0 ns | 1.000 | +0.0% | baseline |")
                .contains("| public | 10,200.0 ± 1.5 ns/op | +200.0 ns | 1.020 | +2.0% ± 0.0% | 10.6% |")
                .contains("| MAL | 11,000.0 ± 1.5 ns/op | +1,000.0 ns | 1.100 | +10.0% ± 0.0% | 152.7% |")
                .contains("| ACL+ (friends + censorship) | 10,400.0 ± 1.5 ns/op | +400.0 ns | 1.040 | +4.0% ± 0.0% | within 10.6%-152.7% |")
                .contains("| MAL | 202,000.0 ± 1.5 ns/op | +2,000.0 ns | 1.010 | +1.0% ± 0.0% | 3.3% |");
        assertThat(cached.indexOf("| public |")).isLessThan(cached.indexOf("| private |"));
        assertThat(cached.indexOf("| FoF |")).isLessThan(cached.indexOf("| MAL |"));
        assertThat(cached).doesNotContain("96 KB");
    }

    @Test
    void friendListsAreComparedWithTheHundredEntryListOfTheEvaluatedReads() throws Exception {
        String friends = section(new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).markdown(), "## Friend-list length");

        // fof: 11,270 ns with 12 friends vs 11,500 ns with 100, over a 10,000 ns baseline.
        assertThat(friends).contains("| FoF | 12 | 11,270.0 ± 1.5 ns/op | +12.7% ± 0.0% | -2.0% | within 2.4% of 100 entries |")
                .contains("| ACL (friends) | 50 | 11,000.0 ± 1.5 ns/op | +10.0% ± 0.0% | +0.0% |");
    }

    @Test
    void resultListWritesAreNormalizedToTheUncheckedWrite() throws Exception {
        String writes = section(new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).markdown(), "## Write transactions: result lists");

        assertThat(writes).contains("| unchecked (baseline) | 200.0 ± 1.5 ns/op | +0.0 ns | 1.000 | +0.0% | baseline |")
                .contains("| ONLY_CND_IDS | 1,000.0 ± 1.5 ns/op | +800.0 ns | 5.000 | +400.0% ± 3.8% | 5.8x |")
                .contains("| ONLY_CND_IDS+ | 8,000.0 ± 1.5 ns/op | +7,800.0 ns | 40.000 | +3900.0% ± 30.0% | 8.6x |");
    }

    @Test
    void indexFileCreationIsNormalizedToAPlainFileOfTheSameSize() throws Exception {
        String files = section(new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).markdown(), "## Write transactions: index-policy");

        assertThat(files).contains("| 1 KB | 60,000.0 ± 1.5 ns/op | 90,000.0 ± 1.5 ns/op | +30,000.0 ns | 1.500 | +50.0% ± 0.0% | 2.53x (small files) |")
                .contains("| 1 MB | 1,000,000.0 ± 1.5 ns/op | 1,010,000.0 ± 1.5 ns/op | +10,000.0 ns | 1.010 | +1.0% ± 0.0% | +0.25% (large files) |");
    }

    @Test
    void benchmarksWithoutABaselineAreListedWithAbsoluteScores() throws Exception {
        String other = section(new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).markdown(), "## Other benchmarks");

        assertThat(other).contains("| OnionPrimitives.homAdd | - | 25,000.0 ns/op |")
                .contains("| ReadCheck.fastPath | template=mal | 45.3 ± 1.5 ns/op |")
                .doesNotContain("ConduitRead", "WriteCheck.resultList");
    }

    @Test
    void reportNamesTheRunAndMachineAndEveryTableIsWellFormed() throws Exception {
        String markdown = new JmhReport(fixture(), MACHINE, JmhReport.RunLength.FULL).markdown();

        assertThat(markdown).startsWith("# Maat JMH microbenchmarks")
                .contains("JMH 1.37, OpenJDK 64-Bit Server VM 17.0.15+6 (17.0.15), 1 fork(s), 3 x 1 s warmup, 5 x 1 s measurement")
                .contains("Machine: 2 cores, test JVM.");
        assertThat(WellFormedMarkdown.assertTablesWellFormed(markdown)).isEqualTo(8);
    }

    @Test
    void groupsAbsentFromTheRunAreLeftOut() {
        JmhRun run = new JmhRun(List.of(new JmhResult("org.maat.jmh.OnionPrimitives.detEncrypt", Map.of(), 680, Double.NaN,
                "ns/op")), "JMH 1.37");

        String markdown = new JmhReport(run, MACHINE, JmhReport.RunLength.FULL).markdown();

        assertThat(markdown).doesNotContain("## Conduit read", "## Friend-list", "## Write transactions")
                .contains("## Goals", "| OnionPrimitives.detEncrypt | - | 680.0 ns/op |");
        WellFormedMarkdown.assertTablesWellFormed(markdown);
    }
}
