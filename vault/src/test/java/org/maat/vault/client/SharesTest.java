package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharesTest {

    /**
     * Chi-square critical value for 255 degrees of freedom at p = 1e-6 (Wilson-Hilferty): a correct scheme
     * exceeds it once in a million runs; the seeded generator makes each run repeat exactly anyway.
     */
    private static final double CRITICAL_255 = 377.0;

    private static SecureRandom seeded(long seed) {
        try {
            SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(seed); // before first use: the generator is then deterministic
            return random;
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void everyKSubsetRecoversTheSecret() {
        SecureRandom random = seeded(1);
        byte[] secret = "the erp master key, 32 bytes!!!!".getBytes(StandardCharsets.US_ASCII);
        for (int n = 1; n <= 5; n++) {
            for (int k = 1; k <= n; k++) {
                List<Share> shares = Shares.split(secret, k, n, random);
                assertThat(shares).hasSize(n);
                for (List<Share> subset : subsets(shares, k)) {
                    assertThat(Shares.combine(subset)).as("%d-of-%d from %s", k, n, subset).hasValue(secret);
                }
            }
        }
    }

    @Test
    void sharesAreAsLongAsSecretAndCheckAndHoldNoCopyOfTheSecret() {
        byte[] secret = new byte[32];
        seeded(2).nextBytes(secret);
        for (Share share : Shares.split(secret, 2, 3, seeded(3))) {
            assertThat(share.bytes()).hasSize(32 + Shares.CHECK_LENGTH);
            assertThat(indexOf(share.bytes(), Arrays.copyOf(secret, 8))).isEqualTo(-1);
        }
    }

    @Test
    void aFlippedBitInOneShareFailsTheCheck() {
        byte[] secret = "payroll".getBytes(StandardCharsets.US_ASCII);
        List<Share> shares = Shares.split(secret, 3, 3, seeded(4));
        for (int i = 0; i < 3; i++) {
            for (int bit = 0; bit < 8 * shares.get(i).bytes().length; bit += 13) {
                List<Share> damaged = new ArrayList<>(shares);
                damaged.set(i, flipped(shares.get(i), bit));
                assertThat(Shares.combine(damaged)).as("share %d bit %d flipped", i + 1, bit).isEmpty();
            }
        }
    }

    /**
     * With k = 2 a single share must be uniform and independent of the secret: split two fixed, opposite
     * secrets many times and test share 1's bytes for uniformity (each secret) and for equal distributions
     * (both). A share that leaked the secret (a threshold of 1, a reused random polynomial, the value
     * in clear) fails by orders of magnitude.
     */
    @Test
    void oneShareOfTwoIsUniformWhateverTheSecret() {
        long[] zeros = shareByteCounts(new byte[48], 2, 3, seeded(5), 1);
        byte[] ones = new byte[48];
        Arrays.fill(ones, (byte) 0xff);
        long[] fs = shareByteCounts(ones, 2, 3, seeded(6), 1);
        assertThat(chiSquareUniform(zeros)).isLessThan(CRITICAL_255);
        assertThat(chiSquareUniform(fs)).isLessThan(CRITICAL_255);
        assertThat(chiSquareHomogeneity(zeros, fs)).isLessThan(CRITICAL_255);
    }

    /** With k = 3 two shares together must still be uniform: the joint (high nibble, high nibble) in 256 cells. */
    @Test
    void twoSharesOfThreeAreJointlyUniform() {
        byte[] secret = new byte[48];
        Arrays.fill(secret, (byte) 0x5a);
        SecureRandom random = seeded(7);
        long[] cells = new long[256];
        for (int round = 0; round < 2000; round++) {
            List<Share> shares = Shares.split(secret, 3, 5, random);
            byte[] a = shares.get(0).bytes();
            byte[] b = shares.get(3).bytes();
            for (int j = 0; j < a.length; j++) {
                cells[(a[j] & 0xf0) | ((b[j] & 0xf0) >>> 4)]++;
            }
        }
        assertThat(chiSquareUniform(cells)).isLessThan(CRITICAL_255);
    }

    /** The same test can see a leak: with k = 1 the "share" is the value itself. */
    @Test
    void theUniformityTestRejectsAThresholdOfOne() {
        long[] counts = shareByteCounts(new byte[48], 1, 3, seeded(8), 1);
        assertThat(chiSquareUniform(counts)).isGreaterThan(CRITICAL_255);
    }

    private static long[] shareByteCounts(byte[] secret, int k, int n, SecureRandom random, int index) {
        long[] counts = new long[256];
        for (int round = 0; round < 2000; round++) {
            for (byte b : Shares.split(secret, k, n, random).get(index - 1).bytes()) {
                counts[b & 0xff]++;
            }
        }
        return counts;
    }

    private static double chiSquareUniform(long[] counts) {
        double total = Arrays.stream(counts).sum();
        double expected = total / counts.length;
        double chi = 0;
        for (long c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        return chi;
    }

    private static double chiSquareHomogeneity(long[] a, long[] b) {
        double totalA = Arrays.stream(a).sum();
        double totalB = Arrays.stream(b).sum();
        double chi = 0;
        for (int i = 0; i < a.length; i++) {
            double column = a[i] + b[i];
            double ea = column * totalA / (totalA + totalB);
            double eb = column * totalB / (totalA + totalB);
            chi += (a[i] - ea) * (a[i] - ea) / ea + (b[i] - eb) * (b[i] - eb) / eb;
        }
        return chi;
    }

    static Share flipped(Share share, int bit) {
        byte[] bytes = share.bytes().clone();
        bytes[bit / 8] ^= (byte) (1 << (bit % 8));
        return new Share(share.index(), share.k(), share.n(), bytes);
    }

    static List<List<Share>> subsets(List<Share> shares, int k) {
        List<List<Share>> out = new ArrayList<>();
        collect(shares, k, 0, new ArrayList<>(), out);
        return out;
    }

    private static void collect(List<Share> shares, int k, int from, List<Share> current, List<List<Share>> out) {
        if (current.size() == k) {
            out.add(new ArrayList<>(current));
            return;
        }
        for (int i = from; i < shares.size(); i++) {
            current.add(shares.get(i));
            collect(shares, k, i + 1, current, out);
            current.remove(current.size() - 1);
        }
    }

    static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
