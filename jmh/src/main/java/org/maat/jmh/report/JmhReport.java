package org.maat.jmh.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.maat.bench.report.MarkdownTable;

/**
 * Builds the Markdown report of one JMH run: a table per group of benchmarks, each row normalized
 * to the group's baseline measured in the SAME run (no monitor for reads, an unchecked write for
 * result lists, a plain file for index files), with Thoth's published overhead beside it;
 * Maat's targets (4 KB read overhead under 5% for public, under 25% for MAL) marked met or missed
 * after a full run, and "not judged (quick run)" after a quick one, whose 200 ms samples cannot tell
 * a few percent from noise; and every other benchmark's absolute score. A group whose baseline is
 * missing from the run shows its scores with "no baseline" instead of a ratio; groups absent from
 * the run are left out. The
 * report never invents a figure: everything in it is read from the results or is a published one.
 */
public final class JmhReport {

    static final String READ = "ConduitRead.read";
    static final String READ_EVALUATED = "ConduitRead.readEvaluated";
    static final String FRIEND_LISTS = "ConduitRead.readEvaluatedFriendLists";
    static final String ONLY_CND_IDS = "WriteCheck.resultListOnlyCndIds";
    static final String ONLY_CND_IDS_PLUS = "WriteCheck.resultListOnlyCndIdsPlus";
    static final String UNCHECKED_WRITE = "WriteCheck.resultListUnchecked";
    static final String INDEX_FILE = "IndexFileCreation.indexPolicyFile";
    static final String PLAIN_FILE = "IndexFileCreation.plainFile";

    static final String NO_MONITOR = "none";
    static final int GOAL_SIZE = 4096;
    static final List<String> POLICIES = List.of(NO_MONITOR, "public", "private", "friends", "friends+censorship", "fof", "mal");

    /** How long the run measured: only a full run's figures are judged against the goals. */
    public enum RunLength {
        /** The benchmarks' own warm-up and measurement settings (or longer): goals are judged. */
        FULL,
        /** {@code bench jmh --quick}: one short sample each, figures shown but no goal judged. */
        QUICK
    }

    /** What a goal says after a quick run, whatever was measured. */
    public static final String NOT_JUDGED = "not judged (quick run)";

    /**
     * One of Maat's targets: the 4 KB read overhead of one policy under a limit, and for some also the time the
     * monitor adds under {@code limitNanos} (NaN: no such limit). {@code errorPercent} is the overhead's error
     * propagated from the two scores' 99.9% errors (NaN when JMH gave none); {@code addedNanos} is the score
     * minus the baseline's (null when not measured).
     */
    public record Goal(String benchmark, String policy, double limitPercent, Double measuredPercent, double errorPercent,
            RunLength length, double limitNanos, Double addedNanos) {

        /** A goal on the overhead alone. */
        public Goal(String benchmark, String policy, double limitPercent, Double measuredPercent, double errorPercent,
                    RunLength length) {
            this(benchmark, policy, limitPercent, measuredPercent, errorPercent, length, Double.NaN, null);
        }

        /**
         * MET or MISSED by the measured overhead (and the added time, where the goal limits it), with
         * "(within noise)" when the overhead's error interval reaches across its limit; NOT MEASURED when the run
         * has no such result or no baseline; {@link #NOT_JUDGED} after a quick run, measured or not.
         */
        public String status() {
            if (length == RunLength.QUICK) {
                return NOT_JUDGED;
            }
            if (measuredPercent == null) {
                return "NOT MEASURED";
            }
            boolean met = measuredPercent < limitPercent && (Double.isNaN(limitNanos) || addedNanos < limitNanos);
            String status = met ? "MET" : "MISSED";
            boolean noisy = !Double.isNaN(errorPercent) && measuredPercent - errorPercent < limitPercent
                    && measuredPercent + errorPercent >= limitPercent;
            return noisy ? status + " (within noise)" : status;
        }

        /** The goal as the report's table names it, e.g. {@code 4 KB public read < 5% and < 300 ns added}. */
        public String description() {
            String nanos = Double.isNaN(limitNanos) ? "" : String.format(Locale.ROOT, " and < %.0f ns added", limitNanos);
            return String.format(Locale.ROOT, "4 KB %s read < %.0f%%%s", policy, limitPercent, nanos);
        }
    }

    private final JmhRun run;
    private final String machine;
    private final RunLength length;

    /**
     * @param machine what the run ran on (cores, JDK, shared or not), printed in the header
     * @param length  whether the run was quick, so its goals are left unjudged
     */
    public JmhReport(JmhRun run, String machine, RunLength length) {
        this.run = Objects.requireNonNull(run, "run");
        this.machine = Objects.requireNonNull(machine, "machine");
        this.length = Objects.requireNonNull(length, "length");
    }

    /** The time a cached public read may add over the plain read (Thoth added 34 us). */
    static final double PUBLIC_READ_NANOS = 300;

    /**
     * Maat's targets, for the decisions-cached reads and the evaluated ones; the cached public read is also
     * held to {@value #PUBLIC_READ_NANOS} ns added.
     */
    public List<Goal> goals() {
        List<Goal> goals = new ArrayList<>();
        for (String benchmark : List.of(READ, READ_EVALUATED)) {
            goals.add(goal(benchmark, "public", 5.0, benchmark.equals(READ) ? PUBLIC_READ_NANOS : Double.NaN));
            goals.add(goal(benchmark, "mal", 25.0, Double.NaN));
        }
        return goals;
    }

    /** The report. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Maat JMH microbenchmarks\n\n");
        out.append("Run: ").append(run.settings().isEmpty() ? "no results" : run.settings()).append(".  \n");
        out.append("Machine: ").append(machine).append(".\n\n");
        out.append("Every ratio is to a baseline measured in this same run; overhead = ratio - 1, ± its error from ")
                .append("the two scores' 99.9% intervals (an overhead smaller than its error is noise). ")
                .append("Thoth's figures are its published ones (Thoth, section 6.2), on its own hardware.\n\n");
        goalsSection(out);
        readSection(out, READ, "Conduit read, decisions cached (the monitor as deployed)",
                "An UNCONFINED task reads a whole document through core's DocumentReader; the monitor's decision "
                        + "for each (reader, document) is computed once, then looked up.");
        readSection(out, READ_EVALUATED, "Conduit read, every decision evaluated (Thoth's setting)",
                "The same reads with the decision cache dropped before each one, so every read evaluates the "
                        + "policy against the facts; the baseline drops the cache too.");
        friendListSection(out);
        writeSection(out);
        indexFileSection(out);
        otherSection(out);
        return out.toString();
    }

    private void goalsSection(StringBuilder out) {
        MarkdownTable table = new MarkdownTable("goal", "benchmark", "measured overhead", "Thoth", "status");
        for (Goal g : goals()) {
            table.row(g.description(), g.benchmark(),
                    g.measuredPercent() == null ? "-" : withError(g.measuredPercent(), g.errorPercent())
                            + (Double.isNaN(g.limitNanos()) ? "" : String.format(Locale.ROOT, " (%+,.0f ns)", g.addedNanos())),
                    ThothFigures.readOverhead(GOAL_SIZE, g.policy()), g.status());
        }
        out.append("## Goals\n\n");
        if (length == RunLength.QUICK) {
            out.append("A quick run's samples are too short to tell an overhead of a few percent from noise: its ")
                    .append("overheads are shown, and no goal is judged on them.\n\n");
        }
        out.append(table.render()).append('\n');
    }

    private void readSection(StringBuilder out, String benchmark, String title, String what) {
        List<JmhResult> results = run.of(benchmark);
        if (results.isEmpty()) {
            return;
        }
        out.append("## ").append(title).append("\n\n").append(what).append(" `").append(benchmark).append("`.\n\n");
        for (int size : sizes(results)) {
            Optional<JmhResult> baseline = read(benchmark, size, NO_MONITOR);
            MarkdownTable table = new MarkdownTable("policy", "score", "added", "ratio", "overhead", "Thoth overhead");
            for (String policy : orderedPolicies(results)) {
                Optional<JmhResult> r = read(benchmark, size, policy);
                if (r.isEmpty()) {
                    continue;
                }
                table.row(policyName(policy), score(r.get()), added(r.get(), baseline), ratio(r.get(), baseline),
                        NO_MONITOR.equals(policy) && baseline.isPresent() ? percent(0) : overhead(r.get(), baseline),
                        ThothFigures.readOverhead(size, policy));
            }
            out.append("### ").append(sizeName(size)).append(" (Thoth's baseline: ")
                    .append(ThothFigures.baselineLatency(size)).append(")\n\n").append(table.render()).append('\n');
        }
    }

    private void friendListSection(StringBuilder out) {
        List<JmhResult> results = run.of(FRIEND_LISTS);
        if (results.isEmpty()) {
            return;
        }
        Optional<JmhResult> baseline = read(READ_EVALUATED, GOAL_SIZE, NO_MONITOR);
        MarkdownTable table = new MarkdownTable("policy", "friends", "score", "overhead vs no monitor",
                "vs 100 friends", "Thoth");
        for (JmhResult r : results) {
            String policy = r.param("friendPolicy");
            Optional<JmhResult> hundred = read(READ_EVALUATED, GOAL_SIZE, policy);
            table.row(policyName(policy), r.param("friendsPerUser"), score(r), overhead(r, baseline),
                    hundred.map(h -> percent((r.score() / h.score() - 1) * 100)).orElse("no 100-entry result"),
                    ThothFigures.FRIEND_LISTS);
        }
        out.append("## Friend-list length (4 KB, every decision evaluated)\n\n")
                .append("`").append(FRIEND_LISTS).append("` beside the 100-entry lists of `").append(READ_EVALUATED)
                .append("`.\n\n").append(table.render()).append('\n');
    }

    private void writeSection(StringBuilder out) {
        if (run.of(ONLY_CND_IDS).isEmpty() && run.of(ONLY_CND_IDS_PLUS).isEmpty() && run.of(UNCHECKED_WRITE).isEmpty()) {
            return;
        }
        Optional<JmhResult> baseline = run.of(UNCHECKED_WRITE).stream().findFirst();
        MarkdownTable table = new MarkdownTable("write of 10 conduit ids", "score", "added", "ratio", "overhead", "Thoth");
        baseline.ifPresent(b -> table.row("unchecked (baseline)", score(b), added(b, baseline), "1.000", percent(0), "baseline"));
        run.of(ONLY_CND_IDS).forEach(r -> table.row("ONLY_CND_IDS", score(r), added(r, baseline), ratio(r, baseline),
                overhead(r, baseline), ThothFigures.ONLY_CND_IDS));
        run.of(ONLY_CND_IDS_PLUS).forEach(r -> table.row("ONLY_CND_IDS+", score(r), added(r, baseline), ratio(r, baseline),
                overhead(r, baseline), ThothFigures.ONLY_CND_IDS_PLUS));
        out.append("## Write transactions: result lists\n\n")
                .append("A search task writes 10 conduit ids to its recipient's result conduit through core's ")
                .append("ResultChannel (`").append(ONLY_CND_IDS).append("`, `").append(ONLY_CND_IDS_PLUS)
                .append("`, baseline `").append(UNCHECKED_WRITE).append("`). Maat's unchecked write is an in-memory ")
                .append("append where Thoth's was a file write, so compare the added time rather than the ratio.\n\n").append(table.render()).append('\n');
    }

    private void indexFileSection(StringBuilder out) {
        List<JmhResult> labelled = run.of(INDEX_FILE);
        List<JmhResult> plain = run.of(PLAIN_FILE);
        if (labelled.isEmpty() && plain.isEmpty()) {
            return;
        }
        Set<String> sizes = new LinkedHashSet<>();
        plain.forEach(r -> sizes.add(r.param("fileBytes")));
        labelled.forEach(r -> sizes.add(r.param("fileBytes")));
        MarkdownTable table = new MarkdownTable("file", "plain file (baseline)", "index policy", "added", "ratio", "overhead",
                "Thoth");
        for (String size : sizes) {
            Optional<JmhResult> base = plain.stream().filter(r -> size.equals(r.param("fileBytes"))).findFirst();
            Optional<JmhResult> idx = labelled.stream().filter(r -> size.equals(r.param("fileBytes"))).findFirst();
            int bytes = Integer.parseInt(size);
            table.row(sizeName(bytes), base.map(JmhReport::score).orElse("-"), idx.map(JmhReport::score).orElse("-"),
                    idx.map(r -> added(r, base)).orElse("-"), idx.map(r -> ratio(r, base)).orElse("-"), idx.map(r -> overhead(r, base)).orElse("-"),
                    ThothFigures.indexFileCreation(bytes));
        }
        out.append("## Write transactions: index-policy file creation\n\n")
                .append("Create, write, close and delete one Lucene index file: through PolicyDirectory (a checked ")
                .append("write to a new conduit under the index policy, `").append(INDEX_FILE)
                .append("`) or on the bare FSDirectory (`").append(PLAIN_FILE).append("`).\n\n")
                .append(table.render()).append('\n');
    }

    private void otherSection(StringBuilder out) {
        Set<String> grouped = Set.of(READ, READ_EVALUATED, FRIEND_LISTS, ONLY_CND_IDS, ONLY_CND_IDS_PLUS, UNCHECKED_WRITE,
                INDEX_FILE, PLAIN_FILE);
        MarkdownTable table = new MarkdownTable("benchmark", "parameters", "score");
        for (JmhResult r : run.results()) {
            if (!grouped.contains(r.shortName())) {
                table.row(r.shortName(), params(r), score(r));
            }
        }
        if (!table.isEmpty()) {
            out.append("## Other benchmarks (absolute)\n\n")
                    .append("Monitor checks (ReadCheck, WriteCheck, ConfinedRead) and the encrypted layer's primitives ")
                    .append("(OnionPrimitives: RND, DET, OPE, HOM, SEARCH); no baseline of their own.\n\n")
                    .append(table.render()).append('\n');
        }
    }

    private Goal goal(String benchmark, String policy, double limitPercent, double limitNanos) {
        Optional<JmhResult> r = read(benchmark, GOAL_SIZE, policy);
        Optional<JmhResult> base = read(benchmark, GOAL_SIZE, NO_MONITOR);
        if (r.isEmpty() || base.isEmpty()) {
            return new Goal(benchmark, policy, limitPercent, null, Double.NaN, length, limitNanos, null);
        }
        return new Goal(benchmark, policy, limitPercent, (r.get().score() / base.get().score() - 1) * 100,
                overheadError(r.get(), base.get()), length, limitNanos, nanos(r.get()) - nanos(base.get()));
    }

    /** An average time per operation in nanoseconds, whatever time unit the run reported it in. */
    static double nanos(JmhResult r) {
        return switch (r.unit()) {
            case "ns/op" -> r.score();
            case "us/op" -> r.score() * 1e3;
            case "ms/op" -> r.score() * 1e6;
            case "s/op" -> r.score() * 1e9;
            default -> throw new IllegalArgumentException("not a time per operation: " + r.unit());
        };
    }

    /** The error of score/baseline in percent: relative errors added in quadrature (NaN without errors). */
    static double overheadError(JmhResult r, JmhResult baseline) {
        double ratio = r.score() / baseline.score();
        return ratio * Math.hypot(r.scoreError() / r.score(), baseline.scoreError() / baseline.score()) * 100;
    }

    private Optional<JmhResult> read(String benchmark, int size, String policy) {
        return run.find(benchmark, r -> String.valueOf(size).equals(r.param("size")) && policy.equals(r.param("policy")));
    }

    private static List<Integer> sizes(List<JmhResult> results) {
        return results.stream().map(r -> r.param("size")).filter(Objects::nonNull).map(Integer::valueOf)
                .distinct().sorted().toList();
    }

    /** Thoth's order (baseline first, then growing policy complexity); unknown policies last. */
    private static List<String> orderedPolicies(List<JmhResult> results) {
        Set<String> present = new LinkedHashSet<>();
        results.forEach(r -> present.add(r.param("policy")));
        List<String> ordered = new ArrayList<>(POLICIES.stream().filter(present::contains).toList());
        present.stream().filter(p -> !POLICIES.contains(p)).forEach(ordered::add);
        return ordered;
    }

    static String policyName(String policy) {
        return switch (policy) {
            case NO_MONITOR -> "no monitor (baseline)";
            case "friends" -> "ACL (friends)";
            case "friends+censorship" -> "ACL+ (friends + censorship)";
            case "fof" -> "FoF";
            case "mal" -> "MAL";
            default -> policy;
        };
    }

    static String sizeName(int bytes) {
        if (bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + " MB";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + " KB" : bytes + " B";
    }

    private static String score(JmhResult r) {
        String value = String.format(Locale.ROOT, "%,.1f", r.score());
        if (!Double.isNaN(r.scoreError())) {
            value += String.format(Locale.ROOT, " ± %,.1f", r.scoreError());
        }
        return value + " " + r.unit();
    }

    /** What the check adds to one operation, in the score's time unit. */
    private static String added(JmhResult r, Optional<JmhResult> baseline) {
        return baseline.filter(b -> b.unit().equals(r.unit()))
                .map(b -> String.format(Locale.ROOT, "%+,.1f %s", r.score() - b.score(), r.unit().replace("/op", "")))
                .orElse("no baseline");
    }

    private static String ratio(JmhResult r, Optional<JmhResult> baseline) {
        return baseline.filter(b -> b.unit().equals(r.unit()))
                .map(b -> String.format(Locale.ROOT, "%.3f", r.score() / b.score())).orElse("no baseline");
    }

    private static String overhead(JmhResult r, Optional<JmhResult> baseline) {
        return baseline.filter(b -> b.unit().equals(r.unit()))
                .map(b -> withError((r.score() / b.score() - 1) * 100, overheadError(r, b))).orElse("no baseline");
    }

    private static String withError(double percent, double error) {
        return Double.isNaN(error) ? percent(percent) : percent(percent) + String.format(Locale.ROOT, " ± %.1f%%", error);
    }

    private static String percent(double p) {
        return String.format(Locale.ROOT, "%+.1f%%", p);
    }

    private static String params(JmhResult r) {
        if (r.params().isEmpty()) {
            return "-";
        }
        List<String> parts = new ArrayList<>();
        r.params().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> parts.add(e.getKey() + "=" + e.getValue()));
        return String.join(", ", parts);
    }
}
