package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class IterationBucketsTest {

    @Test
    void firstTenStandAloneThenTensThenHundredsPlottedAtTheirMeanIteration() {
        long[] iterations = LongStream.rangeClosed(1, 300).toArray();
        double[] latencies = LongStream.rangeClosed(1, 300).mapToDouble(i -> i * 2.0).toArray();

        List<IterationBuckets.Point> points = IterationBuckets.of(iterations, latencies);

        assertThat(points).hasSize(10 + 9 + 2);
        assertThat(points.get(0)).isEqualTo(new IterationBuckets.Point(1, 2, 1));
        assertThat(points.get(10)).isEqualTo(new IterationBuckets.Point(15.5, 31, 10));
        assertThat(points.get(18)).isEqualTo(new IterationBuckets.Point(95.5, 191, 10));
        assertThat(points.get(20)).isEqualTo(new IterationBuckets.Point(250.5, 501, 100));
    }

    @Test
    void interleavedQueryIsPlottedAtTheMeanOfItsOwnIterations() {
        long[] odd = LongStream.rangeClosed(1, 300).filter(i -> i % 2 == 1).toArray();

        List<IterationBuckets.Point> points = IterationBuckets.of(odd, new double[odd.length]);

        assertThat(points).extracting(IterationBuckets.Point::iteration).contains(1.0, 9.0, 15.0, 250.0);
        assertThat(points.get(points.size() - 1).samples()).isEqualTo(50);
    }
}
