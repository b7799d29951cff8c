package org.maat.jmeter.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.maat.bench.report.MarkdownTable;

/**
 * Builds the report of one JMeter run: {@code report.md} and its PNG charts, from the run directory's
 * {@code run.json} and CSV result files.
 *
 * <p>Every report states the machine, the plan and its parameters, whether it was a quick run, each load
 * level's throughput and latency, and where warm-up was cut for every level (or that it never settled).
 * The plan decides the rest: Table 1 for {@code erp-queries}, Tables 2 and 3 for {@code erp-pairs},
 * Fig. 6 for {@code q10-q10r}, Fig. 4 and Table 4 for {@code search-mix}, Tutamen's
 * vault figures for {@code vault}, normal searches with and without disguisers for {@code disguise}. A series whose CSV is absent,
 * empty or malformed (named with file and line) is listed under "Missing" and the rest of the report is
 * still written; an unreadable {@code run.json} is an error.
 */
public final class ReportBuilder {

    /** The report's file name inside the report directory. */
    public static final String REPORT_FILE = "report.md";

    private static final Map<String, PlanSection> SECTIONS = Map.of(
            "erp-queries", new QueryKneeSection(),
            "erp-pairs", new PairSection(),
            "q10-q10r", new Q10Section(),
            "search-mix", new SearchMixSection(),
            "vault", new VaultSection(),
            "disguise", new DisguiseSection());

    /**
     * What a build wrote.
     *
     * @param report the Markdown file
     * @param charts the PNG files, in the order the report shows them
     * @param missing what the plan should have measured and the run lacks, one line each
     */
    public record Result(Path report, List<Path> charts, List<String> missing) {
    }

    private ReportBuilder() {
    }

    /** The plans this builder knows a layout for. */
    public static List<String> plans() {
        return SECTIONS.keySet().stream().sorted().toList();
    }

    /**
     * Writes {@code reportDir/report.md} and its charts for the run in {@code runDir}, replacing an earlier
     * report of the same name.
     *
     * @throws IOException if {@code run.json} is absent or malformed, or the report cannot be written
     */
    public static Result build(Path runDir, Path reportDir) throws IOException {
        return build(runDir, reportDir, series -> { });
    }

    /**
     * As {@link #build(Path, Path)}, telling {@code seriesRead} each time a series' CSV has been read (once
     * per series), so a caller can show progress through a large run.
     */
    public static Result build(Path runDir, Path reportDir, Consumer<RunDescription.Series> seriesRead)
            throws IOException {
        RunDescription run = RunDescription.read(runDir);
        Files.createDirectories(reportDir);
        ReportDraft draft = new ReportDraft(reportDir);
        RunSamples samples = new RunSamples(runDir, seriesRead);
        header(run, runDir, draft);
        PlanSection section = SECTIONS.get(run.plan());
        if (section == null) {
            draft.missing("plan " + run.plan() + " has no report layout (known: " + String.join(", ", plans())
                    + "); only its load curves are shown");
        } else {
            section.write(run, samples, draft);
        }
        loadCurves(run, samples, draft);
        warmUp(samples, draft);
        List<String> missing = new ArrayList<>(samples.problems());
        missing.addAll(draft.missing());
        draft.heading(2, "Missing");
        if (missing.isEmpty()) {
            draft.paragraph("Nothing: every series the run describes held samples for its mix.");
        } else {
            draft.bullets(missing);
        }
        Path report = draft.write(REPORT_FILE);
        return new Result(report, draft.charts(), missing);
    }

    private static void header(RunDescription run, Path runDir, ReportDraft draft) {
        draft.heading(1, "JMeter report: " + run.plan());
        draft.paragraph(String.format(Locale.ROOT, "Run `%s`, started %s, %s run, %d series. What the run lacks "
                + "is listed at the end under Missing; where warm-up was cut, under Warm-up.",
                runDir.toAbsolutePath().normalize().getFileName(), orUnknown(run.startedAt()),
                run.quick() ? "quick (shortened, figures indicative only)" : "full", run.series().size()));
        draft.heading(2, "Machine and plan");
        RunDescription.Machine m = run.machine();
        MarkdownTable machine = new MarkdownTable("Plan", "Quick", "Cores", "JDK", "OS", "JMeter");
        machine.row(run.plan(), run.quick() ? "yes" : "no", m.cores() == null ? "unknown" : m.cores(),
                orUnknown(m.jdk()), orUnknown(m.os()), orUnknown(m.jmeter()));
        draft.table(machine);
        if (!run.parameters().isEmpty()) {
            MarkdownTable parameters = new MarkdownTable("Parameter", "Value");
            run.parameters().forEach((name, value) -> parameters.row(name, String.valueOf(value)));
            draft.table(parameters);
        }
    }

    private static void loadCurves(RunDescription run, RunSamples samples, ReportDraft draft) {
        MarkdownTable table = new MarkdownTable("Series", "Level", "Samples", "Throughput (req/s)", "Mean (ms)",
                "p95 (ms)", "Errors", "Knee");
        for (RunDescription.Series s : run.series()) {
            if (s.load().equals("sequence")) {
                continue;
            }
            Optional<LoadCurve> curve = samples.curve(s);
            if (curve.isEmpty() || curve.get().points().isEmpty()) {
                continue;
            }
            // open series may hold a closed warm-up level; a knee only means something on an adaptive series
            Knee knee = s.load().equals("adaptive") ? Knee.of(curve.get()) : null;
            for (LoadCurve.Point p : curve.get().points()) {
                String mark = knee != null && p == knee.point() ? (knee.saturated() ? "knee" : "highest (not saturated)")
                        : Knee.stable(p) ? "stable" : "";
                table.row(s.id(), p.level(), p.samples(), Figure.rate(p.throughput()), Figure.millis(p.meanLatency()),
                        Figure.millis(p.p95Latency()), p.errors(), mark);
            }
        }
        if (!table.isEmpty()) {
            draft.heading(2, "Load curves");
            draft.paragraph("Every level of every series, measured over its steady part. Knee: where more load "
                    + "stopped adding throughput (Knee.MIN_GAIN " + (int) (Knee.MIN_GAIN * 100) + "%). Stable: an "
                    + "open-model rate served in full, without queueing up.");
            draft.table(table);
        }
    }

    private static void warmUp(RunSamples samples, ReportDraft draft) {
        draft.heading(2, "Warm-up");
        List<RunSamples.Cut> cuts = samples.cuts();
        if (cuts.isEmpty()) {
            draft.paragraph("No samples were analysed.");
            return;
        }
        long settled = cuts.stream().filter(c -> c.steadyState().settled()).count();
        draft.paragraph(String.format(Locale.ROOT, "Warm-up is cut where windowed mean latency and throughput "
                + "enter and stay within ±%.0f%% of their steady values for at least as long as the transient "
                + "before; %d of %d parts settled. A part that did not settle keeps all its samples, and its "
                + "figures include start-up.", SteadyState.DEFAULT_TOLERANCE * 100, settled, cuts.size()));
        MarkdownTable table = new MarkdownTable("Series", "Level or label", "Settled", "Cut after (s)",
                "Samples dropped", "Samples kept", "Why");
        for (RunSamples.Cut cut : cuts) {
            SteadyState s = cut.steadyState();
            table.row(cut.seriesId(), cut.part(), s.settled() ? "yes" : "no",
                    s.settled() ? String.format(Locale.ROOT, "%.1f", s.transientMillis() / 1000.0) : "-",
                    s.dropped(), s.samples().size(), s.reason());
        }
        draft.table(table);
    }

    private static String orUnknown(String value) {
        return value == null || value.isBlank() ? "unknown" : value;
    }
}
