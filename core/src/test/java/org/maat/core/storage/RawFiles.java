package org.maat.core.storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The files under a directory as stored on disk, for tests that look for plaintext where there must be none. */
public final class RawFiles {

    /**
     * Per needle and scan: the chance that ciphertext alone fails {@link #containBeyondChance}. A hundred needles
     * a run keep a chance failure below one run in a million.
     */
    public static final double FALSE_ALARM = 1e-8;

    private RawFiles() {
    }

    /** Whether any regular file under {@code root}, read byte for byte, contains {@code text} (UTF-8). */
    public static boolean contain(Path root, String text) throws IOException {
        return occurrences(root, text) > 0;
    }

    /**
     * Whether the regular files under {@code root} hold {@code text} (UTF-8) more often than random bytes of
     * their size do with probability {@link #FALSE_ALARM}: once for a needle of six bytes or more in a
     * megabyte, but "tax" is in 100 KB of ciphertext once in 170 scans, so a three-letter word must be found
     * several times (a scan of ciphertext for a short word proves less: say so where it is used).
     */
    public static boolean containBeyondChance(Path root, String text) throws IOException {
        long scanned;
        try (Stream<Path> files = Files.walk(root)) {
            scanned = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        return occurrences(root, text) >= chanceCeiling(scanned, text.getBytes(StandardCharsets.UTF_8).length);
    }

    /** How many times {@code text} (UTF-8) starts in the regular files under {@code root}. */
    public static int occurrences(Path root, String text) throws IOException {
        String needle = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        int count = 0;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                for (int at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * The smallest count that a {@code length}-byte string reaches in {@code scanned} uniformly random bytes
     * with probability at most {@link #FALSE_ALARM}: its count there is close to Poisson with mean
     * {@code scanned / 256^length}.
     */
    public static int chanceCeiling(long scanned, int length) {
        double mean = Math.max(0, scanned - length + 1) * Math.pow(256, -length);
        int k = 1;
        while (poissonTail(mean, k) > FALSE_ALARM) {
            k++;
        }
        return k;
    }

    /** P(X >= k) for X Poisson with {@code mean}, summed upward so that tiny tails keep their precision. */
    static double poissonTail(double mean, int k) {
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
}
