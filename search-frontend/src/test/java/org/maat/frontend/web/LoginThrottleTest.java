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

    /** A wrong password of {@code account} from {@code address}: the wait, or empty if it was checked (and failed). */
    private Optional<Duration> guess(String account, String address) {
        Optional<Duration> wait = throttle.attempt(account, address);
        if (wait.isEmpty()) {
            throttle.failed(account, address);
        }
        return wait;
    }

    @Test
    void afterThreeFailuresEachGuessWaitsLongerUpToTheCap() {
        for (int i = 0; i < 3; i++) {
            assertThat(guess("u1", "a")).isEmpty();
        }
        long previous = 0;
        for (int i = 0; i < 12; i++) {
            Optional<Duration> wait = guess("u1", "a");
            assertThat(wait).as("guess %d", i + 4).isPresent();
            assertThat(wait.get().toMillis()).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(300_000);
            previous = wait.get().toMillis();
            now += wait.get().toMillis();
            assertThat(guess("u1", "a")).as("allowed once the wait is over").isEmpty();
        }
        assertThat(previous).isEqualTo(LoginThrottle.PAIR.cap().toMillis());
    }

    @Test
    void retryingEarlyDoesNotLengthenTheWait() {
        for (int i = 0; i < 4; i++) {
            guess("u1", "a");
        }
        Duration first = guess("u1", "a").orElseThrow();
        for (int i = 0; i < 50; i++) {
            now += 10;
            guess("u1", "a");
        }
        assertThat(guess("u1", "a").orElseThrow()).isEqualTo(first.minusMillis(500));
    }

    @Test
    void anAttackerElsewhereNeverDelaysTheOwnerAtAKnownAddress() {
        assertThat(throttle.attempt("u1", "home")).isEmpty();
        throttle.succeeded("u1", "home");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 5_000; i++) {
            // Many addresses, each waiting out its own buckets: the account's bucket fills up.
            guess("u1", "10.0." + random.nextInt(256) + "." + random.nextInt(256));
            now += 1_000;
        }
        assertThat(throttle.attempt("u1", "home")).as("known address").isEmpty();
        throttle.succeeded("u1", "home");
        Optional<Duration> elsewhere = guess("u1", "new-cafe");
        assertThat(elsewhere.map(Duration::toMillis).orElse(0L)).as("a new address waits at most the account cap")
                .isLessThanOrEqualTo(LoginThrottle.ACCOUNT.cap().toMillis());
    }

    @Test
    void aSuccessClearsItsAddressAndFailuresAreForgotten() {
        for (int i = 0; i < 3; i++) {
            guess("u1", "a");
        }
        now += 1_000;
        assertThat(throttle.attempt("u1", "a")).isEmpty();
        throttle.succeeded("u1", "a");
        for (int i = 0; i < 3; i++) {
            assertThat(guess("u1", "a")).isEmpty();
        }
        assertThat(guess("u1", "a")).isPresent();
        now += LoginThrottle.FORGET.toMillis() + 1;
        assertThat(guess("u1", "a")).isEmpty();
    }

    @Test
    void manyUsersSigningInAtOnceBehindOneAddressAreNotSlowed() {
        for (int i = 0; i < 500; i++) {
            assertThat(throttle.attempt("u" + i, "proxy")).as("sign-in %d in flight", i).isEmpty();
        }
        for (int i = 0; i < 500; i++) {
            throttle.succeeded("u" + i, "proxy");
        }
    }

    @Test
    void oneAddressSprayingManyAccountsIsSlowedToo() {
        int allowed = 0;
        for (int i = 0; i < 100; i++) {
            if (guess("u" + i, "sprayer").isEmpty()) {
                allowed++;
            }
        }
        assertThat(allowed).isEqualTo(LoginThrottle.ADDRESS.free());
    }
}
