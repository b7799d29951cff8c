package org.maat.jmeter.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.CategoryChart;
import org.maat.bench.report.MarkdownTable;

/**
 * {@code search-mix}: Thoth's Fig. 4 (search throughput normalized to the no-policy baseline, by topology and
 * session length) and Table 4 (mean search latency, its spread, overhead over baseline), Thoth's published
 * figures beside. Only {@code search} samples count as queries; logins, logouts, document fetches and MAL
 * accesses are shown apart.
 */
final class SearchMixSection implements PlanSection {

    static final List<String> POLICIES = List.of("baseline", "public", "mix");

    /**
     * What one configuration sustained (its highest stable open-model rate, else its closed-loop knee) and
     * the latency over that level's steady part.
     */
    private record Measured(double throughput, double meanLatency, double sigma, String source) {
    }

    @Override
    public void write(RunDescription run, RunSamples samples, ReportDraft draft) throws IOException {
        // topology -> session length -> policy -> the closed-loop and open-model curves of that configuration
        Map<String, Map<Integer, Map<String, List<List<LoadCurve>>>>> curves = new TreeMap<>();
        for (RunDescription.Series s : run.series()) {
            if (s.topology() == null || s.sessionLength() == null || s.policy() == null) {
                draft.missing(s.id() + ": a search series needs topology, sessionLength and policy");
                continue;
            }
            List<List<LoadCurve>> byLoad = curves.computeIfAbsent(s.topology(), t -> new TreeMap<>())
                    .computeIfAbsent(s.sessionLength(), l -> new LinkedHashMap<>())
                    .computeIfAbsent(s.policy(), p -> List.of(new ArrayList<>(), new ArrayList<>()));
            samples.curve(s).ifPresent(curve -> byLoad.get(s.load().equals("open") ? 1 : 0).add(curve));
        }
        Map<String, Map<Integer, Map<String, Measured>>> measured = new TreeMap<>();
        curves.forEach((topology, byLength) -> byLength.forEach((length, byPolicy) -> byPolicy.forEach(
                (policy, byLoad) -> {
                    Capacity capacity = Capacity.of(byLoad.get(0), byLoad.get(1));
                    LoadCurve.Point point = capacity.point();
                    if (point != null) {
                        measured.computeIfAbsent(topology, t -> new TreeMap<>())
                                .computeIfAbsent(length, l -> new LinkedHashMap<>())
                                .put(policy, new Measured(point.throughput(), point.meanLatency(),
                                        sigma(point.steadyState().samples()), capacity.source()));
                    }
                })));
        throughput(measured, draft);
        latency(measured, draft);
        otherRequests(run, samples, draft);
    }

    private static void throughput(Map<String, Map<Integer, Map<String, Measured>>> measured, ReportDraft draft)
            throws IOException {
        draft.heading(2, "Fig. 4: search throughput normalized to the baseline");
        draft.paragraph("Throughput: successful searches per second at the highest stable open-model rate of "
                + "each configuration, else at the knee of its closed-loop steps. Baseline: no policy monitor. Thoth's published overheads by session length "
                + "(2servers, all policies enforced) are beside; its Fig. 4(a) gives 2servers 320 / 310 / 308 Q/s "
                + "and 4servers 644 / 627 / 621 Q/s for baseline / public / all policies (normalized "
                + String.format(Locale.ROOT, "%.3f / %.3f and %.3f / %.3f).", 310 / 320.0, 308 / 320.0,
                        627 / 644.0, 621 / 644.0));
        if (measured.isEmpty()) {
            draft.missing("no search series with samples");
            draft.paragraph("No search series held samples.");
            return;
        }
        MarkdownTable table = new MarkdownTable("Topology", "Session length", "Baseline (q/s)", "Public (q/s)",
                "Public/baseline", "Mix (q/s)", "Mix/baseline", "Thoth (published)");
        measured.forEach((topology, byLength) -> byLength.forEach((length, byPolicy) -> {
            Measured base = byPolicy.get("baseline");
            for (String policy : POLICIES) {
                if (!byPolicy.containsKey(policy)) {
                    draft.missing(topology + ", sessions of " + length + ": no " + policy + " series");
                }
            }
            String published = topology.equals("2servers") && PublishedFigures.SEARCH_SESSION_OVERHEAD
                    .containsKey(length) ? "mix " + PublishedFigures.SEARCH_SESSION_OVERHEAD.get(length) : "-";
            table.row(topology, length, rate(base), rate(byPolicy.get("public")),
                    normalized(byPolicy.get("public"), base), rate(byPolicy.get("mix")),
                    normalized(byPolicy.get("mix"), base), published);
        }));
        draft.table(table);
        for (Map.Entry<String, Map<Integer, Map<String, Measured>>> topology : measured.entrySet()) {
            CategoryChart chart = ReportCharts.bars("Search throughput / baseline, " + topology.getKey(),
                    "Session length (queries)", "Throughput / baseline");
            // bars need the same categories in every series: the session lengths with a baseline, and the
            // policies measured at all of them (a quick run may measure baseline and mix only)
            List<String> lengths = new ArrayList<>();
            topology.getValue().forEach((length, byPolicy) -> {
                if (byPolicy.containsKey("baseline")) {
                    lengths.add(String.valueOf(length));
                }
            });
            List<String> policies = POLICIES.stream().filter(p -> !p.equals("baseline"))
                    .filter(p -> lengths.stream().allMatch(l -> topology.getValue().get(Integer.valueOf(l))
                            .containsKey(p))).toList();
            if (lengths.isEmpty() || policies.isEmpty()) {
                draft.missing(topology.getKey() + ": Fig. 4 needs a baseline and a policy at the same session lengths");
                continue;
            }
            chart.addSeries("baseline", lengths, lengths.stream().map(l -> 1.0).toList()); // the reference bar
            for (String policy : policies) {
                List<Double> values = new ArrayList<>();
                for (String length : lengths) {
                    Map<String, Measured> byPolicy = topology.getValue().get(Integer.valueOf(length));
                    values.add(byPolicy.get(policy).throughput() / byPolicy.get("baseline").throughput());
                }
                chart.addSeries(policy, lengths, values);
            }
            chart.getStyler().setYAxisMin(0.0).setYAxisDecimalPattern("0.00");
            draft.chart(chart, "search-mix-" + topology.getKey() + ".png",
                    "Search throughput normalized to the baseline, " + topology.getKey());
        }
    }

    private static void latency(Map<String, Map<Integer, Map<String, Measured>>> measured, ReportDraft draft) {
        draft.heading(2, "Table 4: search latency");
        draft.paragraph("Mean latency of the searches over the steady part of the level the throughput comes "
                + "from, σ the standard "
                + "deviation of single requests (Thoth's σ is over runs of 10K queries, so smaller), overhead "
                + "over the baseline of the same topology and session length. Thoth published 2servers only.");
        MarkdownTable table = new MarkdownTable("Topology", "Session length", "Policy", "Measured at", "Mean (ms)",
                "σ (ms)", "Overhead", "Thoth (published)");
        measured.forEach((topology, byLength) -> byLength.forEach((length, byPolicy) -> {
            Measured base = byPolicy.get("baseline");
            for (String policy : POLICIES) {
                Measured m = byPolicy.get(policy);
                if (m == null) {
                    continue;
                }
                PublishedFigures.Latency thoth = PublishedFigures.SEARCH_LATENCY.get(policy);
                table.row(topology, length, policy, m.source(), Figure.millis(m.meanLatency()),
                        Figure.millis(m.sigma()),
                        policy.equals("baseline") ? "-"
                                : base == null ? Figure.NONE : Figure.change(m.meanLatency() / base.meanLatency() - 1),
                        topology.equals("2servers") ? String.format(Locale.ROOT, "%.2f ± %.2f (%s)",
                                thoth.meanMillis(), thoth.sigma(), thoth.overhead()) : "-");
            }
        }));
        if (table.isEmpty()) {
            draft.paragraph("No search series held samples.");
        } else {
            draft.table(table);
        }
    }

    private static void otherRequests(RunDescription run, RunSamples samples, ReportDraft draft) {
        // policy -> label -> {count, sum elapsed, errors}
        Map<String, Map<String, long[]>> other = new TreeMap<>();
        for (RunDescription.Series s : run.series()) {
            samples.of(s).ifPresent(all -> all.stream().filter(x -> !s.mix().containsKey(x.label())).forEach(x -> {
                long[] stats = other.computeIfAbsent(String.valueOf(s.policy()), p -> new TreeMap<>())
                        .computeIfAbsent(x.label(), l -> new long[3]);
                stats[0]++;
                stats[1] += x.elapsed();
                stats[2] += x.success() ? 0 : 1;
            }));
        }
        draft.heading(2, "Other requests (not counted as searches)");
        if (other.isEmpty()) {
            draft.paragraph("None: the run held only search requests.");
            return;
        }
        MarkdownTable table = new MarkdownTable("Policy", "Label", "Samples", "Mean (ms)", "Errors");
        other.forEach((policy, byLabel) -> byLabel.forEach((label, stats) -> table.row(policy, label, stats[0],
                Figure.millis((double) stats[1] / stats[0]), stats[2])));
        draft.table(table);
    }

    /** Standard deviation of single requests' latency (the curve's samples are the mix's labels only). */
    private static double sigma(List<Sample> steady) {
        double[] values = steady.stream().mapToDouble(Sample::elapsed).toArray();
        if (values.length < 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(values).average().orElse(0);
        double squares = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (values.length - 1));
    }

    private static String rate(Measured m) {
        return m == null ? "missing" : Figure.rate(m.throughput());
    }

    private static String normalized(Measured m, Measured base) {
        return m == null || base == null ? Figure.NONE : Figure.ratio(m.throughput() / base.throughput());
    }
}
