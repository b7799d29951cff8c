package org.maat.bench.disguise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.Latencies;
import org.maat.bench.report.MarkdownTable;

/**
 * What {@code maat bench disguise} measured, as Markdown ({@value #MARKDOWN}) and CSV ({@value #CSV}):
 * every operation's median and 5th-95th percentile beside Edna's published figure and Maat's target, the
 * crypto costs with their record sizes, and normal edits' latency alone and beside the disguisers.
 */
public final class DisguiseBenchReport {

    public static final String MARKDOWN = "report.md";
    public static final String CSV = "results.csv";

    /** Workloads whose account operations Edna's WebSubmit figures and Maat's targets apply to. */
    private static final Set<String> EDNA_COMPARABLE = Set.of("WebSubmit", "search");

    /** One of Maat's targets and whether this run met it. */
    public record GoalCheck(String goal, double measured, boolean met) {
    }

    private final String command;
    private final DisguiseBenchmark.Options options;
    private final Instant started;
    private final double loadBefore;
    private final double loadAfter;
    private final String setup;
    private final List<Timed> timed;
    private final EditContention.Result contention;

    DisguiseBenchReport(String command, DisguiseBenchmark.Options options, Instant started, double loadBefore,
            double loadAfter, String setup, List<Timed> timed, EditContention.Result contention) {
        this.command = command;
        this.options = options;
        this.started = started;
        this.loadBefore = loadBefore;
        this.loadAfter = loadAfter;
        this.setup = setup;
        this.timed = List.copyOf(timed);
        this.contention = contention;
    }

    /** Every timed operation (WebSubmit, ERP, search, crypto), in the report's order. */
    public List<Timed> timed() {
        return timed;
    }

    /** Normal edits' p95 beside the disguisers over alone. */
    public double p95Ratio() {
        return contention.p95Ratio();
    }

    public List<GoalCheck> goals() {
        List<GoalCheck> out = new ArrayList<>();
        for (Timed t : timed) {
            Double goal = PublishedFigures.MEDIAN_GOALS.get(t.operation());
            if (goal != null && t.variant().equals(Timed.MAAT) && EDNA_COMPARABLE.contains(t.workload())) {
                double median = t.latencies().percentileMillis(0.5);
                out.add(new GoalCheck(t.workload() + " " + t.operation() + ": median <= " + num(goal) + " ms", median,
                        median <= goal));
            }
        }
        if (contention.disguisers() != null) {
            out.add(new GoalCheck("normal edits' p95 beside " + options.disguisers() + " disguisers / alone <= "
                    + num(PublishedFigures.P95_RATIO_GOAL), p95Ratio(), p95Ratio() <= PublishedFigures.P95_RATIO_GOAL));
        }
        return out;
    }

    public String markdown() {
        StringBuilder md = new StringBuilder("# maat bench disguise\n\n");
        md.append('`').append(command).append("`, started ").append(started).append(" on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores (Java ")
                .append(System.getProperty("java.version")).append(", ").append(System.getProperty("os.name"))
                .append("), load average ").append(num(loadBefore)).append(" before, ").append(num(loadAfter))
                .append(" after. Embedded H2 files and a search data directory with its index in the system temp dir; one JVM.\n\n").append(setup).append("\n\n");
        md.append("Latencies in ms: median (p50) and 5th-95th percentile of ").append(options.runs())
                .append(" operations each, after ").append(options.warmUpRuns()).append(" untimed ones; every "
                        + "disguise of a different user or employee, every one Maat disguised restored (the restore "
                        + "rows). `manual`: the irreversible plain SQL of the same change (Edna's baseline).\n\n");
        md.append("## Goals\n\n");
        MarkdownTable g = new MarkdownTable("goal", "measured", "met");
        goals().forEach(c -> g.row(c.goal(), num(c.measured()), c.met() ? "yes" : "NO"));
        md.append(g.render()).append('\n');
        section(md, "WebSubmit (" + options.users() + " users, " + options.lectures() + " lectures x "
                + options.questions() + " questions)", "WebSubmit");
        section(md, "ERP HR schema (" + options.employees() + " employees, plain H2)", "ERP HR");
        section(md, "Search users (" + options.searchUsers() + " users, " + options.searchDocuments() + " documents, "
                + "monitored index)", "search");
        if (timed.stream().anyMatch(t -> t.workload().equals("search"))) {
            md.append("Search `manual`: the user's documents erased from the conduit store, their conduits and "
                    + "friendships removed from the policy store (one batch), the "
                    + "documents deleted from the index and published under the monitor, the account, login and "
                    + "profile removed: the same stores and steps as Maat's deletion, without planning under the "
                    + "monitor, the sealed bag and the journal. `after anonymize`: Edna's composition figure, the "
                    + "deletion found the pseudoprincipal's documents through the anonymization's speaks-for record "
                    + "(the user's proof), and its restore.\n\n");
        }
        md.append("## Cryptographic operations\n\n");
        MarkdownTable c = new MarkdownTable("operation", "scheme", "n", "p50", "p5-p95", "mean", "Edna", "record");
        for (Timed t : timed) {
            if (t.workload().equals("crypto")) {
                Latencies l = t.latencies();
                c.row(t.operation(), t.variant(), l.count(), ms(l.percentileMillis(0.5)), spread(l),
                        ms(l.meanMillis()), PublishedFigures.median(t.operation()), t.note());
            }
        }
        md.append(c.render()).append('\n').append("Edna: RSA key pairs and per-record encryption; Maat: X25519 "
                + "key pairs (no key pool) and HPKE (X25519, HKDF-SHA256, ChaCha20-Poly1305), one seal per bag.\n\n");
        md.append("## Normal edits beside continuous disguisers\n\n");
        MarkdownTable n = new MarkdownTable("phase", "edits", "failed", "edits/s", "p50", "p95", "max");
        n.row("alone", contention.alone().requests(), contention.alone().failed(),
                num(contention.alone().perSecond()), ms(p(contention.alone(), 0.5)), ms(p(contention.alone(), 0.95)),
                ms(contention.alone().latencies().maxMillis()));
        if (contention.disguisers() != null) {
            ClosedLoop.Result d = contention.disguised();
            n.row("beside " + options.disguisers() + " disguisers", d.requests(), d.failed(), num(d.perSecond()),
                    ms(p(d, 0.5)), ms(p(d, 0.95)), ms(d.latencies().maxMillis()));
            ClosedLoop.Result x = contention.disguisers();
            n.row("their Maat deletes and restores", x.requests(), x.failed(), num(x.perSecond()),
                    ms(p(x, 0.5)), ms(p(x, 0.95)), ms(x.latencies().maxMillis()));
            ClosedLoop.Result b = contention.beside();
            n.row("beside " + options.disguisers() + " manual deleters", b.requests(), b.failed(), num(b.perSecond()),
                    ms(p(b, 0.5)), ms(p(b, 0.95)), ms(b.latencies().maxMillis()));
            ClosedLoop.Result m = contention.manualDisguisers();
            n.row("their manual deletes and re-inserts", m.requests(), m.failed(), num(m.perSecond()),
                    ms(p(m, 0.5)), ms(p(m, 0.95)), ms(m.latencies().maxMillis()));
        }
        md.append(n.render()).append('\n');
        md.append(String.format(Locale.ROOT, "%d editors, each on its own connection editing its own answers with "
                + "250-500 ms pauses, %s s after %s s warm-up per phase; each disguiser deletes its account with Maat "
                + "and restores it, again and again, without pause, the disguisers admitted one at a time "
                + "(Admission.limitedTo(1), Edna's rate limiting); then, as a baseline, the same users delete their "
                + "account with plain SQL and insert it again (user row and answers, batched). p95 ratio beside Maat's "
                + "disguisers / alone: **%s** (goal <= %s); beside the manual baseline / alone: %s. Edna: %s.%n",
                options.normalThreads(), num(options.seconds()), num(options.warmUpSeconds()), num(p95Ratio()),
                num(PublishedFigures.P95_RATIO_GOAL), num(contention.manualP95Ratio()), PublishedFigures.CONCURRENCY));
        return md.toString();
    }

    private void section(StringBuilder md, String title, String workload) {
        MarkdownTable t = new MarkdownTable("operation", "variant", "n", "p50", "p5-p95", "mean", "Edna p50", "goal p50",
                "rows");
        for (Timed x : timed) {
            if (x.workload().equals(workload)) {
                Latencies l = x.latencies();
                Double goal = PublishedFigures.MEDIAN_GOALS.get(x.operation());
                t.row(x.operation(), x.variant(), l.count(), ms(l.percentileMillis(0.5)), spread(l), ms(l.meanMillis()),
                        EDNA_COMPARABLE.contains(workload) && !x.variant().equals(Timed.MANUAL)
                                ? PublishedFigures.median(x.operation()) : "",
                        goal == null || !x.variant().equals(Timed.MAAT) ? "" : "<= " + num(goal), x.note());
            }
        }
        if (!t.isEmpty()) {
            md.append("## ").append(title).append("\n\n").append(t.render()).append('\n');
        }
    }

    /** One line per measured operation or load phase; latencies in milliseconds. */
    public String csv() {
        StringBuilder out = new StringBuilder("workload,operation,variant,count,p5_ms,p50_ms,p95_ms,mean_ms\n");
        for (Timed t : timed) {
            line(out, t.workload(), t.operation(), t.variant(), t.latencies());
        }
        line(out, "concurrency", "normal edit", "alone", contention.alone().latencies());
        if (contention.disguisers() != null) {
            line(out, "concurrency", "normal edit", "beside " + options.disguisers() + " disguisers",
                    contention.disguised().latencies());
            line(out, "concurrency", "delete or restore", "disguiser", contention.disguisers().latencies());
            line(out, "concurrency", "normal edit", "beside " + options.disguisers() + " manual deleters",
                    contention.beside().latencies());
            line(out, "concurrency", "delete or re-insert", "manual deleter", contention.manualDisguisers().latencies());
        }
        return out.toString();
    }

    /** Writes {@value #MARKDOWN} and {@value #CSV} into {@code dir} (created); returns the Markdown file. */
    public Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CSV), csv(), StandardCharsets.UTF_8);
        Path md = dir.resolve(MARKDOWN);
        Files.writeString(md, markdown(), StandardCharsets.UTF_8);
        return md;
    }

    private static void line(StringBuilder out, String workload, String operation, String variant, Latencies l) {
        out.append(String.join(",", quote(workload), quote(operation), quote(variant), String.valueOf(l.count()),
                fix(l.percentileMillis(0.05)), fix(l.percentileMillis(0.5)), fix(l.percentileMillis(0.95)),
                fix(l.meanMillis()))).append('\n');
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    private static double p(ClosedLoop.Result r, double q) {
        return r.latencies().percentileMillis(q);
    }

    private static String spread(Latencies l) {
        return ms(l.percentileMillis(0.05)) + "-" + ms(l.percentileMillis(0.95));
    }

    /** Milliseconds with three significant digits at least (crypto operations are tens of microseconds). */
    private static String ms(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : v >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String fix(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
