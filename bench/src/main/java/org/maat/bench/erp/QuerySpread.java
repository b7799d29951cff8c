package org.maat.bench.erp;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.maat.erp.ErpQuery;

/**
 * One query's measurements over several runs: the median and the range of the ratio (each run's
 * encrypted/plaintext throughput, the two sides measured back to back), and the medians of each side.
 * A median ratio above {@link #EXPLAIN_ABOVE} is a comparison to explain: the encrypted layer adds
 * work to every query, so when it comes out faster the two sides did different work.
 */
public record QuerySpread(ErpQuery query, List<ErpBenchmark.QueryThroughput> runs) {

    /** Ratios above this are flagged as comparisons to explain. */
    public static final double EXPLAIN_ABOVE = 1.05;

    public QuerySpread {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException(query + ": no runs");
        }
        runs = List.copyOf(runs);
    }

    public double medianRatio() {
        return median(ErpBenchmark.QueryThroughput::ratio);
    }

    public double minRatio() {
        return runs.stream().mapToDouble(ErpBenchmark.QueryThroughput::ratio).min().orElse(0);
    }

    public double maxRatio() {
        return runs.stream().mapToDouble(ErpBenchmark.QueryThroughput::ratio).max().orElse(0);
    }

    public double medianPlainPerSecond() {
        return median(r -> r.plain().perSecond());
    }

    public double medianEncryptedPerSecond() {
        return median(r -> r.encrypted().perSecond());
    }

    public double medianPlainMillis() {
        return median(r -> r.plain().littleMeanMillis());
    }

    public double medianEncryptedMillis() {
        return median(r -> r.encrypted().littleMeanMillis());
    }

    /** The first run's first encrypted execution (the one that peels). */
    public double encryptedFirstMillis() {
        return runs.get(0).encryptedFirstMillis();
    }

    /** Whether a run ended early because Q18 ran out of rows to delete. */
    public boolean exhausted() {
        return runs.stream().anyMatch(r -> r.plain().exhausted() || r.encrypted().exhausted());
    }

    /** Whether the median ratio is above {@link #EXPLAIN_ABOVE}. */
    public boolean toExplain() {
        return medianRatio() > EXPLAIN_ABOVE;
    }

    /** The median (of an even count, the mean of the middle two). */
    private double median(ToDoubleFunction<ErpBenchmark.QueryThroughput> f) {
        double[] v = runs.stream().mapToDouble(f).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    @Override
    public String toString() {
        return query + " " + Arrays.toString(runs.stream().mapToDouble(ErpBenchmark.QueryThroughput::ratio).toArray());
    }
}
