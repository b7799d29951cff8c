package org.maat.jmeter.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.maat.bench.report.MarkdownTable;

/**
 * {@code erp-pairs}: per backend, the throughput each pair of queries should reach given the single-query
 * capacities of the same run ({@link PairPrediction}), the pair's measured capacity, and how far it deviates
 * (the published Tables 2 and 3, as Q7..Q15 matrices), with the published deviations beside the encrypted ones.
 */
final class PairSection implements PlanSection {

    /** One measured pair: labels in ERP order, their weights, and the capacities that go into the tables. */
    private record Pair(String a, double n, String b, double m, Capacity measured, Capacity aloneA,
            Capacity aloneB) {

        double predicted() {
            if (aloneA == null || aloneB == null || !aloneA.measured() || !aloneB.measured()) {
                return Double.NaN;
            }
            return PairPrediction.throughput(n, aloneA.throughput(), m, aloneB.throughput());
        }

        double deviation() {
            return PairPrediction.deviation(measured.throughput(), predicted());
        }
    }

    @Override
    public void write(RunDescription run, RunSamples samples, ReportDraft draft) throws IOException {
        Workloads workloads = new Workloads(run, samples);
        draft.heading(2, "Tables 2 and 3: pairs of queries");
        draft.paragraph("Predicted: (n+m)/(n/T_A + m/T_B) from the single-query capacities T_A, T_B of this run "
                + "(highest stable rate, else knee), with n:m the pair's mix. Measured: the pair's own capacity, "
                + "counting requests of both queries. Deviation: measured/predicted - 1; positive means the two "
                + "queries share the server better than the prediction. Diagonals hold the single-query "
                + "capacities. Published deviations (Table 3 of the CryptDB ERP evaluation) were measured on "
                + "the encrypted system and are shown beside the encrypted figures.");
        boolean anyPair = false;
        for (String backend : QueryKneeSection.BACKENDS) {
            List<Pair> pairs = pairs(backend, workloads);
            if (pairs.isEmpty()) {
                draft.missing(backend + ": no pair series");
                continue;
            }
            anyPair = true;
            TreeSet<String> queries = new TreeSet<>(Workloads.QUERY_ORDER);
            pairs.forEach(p -> {
                queries.add(p.a());
                queries.add(p.b());
            });
            for (Pair p : pairs) {
                if (p.aloneA() == null || !p.aloneA().measured()) {
                    draft.missing(backend + " " + p.a() + " alone: needed to predict " + p.a() + "+" + p.b());
                }
                if (p.aloneB() == null || !p.aloneB().measured()) {
                    draft.missing(backend + " " + p.b() + " alone: needed to predict " + p.a() + "+" + p.b());
                }
            }
            boolean published = backend.equals("encrypted");
            draft.heading(3, "Predicted throughput, " + backend + " (req/s)");
            draft.table(matrix(queries, pairs, workloads, backend, p -> Figure.rate(p.predicted())));
            draft.heading(3, "Measured throughput, " + backend + " (req/s)");
            draft.table(matrix(queries, pairs, workloads, backend, p -> Figure.rate(p.measured().throughput())));
            draft.heading(3, "Deviation from predicted, " + backend);
            draft.table(matrix(queries, pairs, null, backend, p -> {
                String cell = Figure.change(p.deviation());
                Integer paper = PublishedFigures.pairDeviationPercent(p.a(), p.b());
                return published && paper != null ? cell + " (published " + paper + "%)" : cell;
            }));
            draft.heading(3, "Pairs in detail, " + backend);
            MarkdownTable detail = new MarkdownTable("Pair", "n:m", "T_A (req/s)", "T_B (req/s)",
                    "Predicted (req/s)", "Measured (req/s)", "Measured from", "Deviation", "Published deviation");
            for (Pair p : pairs) {
                Integer paper = PublishedFigures.pairDeviationPercent(p.a(), p.b());
                detail.row(p.a() + "+" + p.b(), Figure.load(p.n()) + ":" + Figure.load(p.m()),
                        p.aloneA() == null ? Figure.NONE : Figure.rate(p.aloneA().throughput()),
                        p.aloneB() == null ? Figure.NONE : Figure.rate(p.aloneB().throughput()),
                        Figure.rate(p.predicted()), Figure.rate(p.measured().throughput()), p.measured().source(),
                        Figure.change(p.deviation()), published && paper != null ? paper + "%" : "-");
            }
            draft.table(detail);
        }
        if (!anyPair) {
            draft.paragraph("No pair series in this run.");
        }
    }

    private static List<Pair> pairs(String backend, Workloads workloads) {
        List<Pair> pairs = new ArrayList<>();
        for (Workloads.Key key : workloads.keys()) {
            if (!backend.equals(key.backend()) || key.mix().size() != 2) {
                continue;
            }
            Capacity measured = workloads.capacity(backend, key.mix());
            if (!measured.measured()) {
                continue; // its series held no samples: RunSamples has said so
            }
            List<Map.Entry<String, Double>> entries = new ArrayList<>(key.mix().entrySet());
            entries.sort(Map.Entry.comparingByKey(Workloads.QUERY_ORDER));
            Map.Entry<String, Double> first = entries.get(0);
            Map.Entry<String, Double> second = entries.get(1);
            pairs.add(new Pair(first.getKey(), first.getValue(), second.getKey(), second.getValue(), measured,
                    workloads.capacity(backend, Map.of(first.getKey(), 1.0)),
                    workloads.capacity(backend, Map.of(second.getKey(), 1.0))));
        }
        return pairs;
    }

    /** A symmetric query x query matrix; the diagonal shows the single-query capacity when asked for. */
    private static MarkdownTable matrix(TreeSet<String> queries, List<Pair> pairs, Workloads diagonal,
            String backend, Function<Pair, String> cell) {
        Map<String, Pair> byCell = new LinkedHashMap<>();
        pairs.forEach(p -> {
            byCell.put(p.a() + "|" + p.b(), p);
            byCell.put(p.b() + "|" + p.a(), p);
        });
        List<String> header = new ArrayList<>();
        header.add("");
        header.addAll(queries);
        MarkdownTable table = new MarkdownTable(header.toArray(String[]::new));
        for (String row : queries) {
            List<String> cells = new ArrayList<>();
            cells.add(row);
            for (String column : queries) {
                if (row.equals(column)) {
                    Capacity alone = diagonal == null ? null : diagonal.capacity(backend, Map.of(row, 1.0));
                    cells.add(alone == null || !alone.measured() ? "" : "*" + Figure.rate(alone.throughput()) + "*");
                } else {
                    Pair p = byCell.get(row + "|" + column);
                    cells.add(p == null ? "-" : cell.apply(p));
                }
            }
            table.row(cells.toArray());
        }
        return table;
    }
}
