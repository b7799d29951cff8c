package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KneeTest {

    private static final long T0 = 1_700_000_000_000L;

    /** 3 workers of 20 ms: 150 requests/s, saturated from 3 threads on. */
    private static SimulatedServer server() {
        return new SimulatedServer(T0, 3, 20, 3_000, 3);
    }

    @Test
    void curveHasOnePointPerLevelMeasuredAfterWarmUp() {
        List<Sample> samples = server().closedLoop(1, 15_000, "Q7").closedLoop(2, 10_000, "Q7")
                .closedLoop(4, 10_000, "Q7").samples();

        LoadCurve curve = LoadCurve.of(samples, Set.of("Q7"));

        assertThat(curve.points()).extracting(LoadCurve.Point::level)
                .containsExactly("threads-1", "threads-2", "threads-4");
        LoadCurve.Point one = curve.points().get(0);
        assertThat(one.meanLatency()).isEqualTo(20.0); // the 60 ms warm-up requests were cut
        assertThat(one.throughput()).isCloseTo(50.0, within(1.0));
        assertThat(curve.points().get(1).throughput()).isCloseTo(100.0, within(1.5));
        assertThat(curve.points().get(2).throughput()).isCloseTo(150.0, within(2.0));
        assertThat(curve.points().get(2).meanLatency()).isCloseTo(4 * 1000.0 / 150, within(1.0));
    }

    @Test
    void kneeIsFoundAtTheSimulatedCapacity() {
        SimulatedServer server = server();
        for (int threads : new int[] {1, 2, 4, 8, 16}) {
            server.closedLoop(threads, 10_000, "Q7");
        }

        Knee knee = Knee.of(LoadCurve.of(server.samples(), Set.of("Q7")));

        assertThat(knee.saturated()).isTrue();
        assertThat(knee.point().level()).isEqualTo("threads-4");
        assertThat(knee.point().throughput()).isCloseTo(server.capacity(), within(0.02 * server.capacity()));
        assertThat(knee.reason()).contains("threads-4 -> threads-8");
    }

    @Test
    void curveThatNeverSaturatesGivesALowerBound() {
        SimulatedServer server = new SimulatedServer(T0, 16, 20, 0, 1);
        for (int threads : new int[] {1, 2, 4}) {
            server.closedLoop(threads, 5_000, "Q7");
        }

        Knee knee = Knee.of(LoadCurve.of(server.samples(), Set.of()));

        assertThat(knee.saturated()).isFalse();
        assertThat(knee.point().level()).isEqualTo("threads-4");
        assertThat(knee.reason()).contains("lower bound");
    }

    @Test
    void highestStableRateIsTheLastRateBelowCapacity() {
        SimulatedServer server = server();
        server.closedLoop(1, 6_000, "Q7"); // warm up first, as the harness does
        for (double rate : new double[] {100, 140, 165, 200}) {
            server.openLoop(rate, 10_000, "Q7");
        }
        LoadCurve curve = LoadCurve.of(server.samples(), Set.of("Q7"));

        assertThat(Knee.highestStableRate(curve)).get()
                .satisfies(p -> assertThat(p.level()).isEqualTo("rate-140"));
        LoadCurve.Point overloaded = curve.points(LoadCurve.Kind.OPEN).get(2);
        assertThat(overloaded.level()).isEqualTo("rate-165");
        assertThat(Knee.stable(overloaded)).isFalse();
    }

    @Test
    void labelsOutsideTheMixAreNotCounted() {
        List<Sample> samples = server().closedLoop(2, 8_000, "search", "login").samples();

        LoadCurve all = LoadCurve.of(samples, Set.of());
        LoadCurve search = LoadCurve.of(samples, Set.of("search"));

        assertThat(search.points().get(0).throughput())
                .isCloseTo(all.points().get(0).throughput() / 2, within(2.0));
    }

    @Test
    void emptyCurveHasNoKnee() {
        assertThatThrownBy(() -> Knee.of(new LoadCurve(List.of()))).isInstanceOf(IllegalArgumentException.class);
    }
}
