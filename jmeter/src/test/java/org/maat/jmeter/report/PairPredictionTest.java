package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PairPredictionTest {

    /** The published Table 2: expected pair throughput, computed there from Table 1 with n = m = 1. */
    private static final int[][] PUBLISHED_TABLE_2 = {
        {600, 407, 593, 267, 596, 629, 80, 83, 35},
        {407, 308, 404, 220, 405, 420, 75, 78, 34},
        {593, 404, 587, 266, 589, 622, 80, 83, 35},
        {267, 220, 266, 172, 266, 273, 68, 71, 33},
        {596, 405, 589, 266, 592, 625, 80, 83, 35},
        {629, 420, 622, 273, 625, 663, 80, 84, 36},
        {80, 75, 80, 68, 80, 80, 43, 44, 25},
        {83, 78, 83, 71, 83, 84, 44, 45, 26},
        {35, 34, 35, 33, 35, 36, 25, 26, 18},
    };

    @Test
    void reproducesThePublishedTable2FromTable1() {
        // Table 2 was computed from the unrounded rates behind Table 1: every cell lies within 1 req/s of ours
        List<String> queries = PublishedFigures.ERP_QUERIES;
        for (int i = 0; i < queries.size(); i++) {
            for (int j = 0; j < queries.size(); j++) {
                double predicted = PairPrediction.throughput(1, PublishedFigures.ERP_QUERY_THROUGHPUT.get(
                        queries.get(i)), 1, PublishedFigures.ERP_QUERY_THROUGHPUT.get(queries.get(j)));
                assertThat(predicted).as("%s+%s", queries.get(i), queries.get(j))
                        .isCloseTo(PUBLISHED_TABLE_2[i][j], within(0.99));
            }
        }
    }

    @Test
    void weightsCountRequestsOfEachQuery() {
        // 3 of a 100 req/s query and 1 of a 10 req/s one cost 0.03 + 0.1 s: 4 requests per 0.13 s
        assertThat(PairPrediction.throughput(3, 100, 1, 10)).isCloseTo(4 / 0.13, within(1e-9));
        // Only the ratio of the weights counts: 6 and 2 are the same mix as 3 and 1
        assertThat(PairPrediction.throughput(6, 100, 2, 10)).isCloseTo(PairPrediction.throughput(3, 100, 1, 10),
                within(1e-9));
    }

    @Test
    void aPairLiesBetweenItsQueriesAndIsSymmetric() {
        double pair = PairPrediction.throughput(1, 600, 2, 35);
        assertThat(pair).isStrictlyBetween(35.0, 600.0);
        assertThat(PairPrediction.throughput(2, 35, 1, 600)).isCloseTo(pair, within(1e-9));
        // A query paired with itself is predicted at its own rate
        assertThat(PairPrediction.throughput(1, 80, 3, 80)).isCloseTo(80, within(1e-9));
    }

    @Test
    void deviationIsTheRelativeDistanceAboveThePrediction() {
        assertThat(PairPrediction.deviation(110, 100)).isCloseTo(0.10, within(1e-12));
        assertThat(PairPrediction.deviation(90, 100)).isCloseTo(-0.10, within(1e-12));
        assertThat(PairPrediction.deviation(100, 100)).isZero();
    }

    @Test
    void zeroThroughputIsRejected() {
        assertThatThrownBy(() -> PairPrediction.throughput(1, 0, 1, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
