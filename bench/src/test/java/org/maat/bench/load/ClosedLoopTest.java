package org.maat.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.maat.bench.load.ClosedLoop.Outcome;

class ClosedLoopTest {

    @Test
    void aCountedLoopHandsOutEveryRequestNumberOnceAndTimesEach() throws Exception {
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        ClosedLoop.Result r = ClosedLoop.of(3).count(200).named("test-client").run(c -> request -> {
            assertThat(seen.add(request)).isTrue();
            threads.add(Thread.currentThread().getName());
            Thread.sleep(1);
            return request % 10 == 0 ? Outcome.failed() : Outcome.answered(2);
        });
        assertThat(seen).hasSize(200).allMatch(i -> i >= 0 && i < 200);
        assertThat(threads).isNotEmpty().allMatch(n -> n.matches("test-client-[123]"));
        assertThat(r.requests()).isEqualTo(200);
        assertThat(r.failed()).isEqualTo(20);
        assertThat(r.items()).isEqualTo(180 * 2);
        assertThat(r.latencies().count()).isEqualTo(200);
        assertThat(r.latencies().percentileMillis(0.5)).isGreaterThanOrEqualTo(1.0);
        assertThat(r.exhausted()).isFalse();
    }

    @Test
    void requestsDuringTheWarmUpAreSentButNotMeasured() throws Exception {
        AtomicLong sent = new AtomicLong();
        ClosedLoop.Result r = ClosedLoop.of(2).warmUp(Duration.ofMillis(200)).duration(Duration.ofMillis(200))
                .run(c -> request -> {
                    sent.incrementAndGet();
                    Thread.sleep(5);
                    return Outcome.answered();
                });
        assertThat(r.requests()).isPositive().isLessThan(sent.get());
        assertThat(r.seconds()).isBetween(0.15, 0.25);
        assertThat(r.perSecond()).isEqualTo(r.requests() / r.seconds());
        assertThat(r.littleMeanMillis()).isEqualTo(r.seconds() * 1000.0 * 2 / r.requests());
    }

    @Test
    void pausesSpaceEachClientsRequestsAndAreNotTimed() throws Exception {
        ClosedLoop.Result r = ClosedLoop.of(2).pauses(Duration.ofMillis(40), Duration.ofMillis(60))
                .duration(Duration.ofMillis(500)).run(c -> request -> {
                    Thread.sleep(2);
                    return Outcome.answered();
                });
        // Each client sends at most one request per 42 ms (a pause of >= 40 ms, then 2 ms of work).
        assertThat(r.requests()).isBetween(4L, 2 * (500 / 42 + 1L));
        // Were the pauses timed, every latency would be 40 ms or more; the median, not the maximum: on a loaded
        // machine one 2 ms request may well wait 40 ms for a core.
        assertThat(r.latencies().percentileMillis(0.5)).isLessThan(40);
        assertThat(r.latencies().percentileMillis(0.5)).isGreaterThanOrEqualTo(2);
        assertThatThrownBy(() -> ClosedLoop.of(1).pauses(Duration.ofMillis(5), Duration.ofMillis(4)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void openingTheClientsTakesNoneOfTheMeasuredTime() throws Exception {
        ClosedLoop.Result r = ClosedLoop.of(2).duration(Duration.ofMillis(100)).run(c -> {
            Thread.sleep(300);
            return request -> {
                Thread.sleep(2);
                return Outcome.answered();
            };
        });
        assertThat(r.requests()).isPositive();
        assertThat(r.seconds()).isEqualTo(0.1);
    }

    @Test
    void anExhaustedWorkloadEndsTheRunEarly() throws Exception {
        AtomicInteger left = new AtomicInteger(30);
        ClosedLoop.Result r = ClosedLoop.of(4).duration(Duration.ofSeconds(60)).run(c -> request ->
                left.getAndDecrement() > 0 ? Outcome.answered() : Outcome.EXHAUSTED);
        assertThat(r.exhausted()).isTrue();
        assertThat(r.requests()).isEqualTo(30);
        assertThat(r.seconds()).isLessThan(60);
    }

    @Test
    void aClientsExceptionStopsTheRunAndIsThrownAsItWas() {
        AtomicInteger closed = new AtomicInteger();
        assertThatThrownBy(() -> ClosedLoop.of(2).duration(Duration.ofSeconds(60)).run(c -> new ClosedLoop.Client() {
            @Override
            public Outcome send(long request) throws IOException {
                if (request == 5) {
                    throw new IOException("request 5 failed");
                }
                return Outcome.answered();
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        })).isInstanceOf(IOException.class).hasMessage("request 5 failed");
        assertThat(closed).hasValue(2);
    }

    @Test
    void aLoopWithoutABoundIsRefused() {
        assertThatThrownBy(() -> ClosedLoop.of(1).run(c -> request -> Outcome.answered()))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ClosedLoop.of(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void latenciesUseNearestRankPercentiles() {
        Latencies l = Latencies.of(new long[] {5_000_000, 1_000_000, 4_000_000, 2_000_000, 3_000_000});
        assertThat(l.count()).isEqualTo(5);
        assertThat(l.meanMillis()).isEqualTo(3.0);
        assertThat(l.percentileMillis(0.5)).isEqualTo(3.0);
        assertThat(l.percentileMillis(0.95)).isEqualTo(5.0);
        assertThat(l.maxMillis()).isEqualTo(5.0);
        assertThat(Latencies.of(new long[0]).percentileMillis(0.95)).isZero();
    }
}
