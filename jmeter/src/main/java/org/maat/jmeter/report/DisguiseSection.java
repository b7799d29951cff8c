package org.maat.jmeter.report;

import java.util.List;
import java.util.Optional;
import org.maat.bench.report.MarkdownTable;

/**
 * {@code disguise}: the normal users' searches alone and while disguisers delete or anonymize and restore
 * their accounts, each series' steady part (p50, p95, throughput), and the ratio of the two p95s against the
 * goal (within {@value #P95_GOAL_PERCENT} %); then every disguiser request of the disguising series (login,
 * key, delete, anonymize, restore): how many, how many failed, p50 and p95 of the successful ones. The
 * disguisers' requests are taken whole (a disguiser runs few cycles, none is dropped as warm-up).
 */
final class DisguiseSection implements PlanSection {

    /** The series ids the plan records (its workloads {@code alone} and {@code disguising}). */
    static final String ALONE = "alone/sequence";
    static final String DISGUISING = "disguising/sequence";
    static final int P95_GOAL_PERCENT = 10;
    private static final List<String> DISGUISER_LABELS = List.of("login", "key", "delete", "anonymize", "restore");

    @Override
    public void write(RunDescription run, RunSamples samples, ReportDraft draft) {
        draft.heading(2, "Normal searches while users disguise their accounts");
        Optional<RunDescription.Series> alone = series(run, ALONE, draft);
        Optional<RunDescription.Series> disguising = series(run, DISGUISING, draft);
        draft.paragraph("Normal users search (closed loop, one login per thread, think time) alone, then while the "
                + "disguisers (`disguisers` in the parameters) each log in, make a key, delete or anonymize their "
                + "account in turn and restore it with the receipt and recovery phrase, over and over; normal "
                + "users and disguisers are different users. Latency of successful searches over each series' "
                + "steady part (see Warm-up). Goal: p95 while disguising within " + P95_GOAL_PERCENT + " % of "
                + "p95 alone (Edna: 30 disguisers raised normal writes to 1.5 s with batching).");
        MarkdownTable normal = new MarkdownTable("Series", "Searches", "Errors", "Throughput (req/s)", "p50 (ms)",
                "p95 (ms)");
        double p95Alone = normalRow(alone, samples, normal);
        double p95Disguising = normalRow(disguising, samples, normal);
        draft.table(normal);
        double ratio = p95Disguising / p95Alone;
        // A quick run measures a cold server over a handful of searches: its ratio says nothing of the goal.
        String verdict = !Double.isFinite(ratio) ? "not measured"
                : run.quick() ? "quick run: a cold server and few searches, no verdict"
                : ratio <= 1 + P95_GOAL_PERCENT / 100.0 ? "within the goal" : "over the goal";
        draft.paragraph("p95 disguising / p95 alone: " + Figure.ratio(ratio) + " (" + verdict + ").");

        draft.heading(2, "Disguise requests");
        if (disguising.isEmpty()) {
            return;
        }
        List<Sample> all = samples.of(disguising.get()).orElse(List.of());
        draft.paragraph("Every request of the disguisers during the disguising series, over HTTP (the front-end's "
                + "JSON API), successful ones' latency. Goals of the design (measured in-process by `maat bench "
                + "disguise`, not over HTTP): delete or anonymize at most 5 ms, restore at most 20 ms; Edna "
                + "measured about 10.8 ms per disguise and 10-21 ms per reveal on WebSubmit.");
        MarkdownTable table = new MarkdownTable("Request", "Count", "Errors", "p50 (ms)", "p95 (ms)");
        for (String label : DISGUISER_LABELS) {
            List<Sample> labelled = all.stream().filter(s -> s.label().equals(label)).toList();
            long[] ok = labelled.stream().filter(Sample::success).mapToLong(Sample::elapsed).sorted().toArray();
            table.row(label, labelled.size(), labelled.size() - ok.length, Figure.millis(percentile(ok, 0.50)),
                    Figure.millis(percentile(ok, 0.95)));
            if (labelled.isEmpty()) {
                draft.missing("disguising series: no " + label + " request");
            }
        }
        draft.table(table);
    }

    private static Optional<RunDescription.Series> series(RunDescription run, String id, ReportDraft draft) {
        Optional<RunDescription.Series> s = run.series().stream().filter(x -> x.id().equals(id)).findFirst();
        if (s.isEmpty()) {
            draft.missing("series " + id + " (the plan runs it)");
        }
        return s;
    }

    /** Adds the series' row of normal searches; its p95, NaN if none succeeded. */
    private static double normalRow(Optional<RunDescription.Series> series, RunSamples samples, MarkdownTable table) {
        if (series.isEmpty()) {
            return Double.NaN;
        }
        Optional<SteadyState> steady = samples.steady(series.get(), "search");
        List<Sample> kept = steady.map(SteadyState::samples).orElse(List.of());
        long[] ok = kept.stream().filter(Sample::success).mapToLong(Sample::elapsed).sorted().toArray();
        double seconds = kept.isEmpty() ? 0
                : (kept.stream().mapToLong(Sample::end).max().getAsLong()
                - kept.stream().mapToLong(Sample::timeStamp).min().getAsLong()) / 1000.0;
        double p95 = percentile(ok, 0.95);
        table.row(series.get().id().replace("/sequence", ""), kept.size(), kept.size() - ok.length,
                Figure.rate(seconds > 0 ? ok.length / seconds : Double.NaN), Figure.millis(percentile(ok, 0.50)),
                Figure.millis(p95));
        return p95;
    }

    /** Nearest rank, as {@link LoadCurve}'s p95; NaN for no values. */
    static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.ceil(p * sorted.length) - 1];
    }
}
