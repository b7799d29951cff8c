package org.maat.frontend.web;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Slows password guessing at sign-in, per account and per client address, without letting anyone lock a
 * real user out for long. An attempt counts against its account (alone and at its address) when it starts,
 * so a burst of parallel guesses at one account cannot slip through before the first answer, and a success
 * takes that count back; it counts against its address only once it has failed ({@link #failed}), so many
 * users signing in at once behind one address (a proxy, a benchmark) are never slowed by each other. Three
 * buckets of failures:
 * <ul>
 *   <li><b>account at address</b>: {@link #PAIR}: 3 free failures, then each attempt waits 1 s, 2 s, 4 s, ...
 *       up to 5 min after the last failure. A success from that address clears it. This is the guesser
 *       at one address against one account; the real user at another address never shares it;</li>
 *   <li><b>address</b> (all accounts): {@link #ADDRESS}: 10 free, then 1 s doubling up to 5 min: one address
 *       spraying many accounts. Only users behind the attacker's own address share it;</li>
 *   <li><b>account</b> (all addresses): {@link #ACCOUNT}: 10 free, then 1 s doubling up to 30 s: a guesser
 *       spread over many addresses. It is looser by design and does not apply at an address the account
 *       has signed in from before (the last {@link #KNOWN_ADDRESSES}): a distributed attacker makes the
 *       real user wait at most 30 s per attempt, and only at an address the user never used.</li>
 * </ul>
 * A refused attempt does not count (retrying early does not lengthen the wait), and a bucket forgets its
 * failures {@link #FORGET} after its last one. Refusals are decided before the password is checked, so a
 * refused guess costs the server no Argon2id evaluation. Each map keeps at most {@link #MAX_ENTRIES}
 * entries (the least recently used go first). Thread-safe.
 */
final class LoginThrottle {

    /** A bucket's rule: failures allowed without delay, the first delay (doubling after), the longest one. */
    record Limit(int free, Duration first, Duration cap) {

        /** How long after the last failure the next attempt must wait, given {@code failures}. */
        long delayMillis(int failures) {
            if (failures < free) {
                return 0;
            }
            int doublings = Math.min(failures - free, 30);
            return Math.min(first.toMillis() << doublings, cap.toMillis());
        }
    }

    static final Limit PAIR = new Limit(3, Duration.ofSeconds(1), Duration.ofMinutes(5));
    static final Limit ADDRESS = new Limit(10, Duration.ofSeconds(1), Duration.ofMinutes(5));
    static final Limit ACCOUNT = new Limit(10, Duration.ofSeconds(1), Duration.ofSeconds(30));
    static final Duration FORGET = Duration.ofMinutes(15);
    static final int KNOWN_ADDRESSES = 8;
    static final int MAX_ENTRIES = 100_000;

    private static final class Bucket {
        int failures;
        long lastFailure;
    }

    private final LongSupplier clock;
    private final Map<String, Bucket> pairs = lru();
    private final Map<String, Bucket> addresses = lru();
    private final Map<String, Bucket> accounts = lru();
    private final Map<String, Deque<String>> known = lru();

    LoginThrottle(LongSupplier millisClock) {
        this.clock = millisClock;
    }

    LoginThrottle() {
        this(System::currentTimeMillis);
    }

    /**
     * Asks to check a password of {@code account} from {@code address}: empty when it may go ahead (then the
     * caller reports {@link #succeeded} or {@link #failed}), else how long the client must wait first.
     */
    synchronized Optional<Duration> attempt(String account, String address) {
        long now = clock.getAsLong();
        Bucket pair = bucket(pairs, pairKey(account, address), now);
        Bucket fromAddress = bucket(addresses, address, now);
        Bucket ofAccount = bucket(accounts, account, now);
        long wait = Math.max(remaining(pair, PAIR, now), remaining(fromAddress, ADDRESS, now));
        if (!knownAt(account, address)) {
            wait = Math.max(wait, remaining(ofAccount, ACCOUNT, now));
        }
        if (wait > 0) {
            return Optional.of(Duration.ofMillis(wait));
        }
        // Counted even at a known address: the guesses stay visible to the limit on other addresses.
        fail(pair, now);
        fail(ofAccount, now);
        return Optional.empty();
    }

    /** The password was wrong: the attempt's address counts one failure more. */
    synchronized void failed(String account, String address) {
        fail(bucket(addresses, address, clock.getAsLong()), clock.getAsLong());
    }

    /** The password was right: takes back the attempt's counts and remembers the address for the account. */
    synchronized void succeeded(String account, String address) {
        pairs.remove(pairKey(account, address));
        accounts.remove(account);
        Deque<String> at = known.computeIfAbsent(account, a -> new ArrayDeque<>());
        at.remove(address);
        at.addFirst(address);
        while (at.size() > KNOWN_ADDRESSES) {
            at.removeLast();
        }
    }

    private static String pairKey(String account, String address) {
        return account + '\n' + address;
    }

    private boolean knownAt(String account, String address) {
        Deque<String> at = known.get(account);
        return at != null && at.contains(address);
    }

    private static Bucket bucket(Map<String, Bucket> map, String key, long now) {
        Bucket b = map.computeIfAbsent(key, k -> new Bucket());
        if (b.failures > 0 && now - b.lastFailure > FORGET.toMillis()) {
            b.failures = 0;
        }
        return b;
    }

    private static long remaining(Bucket b, Limit limit, long now) {
        return Math.max(0, b.lastFailure + limit.delayMillis(b.failures) - now);
    }

    private static void fail(Bucket b, long now) {
        b.failures++;
        b.lastFailure = now;
    }

    private static <V> Map<String, V> lru() {
        return new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > MAX_ENTRIES;
            }
        };
    }
}
