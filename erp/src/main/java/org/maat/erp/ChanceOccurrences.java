package org.maat.erp;

/**
 * How often a byte string turns up by chance in random bytes (ciphertext), so that a scan of an encrypted
 * file can tell a leak from luck. In {@code n} uniformly random bytes an {@code L}-byte string starts at each
 * of the {@code n - L + 1} positions with probability {@code 256^-L}, so its count is close to Poisson with
 * mean {@code (n - L + 1) / 256^L}: a three-letter name is in a megabyte of ciphertext six times in a hundred,
 * a four-letter one four times in ten thousand, a six-letter one never in practice.
 *
 * <p>{@link #ceiling} is the count a needle reaches by chance with probability at most {@link #FALSE_ALARM}:
 * a scan finding it that often has found a leak; finding it less often proves nothing about a needle that a
 * leak would have written fewer times than that (a test must hold each such needle in enough rows).
 */
public final class ChanceOccurrences {

    /** Per needle: a hundred needles a run keep a chance failure below one run in a million. */
    public static final double FALSE_ALARM = 1e-8;

    private ChanceOccurrences() {
    }

    /** The smallest count that {@code needleLength} random-looking bytes reach in {@code haystack} bytes with probability at most {@link #FALSE_ALARM}. */
    public static int ceiling(long haystack, int needleLength) {
        return ceiling(mean(haystack, needleLength), FALSE_ALARM);
    }

    /** The expected chance count of one {@code needleLength}-byte string in {@code haystack} random bytes. */
    public static double mean(long haystack, int needleLength) {
        return Math.max(0, haystack - needleLength + 1) * Math.pow(256, -needleLength);
    }

    /** The smallest count a Poisson count with {@code mean} reaches with probability at most {@code falseAlarm}. */
    public static int ceiling(double mean, double falseAlarm) {
        int k = 1;
        while (tail(mean, k) > falseAlarm) {
            k++;
        }
        return k;
    }

    /** P(X >= k) for X Poisson with {@code mean}, summed upward so that tiny tails keep their precision. */
    public static double tail(double mean, int k) {
        double term = Math.exp(-mean);
        for (int i = 1; i <= k; i++) {
            term *= mean / i;
        }
        double sum = 0;
        for (int i = k; term > 0 && term > sum * 1e-17; i++) {
            sum += term;
            term *= mean / (i + 1);
        }
        return sum;
    }

    /** How many times {@code needle} starts in {@code hay} (overlapping starts counted). */
    public static int count(byte[] hay, byte[] needle) {
        int count = 0;
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            count++;
        }
        return count;
    }
}
