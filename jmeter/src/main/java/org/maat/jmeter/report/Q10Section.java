package org.maat.jmeter.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.XYChart;
import org.maat.bench.report.MarkdownTable;

/**
 * {@code q10-q10r}: whether fixed query values flatter the results. Per backend, the published Fig. 6 (latency
 * over iterations of Q10 and Q10R, sequential and interleaved, bucketed as in {@link IterationBuckets}), then
 * the steady-state mean latency of each and Q10R's penalty, beside the published 23% (encrypted) and 9%
 * (plain) and the part attributable to encryption, (1 + encrypted)/(1 + plain) - 1, beside 13%.
 */
final class Q10Section implements PlanSection {

    private static final List<String> LABELS = List.of("Q10", "Q10R");

    /** The steady means of one series: Q10 and Q10R latency after warm-up. */
    private record Steady(SteadyState q10, SteadyState q10r) {

        double penalty() {
            return mean(q10r) / mean(q10) - 1;
        }
    }

    @Override
    public void write(RunDescription run, RunSamples samples, ReportDraft draft) throws IOException {
        draft.heading(2, "Fig. 6: Q10 vs Q10R latency over iterations");
        draft.paragraph("Iterations count every request of the series in order (sequential: Q10 first, then "
                + "Q10R; interleaved: alternating). Iterations 1-10 are plotted one by one, 11-100 averaged by "
                + "10 and from 101 on by 100, each at the mean iteration of its samples, as in the published "
                + "figure.");
        Map<String, Map<String, Steady>> steady = new TreeMap<>(); // backend -> order -> steady means
        for (String backend : QueryKneeSection.BACKENDS) {
            List<RunDescription.Series> series = run.series().stream()
                    .filter(s -> s.load().equals("sequence") && backend.equals(s.backend()))
                    .sorted(Comparator.comparing(s -> String.valueOf(s.order()))).toList();
            if (series.isEmpty()) {
                draft.missing(backend + ": no Q10/Q10R sequence series");
                continue;
            }
            XYChart chart = ReportCharts.xy("Q10 vs Q10R latency, " + backend, "Iteration", "Latency (ms)");
            boolean plotted = false;
            for (RunDescription.Series s : series) {
                List<Sample> all = samples.of(s).orElse(null);
                if (all == null) {
                    continue;
                }
                List<Sample> ordered = new ArrayList<>(all);
                ordered.sort(Comparator.comparingLong(Sample::timeStamp).thenComparingLong(Sample::line));
                for (String label : LABELS) {
                    plotted |= plot(chart, ReportCharts.seriesName(chart, s.order() + " " + label, s.id()), ordered,
                            label);
                }
                SteadyState q10 = samples.steady(s, "Q10").orElse(null);
                SteadyState q10r = samples.steady(s, "Q10R").orElse(null);
                if (q10 == null || q10r == null) {
                    draft.missing(s.id() + ": needs both Q10 and Q10R samples");
                    continue;
                }
                steady.computeIfAbsent(backend, b -> new TreeMap<>()).put(String.valueOf(s.order()),
                        new Steady(q10, q10r));
            }
            if (plotted) {
                chart.getStyler().setXAxisLogarithmic(true).setMarkerSize(5);
                draft.chart(chart, "q10-q10r-" + backend + ".png",
                        "Q10 and Q10R latency over iterations, " + backend);
            }
        }
        steadyTable(steady, draft);
    }

    private static boolean plot(XYChart chart, String name, List<Sample> ordered, String label) {
        List<Long> iterations = new ArrayList<>();
        List<Double> latencies = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i).label().equals(label)) {
                iterations.add(i + 1L);
                latencies.add((double) ordered.get(i).elapsed());
            }
        }
        if (iterations.isEmpty()) {
            return false;
        }
        List<IterationBuckets.Point> points = IterationBuckets.of(
                iterations.stream().mapToLong(Long::longValue).toArray(),
                latencies.stream().mapToDouble(Double::doubleValue).toArray());
        chart.addSeries(name, points.stream().map(IterationBuckets.Point::iteration).toList(),
                points.stream().map(IterationBuckets.Point::meanLatency).toList());
        return true;
    }

    private static void steadyTable(Map<String, Map<String, Steady>> steady, ReportDraft draft) {
        draft.heading(2, "Q10R penalty in steady state");
        if (steady.isEmpty()) {
            draft.paragraph("No series held both Q10 and Q10R samples.");
            return;
        }
        draft.paragraph("Mean latency of each query after its own warm-up was cut (see the warm-up table), "
                + "and Q10R/Q10 - 1. Published: 23% encrypted, 9% plain.");
        MarkdownTable table = new MarkdownTable("Backend", "Order", "Q10 mean (ms)", "Q10R mean (ms)",
                "Q10R/Q10 - 1", "Published", "Steady state");
        steady.forEach((backend, byOrder) -> byOrder.forEach((order, s) -> table.row(backend, order,
                Figure.millis(mean(s.q10())), Figure.millis(mean(s.q10r())), Figure.change(s.penalty()),
                Figure.change(backend.equals("encrypted") ? PublishedFigures.Q10R_PENALTY_ENCRYPTED
                        : PublishedFigures.Q10R_PENALTY_PLAIN),
                s.q10().settled() && s.q10r().settled() ? "settled" : "not settled: all samples kept")));
        draft.table(table);
        Map<String, Steady> plain = steady.getOrDefault("plain", Map.of());
        Map<String, Steady> encrypted = steady.getOrDefault("encrypted", Map.of());
        List<String> net = new ArrayList<>();
        encrypted.forEach((order, e) -> {
            Steady p = plain.get(order);
            if (p != null) {
                net.add(order + ": " + Figure.ratio(1 + e.penalty()) + "/" + Figure.ratio(1 + p.penalty())
                        + " - 1 = " + Figure.change((1 + e.penalty()) / (1 + p.penalty()) - 1)
                        + " attributable to encryption (published " + Figure.change(PublishedFigures.Q10R_PENALTY_NET)
                        + ")");
            }
        });
        if (net.isEmpty()) {
            draft.missing("the encryption share of the Q10R penalty needs plain and encrypted series of one order");
        } else {
            draft.bullets(net);
        }
    }

    private static double mean(SteadyState steady) {
        return steady.samples().stream().mapToLong(Sample::elapsed).average().orElse(Double.NaN);
    }
}
