package org.maat.bench.vault;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.maat.bench.report.MarkdownTable;
import org.maat.vault.client.Timings;

/**
 * What {@code maat bench vault} measured, and its Markdown report: the knee of every series beside the
 * Tutamen's figure and the goal, every step, the proof that fresh-handshake series resumed no session, what
 * the load generator cost, and the store/fetch time split.
 */
public final class VaultBenchReport {

    /** One series at its knee, for callers that check figures rather than read the report. */
    public record SeriesFigures(String series, String mode, int kneeClients, double perSecond, long requests,
            long failed, long connections, long fullHandshakes) {
    }

    /** One of Maat's targets and whether this run met it. */
    public record GoalCheck(String series, String mode, double goal, double measured) {

        public boolean met() {
            return measured >= goal;
        }
    }

    private final String command;
    private final VaultBenchmark.Options options;
    private final Instant started;
    private final double loadBefore;
    private final double loadAfter;
    private final List<LoadCurve> curves;
    private final TimeSplit.Result split;

    VaultBenchReport(String command, VaultBenchmark.Options options, Instant started, double loadBefore,
            double loadAfter, List<LoadCurve> curves, TimeSplit.Result split) {
        this.command = command;
        this.options = options;
        this.started = started;
        this.loadBefore = loadBefore;
        this.loadAfter = loadAfter;
        this.curves = List.copyOf(curves);
        this.split = split;
    }

    public List<SeriesFigures> series() {
        return curves.stream().map(c -> {
            LoadStep k = c.knee();
            return new SeriesFigures(c.series().operation().id(), modeName(c.series().mode()), k.clients(), k.median(),
                    c.steps().stream().mapToLong(LoadStep::requests).sum(), c.failed(),
                    c.steps().stream().mapToLong(LoadStep::connections).sum(),
                    c.steps().stream().mapToLong(LoadStep::fullHandshakes).sum());
        }).toList();
    }

    public List<GoalCheck> goals() {
        List<GoalCheck> out = new ArrayList<>();
        for (LoadCurve c : curves) {
            Operation.Goal g = c.series().operation().goal(c.series().mode());
            if (g != null) {
                out.add(new GoalCheck(c.series().operation().id(), modeName(g.mode()), g.perSecond(), c.knee().median()));
            }
        }
        return out;
    }

    /** The time split's store and fetch tokens issued per run (median), or -1 without a split. */
    public int storeTokens() {
        return split == null ? -1 : (int) Stats.median(split.store().tokensIssued().stream().map(Double::valueOf).toList());
    }

    public int fetchTokens() {
        return split == null ? -1 : (int) Stats.median(split.fetch().tokensIssued().stream().map(Double::valueOf).toList());
    }

    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# maat bench vault\n\n");
        md.append("`").append(command).append("`, started ").append(started).append(" on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores (Java ")
                .append(System.getProperty("java.version")).append(", ").append(System.getProperty("os.name"))
                .append("), load average ").append(fmt2(loadBefore)).append(" before, ").append(fmt2(loadAfter))
                .append(" after. Servers and load generator in this one JVM, on 127.0.0.1.\n\n");
        md.append(String.format(Locale.ROOT, "Closed-loop steps of %s clients, each step %d run(s) of %s s after %s s "
                + "warm-up, after an unmeasured %s s of every series before the first is measured; a series stops after the first step whose median "
                + "rate falls, its fastest run too (Tutamen's rule, made robust to one slow run). Rates are the median run, the spread is the slowest and fastest run, "
                + "latencies are the median run's.%n%n", options.levels(), options.runs(), num(options.seconds()),
                num(options.warmUpSeconds()), num(options.seriesWarmUpSeconds())));
        md.append("## Throughput at the knee\n\n").append(kneeTable().render()).append('\n');
        for (Operation op : Operation.values()) {
            if (curves.stream().anyMatch(c -> c.series().operation() == op)) {
                md.append("* ").append(op.id()).append(": ").append(op.description()).append('\n');
            }
        }
        md.append('\n');
        md.append("Tutamen's figures: its prototype (Python, Redis) on an EC2 c4.large (2 vCPUs) unless noted; Tutamen does not say "
                + "whether its client reused connections. `/ https` and `/ http` divide by the static baseline "
                + "of the same connection mode in this run. `generator CPU`: the load generator's threads' share "
                + "of the process's CPU at the knee; `server CPU ms/req`: the rest of the process's CPU (servers, "
                + "JIT, GC) per request; `server-only est./s`: all cores divided by that, an estimate of the rate "
                + "with the generator on another machine.\n\n");
        List<GoalCheck> goals = goals();
        if (!goals.isEmpty()) {
            MarkdownTable g = new MarkdownTable("goal", "measured", "met");
            for (GoalCheck c : goals) {
                g.row(c.series() + " (" + c.mode() + ") >= " + num(c.goal()) + "/s", num(c.measured()) + "/s",
                        c.met() ? "yes" : "no");
            }
            md.append("## Goals (2 cores, load generator on the same machine)\n\n").append(g.render()).append('\n');
        }
        md.append("## Every step\n\n").append(stepTable().render()).append('\n');
        md.append("`cores`: CPU seconds per second of the step (all runs and warm-ups) of the whole process and of the "
                + "load generator's threads alone; `full handshakes`: server certificate chains the client verified "
                + "/ connections it opened. A resumed TLS session sends no certificate, so equal numbers in a fresh "
                + "series prove that no connection was resumed (each load client has its own TLS context and "
                + "invalidates its sessions after every request).\n\n");
        if (split != null) {
            md.append("## Time split of a store and a fetch (vault client, 3 servers, n = k = quorum = 3)\n\n")
                    .append(splitTable().render()).append('\n')
                    .append(String.format(Locale.ROOT, "Median of %d runs (spread: fastest-slowest), each a new client "
                            + "as Tutamen's CLI was. Tokens issued: store %d (Tutamen: 5), fetch %d (Tutamen: 1).%n%n",
                            split.runs(), storeTokens(), fetchTokens()));
        }
        return md.toString();
    }

    private MarkdownTable kneeTable() {
        MarkdownTable t = new MarkdownTable("series", "connections", "knee clients", "requests/s", "spread", "p50 ms",
                "p99 ms", "errors", "generator CPU", "server CPU ms/req", "server-only est./s", "/ https", "/ http", "Tutamen req/s", "goal");
        for (LoadCurve c : curves) {
            LoadStep k = c.knee();
            Operation.Goal g = c.series().operation().goal(c.series().mode());
            t.row(c.series().operation().id(), c.series().mode().description(), k.clients(), num(k.median()),
                    num(k.min()) + "-" + num(k.max()), fmt2(k.p50Millis()), fmt2(k.p99Millis()), c.failed(),
                    pct(k.generatorShare()), fmt2(k.serverCpuMillisPerRequest()),
                    num(k.serverOnlyPerSecond(Runtime.getRuntime().availableProcessors())), ratio(k.median(), baseline(Operation.HTTPS_STATIC, c.series().mode())),
                    ratio(k.median(), baseline(Operation.HTTP_STATIC, c.series().mode())), c.series().operation().published(),
                    g == null ? "" : ">= " + num(g.perSecond()) + (k.median() >= g.perSecond() ? " met" : " NOT met"));
        }
        return t;
    }

    private MarkdownTable stepTable() {
        MarkdownTable t = new MarkdownTable("series", "clients", "requests/s", "spread", "p50 ms", "p99 ms", "errors",
                "process cores", "generator cores", "full handshakes", "first error");
        for (LoadCurve c : curves) {
            for (LoadStep s : c.steps()) {
                t.row(c.series().key(), s.clients(), num(s.median()), num(s.min()) + "-" + num(s.max()),
                        fmt2(s.p50Millis()), fmt2(s.p99Millis()), s.failed(), fmt2(s.processCores()),
                        fmt2(s.generatorCores()), c.series().endpoint().isTls()
                                ? s.fullHandshakes() + " / " + s.connections() : "-",
                        s.firstFailure());
            }
        }
        return t;
    }

    private MarkdownTable splitTable() {
        MarkdownTable t = new MarkdownTable("phase", "store ms", "store spread", "store share", "fetch ms",
                "fetch spread", "fetch share");
        double storeTotal = Stats.median(split.store().total());
        double fetchTotal = Stats.median(split.fetch().total());
        for (Timings.Phase p : Timings.Phase.values()) {
            List<Double> s = split.store().phases().get(p);
            List<Double> f = split.fetch().phases().get(p);
            t.row(p.label(), ms(s), spread(s), pct(Stats.median(s) / storeTotal), ms(f), spread(f),
                    pct(Stats.median(f) / fetchTotal));
        }
        t.row("other (wall time minus phases)", ms(split.store().other()), spread(split.store().other()),
                pct(Stats.median(split.store().other()) / storeTotal), ms(split.fetch().other()),
                spread(split.fetch().other()), pct(Stats.median(split.fetch().other()) / fetchTotal));
        t.row("total (wall)", ms(split.store().total()), spread(split.store().total()), "100 %",
                ms(split.fetch().total()), spread(split.fetch().total()), "100 %");
        return t;
    }

    private double baseline(Operation op, ConnectionMode mode) {
        return curves.stream().filter(c -> c.series().operation() == op && c.series().mode() == mode)
                .mapToDouble(c -> c.knee().median()).findFirst().orElse(0);
    }

    private static String modeName(ConnectionMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    private static String ratio(double a, double b) {
        return b == 0 ? "" : String.format(Locale.ROOT, "%.2f", a / b);
    }

    private static String ms(List<Double> values) {
        return String.format(Locale.ROOT, "%.1f", Stats.median(values));
    }

    private static String spread(List<Double> values) {
        return String.format(Locale.ROOT, "%.1f-%.1f", values.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                values.stream().mapToDouble(Double::doubleValue).max().orElse(0));
    }

    private static String pct(double share) {
        return Double.isFinite(share) ? String.format(Locale.ROOT, "%.0f %%", share * 100) : "";
    }

    private static String fmt2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** A rate or a setting: no decimals from 100 up, one below. */
    private static String num(double v) {
        return v >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    @Override
    public String toString() {
        return series().stream().map(s -> s.series() + "/" + s.mode() + " " + num(s.perSecond()) + "/s")
                .collect(Collectors.joining(", "));
    }
}
