package org.maat.bench.tpch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.maat.bench.report.MarkdownTable;
import org.maat.encdb.advise.AnnotatedSchema;
import org.maat.encdb.advise.ColumnAdvice;

/**
 * What {@code maat bench tpch} measured: per query the times, ratio, shipping and verdict; the summary
 * beside the peers' published figures and Maat's targets; the load times; and the onions the advisor chose. Written
 * as Markdown and JSON by {@link #write}.
 */
public record TpchReport(String command, TpchBenchmark.Options options, Map<String, Long> tableRows,
        long skippedPartsupp, double loadPlainSeconds, double loadDriverSeconds, AnnotatedSchema schema, List<QueryOutcome> queries,
        long durationNanos) {

    /** Monomi (Tu et al., VLDB 2013), as published: queries run of the 22, median overhead. */
    static final int MONOMI_QUERIES = 19;
    static final double MONOMI_MEDIAN = 1.24;
    /** Maat's targets: all 22 identical; median ratio at most 1.5x at SF 1; none above 10x. */
    static final double GOAL_MEDIAN = 1.5;
    static final double GOAL_MAX = 10;

    public long totalRows() {
        return tableRows.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Queries answered identically to plain H2. */
    public long identical() {
        return queries.stream().filter(q -> q.status() == QueryOutcome.Status.IDENTICAL).count();
    }

    public long count(QueryOutcome.Status status) {
        return queries.stream().filter(q -> q.status() == status).count();
    }

    /** Median driver/plain ratio over the identical queries; NaN if none. */
    public double medianRatio() {
        double[] r = ratios();
        return r.length == 0 ? Double.NaN : TpchBenchmark.median(r);
    }

    public double maxRatio() {
        double max = Double.NaN;
        for (double r : ratios()) {
            max = Double.isNaN(max) ? r : Math.max(max, r);
        }
        return max;
    }

    private double[] ratios() {
        return queries.stream().filter(q -> q.status() == QueryOutcome.Status.IDENTICAL).mapToDouble(QueryOutcome::ratio)
                .filter(r -> !Double.isNaN(r)).toArray();
    }

    /** Writes report.md and report.json into {@code dir}; returns the Markdown. */
    public String write(Path dir) throws IOException {
        Files.createDirectories(dir);
        String md = markdown();
        Files.writeString(dir.resolve("report.md"), md, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.json"), new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(json()), StandardCharsets.UTF_8);
        return md;
    }

    String summaryLine() {
        return String.format(Locale.ROOT, "%d of %d queries identical (%d refused, %d mismatched, %d driver errors, "
                        + "%d plain H2 errors); median ratio %s, max %s", identical(), queries.size(),
                count(QueryOutcome.Status.REFUSED), count(QueryOutcome.Status.MISMATCH), count(QueryOutcome.Status.ERROR),
                count(QueryOutcome.Status.PLAIN_ERROR), x(medianRatio()), x(maxRatio()));
    }

    String markdown() {
        StringBuilder md = new StringBuilder("# maat bench tpch\n\n");
        md.append('`').append(command).append("`, ").append(String.format(Locale.ROOT, "%.1f", durationNanos / 1e9))
                .append(" s on ").append(Runtime.getRuntime().availableProcessors()).append(" processor(s), Java ")
                .append(System.getProperty("java.version")).append(". Scale factor ").append(options.scaleFactor())
                .append(String.format(Locale.ROOT, " (%,d rows in 8 tables), ", totalRows())).append(options.warmups())
                .append(" warm-up and ").append(options.runs()).append(" timed run(s) per query and side, median kept.\n\n");
        md.append("Both sides do the same work on every run: H2's reuse of a repeated query's result is off on both "
                + "(`OPTIMIZE_REUSE_RESULTS=FALSE` in the plain H2 URL and in the H2 URL behind the driver), and both H2 "
                + "databases have the same 16 indexes, those of the primary keys and H2's own for the foreign keys (behind "
                + "the driver on the columns' Eq onion). The driver's private client H2 indexes the loaded columns a "
                + "query compares with `=`.\n\n");
        md.append("## Summary\n\n").append(summaryLine()).append(".\n\n");
        MarkdownTable sum = new MarkdownTable("", "this run", "Monomi (TPC-H, VLDB 2013)", "CryptDB", "Maat's target");
        sum.row("queries identical", identical() + " of " + queries.size(), MONOMI_QUERIES + " of 22 run", "TPC-C's queries, no TPC-H figure",
                "22 of 22");
        sum.row("median ratio (identical queries)", x(medianRatio()), x(MONOMI_MEDIAN), "", "<= " + x(GOAL_MEDIAN) + " at SF 1");
        sum.row("max ratio", x(maxRatio()), "", "", "<= " + x(GOAL_MAX));
        md.append(sum.render()).append('\n');
        md.append(String.format(Locale.ROOT, "Load: plain H2 %.1f s (%,.0f rows/s); through the driver %.1f s "
                        + "(%,.0f rows/s), batches of %d rows.%s%n%n", loadPlainSeconds, totalRows() / loadPlainSeconds,
                loadDriverSeconds, totalRows() / loadDriverSeconds, options.batch(), skippedPartsupp == 0 ? ""
                        : String.format(Locale.ROOT, " Below scale factor 0.01 dbgen repeats PARTSUPP keys: %,d repeated "
                                + "rows were left out (the first row of each key kept), on both sides.", skippedPartsupp)));
        md.append("## Queries\n\n");
        MarkdownTable t = new MarkdownTable("query", "plain ms", "driver ms", "ratio", "rows shipped", "bytes shipped",
                "result rows", "identical", "refusal, error or difference");
        for (QueryOutcome q : queries) {
            t.row(q.label(), ms(q.plainMs()), ms(q.driverMs()), x(q.ratio()),
                    q.status() == QueryOutcome.Status.IDENTICAL || q.status() == QueryOutcome.Status.MISMATCH
                            ? String.format(Locale.ROOT, "%,d", q.shippedRows()) : "",
                    q.status() == QueryOutcome.Status.IDENTICAL || q.status() == QueryOutcome.Status.MISMATCH
                            ? String.format(Locale.ROOT, "%,d", q.shippedBytes()) : "",
                    q.resultRows(), switch (q.status()) {
                        case IDENTICAL -> "yes";
                        case MISMATCH -> "NO";
                        case REFUSED -> "refused";
                        case ERROR -> "error";
                        case PLAIN_ERROR -> "plain H2 failed";
                    }, q.detail());
        }
        md.append(t.render()).append('\n');
        md.append("## Query text\n\nThe specification's queries with its validation parameters, in H2's SQL. Changes:\n\n");
        for (QueryOutcome q : queries) {
            if (!q.changes().equals("none")) {
                md.append("* ").append(q.label()).append(": ").append(q.changes()).append('\n');
            }
        }
        md.append("\n## Onions chosen by the advisor (from the 22 queries)\n\n");
        MarkdownTable a = new MarkdownTable("column", "type", "annotation", "why");
        for (ColumnAdvice c : schema.columns()) {
            a.row(c.qualifiedName(), c.type(), c.annotation(), String.join("; ", c.reasons()));
        }
        md.append(a.render());
        return md.toString();
    }

    Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("command", command);
        root.put("seconds", durationNanos / 1e9);
        root.put("scaleFactor", options.scaleFactor());
        root.put("runs", options.runs());
        root.put("warmups", options.warmups());
        root.put("tableRows", tableRows);
        root.put("skippedPartsuppRows", skippedPartsupp);
        root.put("loadPlainSeconds", loadPlainSeconds);
        root.put("loadDriverSeconds", loadDriverSeconds);
        root.put("driverRowsPerSecond", totalRows() / loadDriverSeconds);
        root.put("identical", identical());
        root.put("queriesRun", queries.size());
        root.put("medianRatio", finite(medianRatio()));
        root.put("maxRatio", finite(maxRatio()));
        root.put("monomi", Map.of("queries", MONOMI_QUERIES, "medianRatio", MONOMI_MEDIAN));
        List<Map<String, Object>> qs = new ArrayList<>();
        for (QueryOutcome q : queries) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("query", q.label());
            row.put("status", q.status().name());
            row.put("plainMs", finite(q.plainMs()));
            row.put("driverMs", finite(q.driverMs()));
            row.put("ratio", finite(q.ratio()));
            row.put("shippedRows", q.shippedRows());
            row.put("shippedBytes", q.shippedBytes());
            row.put("resultRows", q.resultRows());
            row.put("detail", q.detail());
            row.put("changes", q.changes());
            qs.add(row);
        }
        root.put("queries", qs);
        List<Map<String, Object>> cols = new ArrayList<>();
        for (ColumnAdvice c : schema.columns()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("column", c.qualifiedName());
            row.put("annotation", c.annotation());
            row.put("reasons", c.reasons());
            cols.add(row);
        }
        root.put("onions", cols);
        return root;
    }

    private static Double finite(double d) {
        return Double.isNaN(d) || Double.isInfinite(d) ? null : d;
    }

    private static String x(double d) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%.2fx", d);
    }

    private static String ms(double d) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%.1f", d);
    }
}
