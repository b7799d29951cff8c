package org.maat.bench.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.Latencies;
import org.maat.erp.ErpQuery;

class QuerySpreadTest {

    private static ErpBenchmark.QueryThroughput run(ErpQuery q, long plainRequests, long encRequests) {
        return new ErpBenchmark.QueryThroughput(q, result(plainRequests), result(encRequests), 1, 1);
    }

    private static ClosedLoop.Result result(long requests) {
        return new ClosedLoop.Result(2, requests, 0, requests, 1.0, false, Latencies.of(new long[0]));
    }

    @Test
    void theMedianAndRangeAreOverTheRunsRatios() {
        QuerySpread s = new QuerySpread(ErpQuery.Q7, List.of(run(ErpQuery.Q7, 100, 90), run(ErpQuery.Q7, 100, 50),
                run(ErpQuery.Q7, 200, 140)));

        assertThat(s.medianRatio()).isEqualTo(0.7);
        assertThat(s.minRatio()).isEqualTo(0.5);
        assertThat(s.maxRatio()).isEqualTo(0.9);
        assertThat(s.medianPlainPerSecond()).isEqualTo(100);
        assertThat(s.medianEncryptedPerSecond()).isEqualTo(90);
    }

    @Test
    void onlyAMedianRatioAboveOnePointOhFiveIsAComparisonToExplain() {
        QuerySpread faster = new QuerySpread(ErpQuery.Q8, List.of(run(ErpQuery.Q8, 100, 179)));
        QuerySpread even = new QuerySpread(ErpQuery.Q9, List.of(run(ErpQuery.Q9, 100, 105)));
        QuerySpread slower = new QuerySpread(ErpQuery.Q10, List.of(run(ErpQuery.Q10, 100, 66)));

        assertThat(faster.toExplain()).isTrue();
        assertThat(even.toExplain()).isFalse();
        assertThat(slower.toExplain()).isFalse();

        StringWriter out = new StringWriter();
        ErpBenchmark.printQueries(new PrintWriter(out), List.of(faster, even, slower), Map.of());
        List<String> flagged = out.toString().lines().filter(l -> l.contains("a comparison to explain")).toList();
        assertThat(flagged).hasSize(1).first().asString().startsWith("Q8 ").contains("1.790");
        assertThat(out.toString()).contains("Comparisons to explain").contains("Q8    1.790: no plans recorded");
    }
}
