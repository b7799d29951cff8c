package org.maat.jmeter.report;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.maat.bench.report.MarkdownTable;

/**
 * {@code erp-queries}: the published Table 1 (throughput per query) measured per backend, with the latency
 * at each knee, the encrypted/plain ratio and the published figure beside; and latency-throughput curves per
 * backend with the knees marked.
 */
final class QueryKneeSection implements PlanSection {

    static final List<String> BACKENDS = List.of("plain", "encrypted");

    @Override
    public void write(RunDescription run, RunSamples samples, ReportDraft draft) throws IOException {
        Workloads workloads = new Workloads(run, samples);
        TreeSet<String> queries = new TreeSet<>(Workloads.QUERY_ORDER);
        workloads.keys().stream().filter(k -> k.mix().size() == 1).forEach(k -> queries.addAll(k.mix().keySet()));
        draft.heading(2, "Table 1: throughput per query");
        if (queries.isEmpty()) {
            draft.missing("no single-query series: Table 1 needs one series per query and backend");
            draft.paragraph("No single-query series in this run.");
            return;
        }
        draft.paragraph("Knee: the highest closed-loop throughput before more threads only add latency (`≥` when "
                + "the highest level tested had not saturated yet). Stable rate: the highest open-model arrival "
                + "rate served in full without queueing up. The encrypted/plain ratio compares the stable rates, "
                + "or the knees where no rate was stable. Published: Table 1 of the CryptDB ERP evaluation, "
                + "encrypted, highest stable rate.");
        MarkdownTable table = new MarkdownTable("Query", "Plain knee (req/s)", "Plain latency at knee (ms)",
                "Plain stable rate (req/s)", "Encrypted knee (req/s)", "Encrypted latency at knee (ms)",
                "Encrypted stable rate (req/s)", "Encrypted/plain", "Published encrypted (req/s)");
        for (String query : queries) {
            List<Object> row = new ArrayList<>();
            row.add(query);
            for (String backend : BACKENDS) {
                Capacity c = capacityOf(workloads, backend, query);
                if (c == null || !c.measured() && !c.openTried()) {
                    draft.missing(backend + " " + query + ": no series");
                    row.addAll(List.of("missing", "missing", "missing"));
                    continue;
                }
                row.add(c.knee() == null ? Figure.NONE
                        : (c.knee().saturated() ? "" : "≥") + Figure.rate(c.knee().point().throughput()));
                row.add(c.knee() == null ? Figure.NONE : Figure.millis(c.knee().point().meanLatency()));
                row.add(c.stableRate() != null ? Figure.rate(c.stableRate().throughput())
                        : c.openTried() ? "none stable" : "not run");
            }
            Capacity plain = capacityOf(workloads, "plain", query);
            Capacity encrypted = capacityOf(workloads, "encrypted", query);
            row.add(plain == null || encrypted == null ? Figure.NONE
                    : Figure.ratio(encrypted.throughput() / plain.throughput()));
            Double published = PublishedFigures.ERP_QUERY_THROUGHPUT.get(query);
            row.add(published == null ? "-" : Figure.rate(published));
            table.row(row.toArray());
        }
        draft.table(table);
        for (String backend : BACKENDS) {
            curvesChart(backend, queries, workloads, samples, run, draft);
        }
    }

    private static Capacity capacityOf(Workloads workloads, String backend, String query) {
        return workloads.capacity(backend, Map.of(query, 1.0));
    }

    private static void curvesChart(String backend, TreeSet<String> queries, Workloads workloads,
            RunSamples samples, RunDescription run, ReportDraft draft) throws IOException {
        XYChart chart = ReportCharts.xy("Latency vs throughput, " + backend, "Throughput (req/s)",
                "Mean latency (ms)");
        List<Double> kneeX = new ArrayList<>();
        List<Double> kneeY = new ArrayList<>();
        boolean positive = true;
        for (String query : queries) {
            for (RunDescription.Series s : run.series()) {
                if (!backend.equals(s.backend()) || !s.load().equals("adaptive") || !query.equals(s.singleLabel())) {
                    continue;
                }
                LoadCurve curve = samples.curve(s).orElse(null);
                if (curve == null || curve.points(LoadCurve.Kind.CLOSED).isEmpty()) {
                    continue;
                }
                List<LoadCurve.Point> points = curve.points(LoadCurve.Kind.CLOSED);
                List<Double> x = points.stream().map(LoadCurve.Point::throughput).toList();
                List<Double> y = points.stream().map(LoadCurve.Point::meanLatency).toList();
                positive &= x.stream().allMatch(v -> v > 0) && y.stream().allMatch(v -> v > 0);
                chart.addSeries(ReportCharts.seriesName(chart, query, s.id()), x, y);
                Knee knee = Knee.of(curve);
                kneeX.add(knee.point().throughput());
                kneeY.add(knee.point().meanLatency());
            }
        }
        if (kneeX.isEmpty()) {
            draft.missing(backend + ": no closed-loop curve to chart");
            return;
        }
        XYSeries knees = chart.addSeries("knee", kneeX, kneeY);
        knees.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        knees.setMarker(SeriesMarkers.DIAMOND).setMarkerColor(Color.BLACK);
        // the queries span two orders of magnitude in both axes; linear axes would flatten the fast ones.
        // Ticks between the decades too: a run inside one decade would otherwise show a single label.
        chart.getStyler().setXAxisLogarithmic(positive).setYAxisLogarithmic(positive)
                .setXAxisLogarithmicDecadeOnly(false).setYAxisLogarithmicDecadeOnly(false).setMarkerSize(8);
        draft.chart(chart, "erp-queries-" + backend + ".png",
                "Latency vs throughput per query, " + backend + " (black diamonds: knees)");
    }
}
