package org.maat.frontend.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sign-in throttle on a hand-driven clock: growing waits, and the bounds on locking an owner out. */
class LoginThrottleTest {

    private long now = 1_000_000;
    private final LoginThrottle throttle = new LoginThrottle(() -> now);

    @Test
    void afterThreeFailuresEachGuessWaitsLongerUpToTheCap() {
        for (int i = 0; i < 3; i++) {
            assertThat(throttle.attempt("u1", "a")).isEmpty();
        }
        long previous = 0;
        for (int i = 0; i < 12; i++) {
            Optional<Duration> wait = throttle.attempt("u1", "a");
            assertThat(wait).as("guess %d", i + 4).isPresent();
            assertThat(wait.get().toMillis()).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(300_000);
            previous = wait.get().toMillis();
            now += wait.get().toMillis();
            assertThat(throttle.attempt("u1", "a")).as("allowed once the wait is over").isEmpty();
        }
        assertThat(previous).isEqualTo(LoginThrottle.PAIR.cap().toMillis());
    }

    @Test
    void retryingEarlyDoesNotLengthenTheWait() {
        for (int i = 0; i < 4; i++) {
            throttle.attempt("u1", "a");
        }
        Duration first = throttle.attempt("u1", "a").orElseThrow();
        for (int i = 0; i < 50; i++) {
            now += 10;
            throttle.attempt("u1", "a");
        }
        assertThat(throttle.attempt("u1", "a").orElseThrow()).isEqualTo(first.minusMillis(500));
    }

    @Test
    void anAttackerElsewhereNeverDelaysTheOwnerAtAKnownAddress() {
        assertThat(throttle.attempt("u1", "home")).isEmpty();
        throttle.succeeded("u1", "home");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 5_000; i++) {
            // Many addresses, each waiting out its own buckets: the account's bucket fills up.
            throttle.attempt("u1", "10.0." + random.nextInt(256) + "." + random.nextInt(256));
            now += 1_000;
        }
        assertThat(throttle.attempt("u1", "home")).as("known address").isEmpty();
        throttle.succeeded("u1", "home");
        Optional<Duration> elsewhere = throttle.attempt("u1", "new-cafe");
        assertThat(elsewhere.map(Duration::toMillis).orElse(0L)).as("a new address waits at most the account cap")
                .isLessThanOrEqualTo(LoginThrottle.ACCOUNT.cap().toMillis());
    }

    @Test
    void aSuccessClearsItsAddressAndFailuresAreForgotten() {
        for (int i = 0; i < 3; i++) {
            throttle.attempt("u1", "a");
        }
        now += 1_000;
        assertThat(throttle.attempt("u1", "a")).isEmpty();
        throttle.succeeded("u1", "a");
        for (int i = 0; i < 3; i++) {
            assertThat(throttle.attempt("u1", "a")).isEmpty();
        }
        assertThat(throttle.attempt("u1", "a")).isPresent();
        now += LoginThrottle.FORGET.toMillis() + 1;
        assertThat(throttle.attempt("u1", "a")).isEmpty();
    }

    @Test
    void oneAddressSprayingManyAccountsIsSlowedToo() {
        int allowed = 0;
        for (int i = 0; i < 100; i++) {
            if (throttle.attempt("u" + i, "sprayer").isEmpty()) {
                allowed++;
            }
        }
        assertThat(allowed).isEqualTo(LoginThrottle.ADDRESS.free());
    }
}
