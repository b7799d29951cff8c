package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    private static final long T0 = 1_700_000_000_000L;

    @Test
    void warmUpIsCutJustAfterTheTransient() {
        // 20 ms per request once warm, 80 ms during the first 5 s: the transient ends at 5 s
        List<Sample> samples = new SimulatedServer(T0, 1, 20, 5_000, 4).closedLoop(1, 20_000, "Q10").samples();

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isTrue();
        assertThat(steady.cutAt() - T0).isBetween(5_000L, 5_600L);
        assertThat(steady.samples()).allSatisfy(s -> assertThat(s.elapsed()).isEqualTo(20));
        assertThat(steady.dropped()).isEqualTo(samples.size() - steady.samples().size()).isGreaterThan(60);
        assertThat(steady.reason()).contains("cut").contains("latency");
    }

    @Test
    void runStableFromTheStartKeepsEverySample() {
        List<Sample> samples = new SimulatedServer(T0, 2, 10, 0, 1).closedLoop(2, 5_000, "Q7").samples();

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isTrue();
        assertThat(steady.dropped()).isZero();
        assertThat(steady.samples()).hasSameSizeAs(samples);
        assertThat(steady.reason()).contains("nothing cut");
    }

    @Test
    void runTooShortToSettleKeepsAllSamplesAndSaysSo() {
        List<Sample> samples = new SimulatedServer(T0, 1, 100, 1_000, 3).closedLoop(1, 3_000, "Q15").samples();

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isFalse();
        assertThat(steady.samples()).hasSameSizeAs(samples);
        assertThat(steady.reason()).startsWith("not settled").contains("too few");
    }

    @Test
    void transientLongerThanTheStableStretchIsNotSettled() {
        List<Sample> samples = new SimulatedServer(T0, 1, 20, 12_000, 4).closedLoop(1, 20_000, "Q10").samples();

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isFalse();
        assertThat(steady.samples()).hasSameSizeAs(samples);
        assertThat(steady.reason()).contains("stable for only");
    }

    @Test
    void latencyStillGrowingAtTheEndIsNotSettled() {
        // 120 req/s offered to a 100 req/s server: the queue, and latency, grow for the whole run
        List<Sample> samples = new SimulatedServer(T0, 1, 10, 0, 1).openLoop(120, 20_000, "Q7").samples();

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isFalse();
        assertThat(steady.samples()).hasSameSizeAs(samples);
    }

    @Test
    void aSingleSlowWindowAfterWarmUpDoesNotMoveTheCut() {
        List<Sample> samples = new ArrayList<>(
                new SimulatedServer(T0, 1, 20, 4_000, 4).closedLoop(1, 20_000, "Q10").samples());
        // one 400 ms pause (a GC) at 14 s
        int pause = 0;
        for (int i = 0; i < samples.size(); i++) {
            Sample s = samples.get(i);
            if (s.timeStamp() - T0 >= 14_000 && pause == 0) {
                pause = 1;
                samples.set(i, new Sample(s.timeStamp(), s.elapsed() + 400, s.label(), s.responseCode(), true,
                        s.threadName(), s.level(), s.latency(), s.line()));
            }
        }

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isTrue();
        assertThat(steady.cutAt() - T0).isBetween(4_000L, 4_600L);
    }

    @Test
    void fastRequestsTimedInWholeMillisecondsStillSettle() {
        // sub-millisecond requests: JMeter records 0, 1 or 2 ms, a +-100% swing that is clock, not server
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            long elapsed = new long[] {0, 1, 2, 1}[i % 4];
            samples.add(new Sample(T0 + i * 2L, elapsed, "Q7", "200", true, "threads-1 1-1", "threads-1", elapsed,
                    i + 2));
        }

        SteadyState steady = SteadyState.trim(samples);

        assertThat(steady.settled()).isTrue();
        assertThat(steady.dropped()).isZero();
    }
}
