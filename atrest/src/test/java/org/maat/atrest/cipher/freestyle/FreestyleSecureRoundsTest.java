package org.maat.atrest.cipher.freestyle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FreestyleSecureRoundsTest {

    /** Chi-square of 200,000 draws against the uniform distribution, for the bounds Freestyle draws with. */
    @Test
    void drawsAreUniformForEveryBoundFreestyleUses() {
        SecureRounds rounds = new SecureRounds();
        for (int bound : new int[] {1, 16, 20, 25, 256, 1024, 4096}) {
            int draws = 200_000;
            long[] counts = new long[bound];
            for (int i = 0; i < draws; i++) {
                int v = rounds.below(bound);
                assertThat(v).isBetween(0, bound - 1);
                counts[v]++;
            }
            if (bound == 1) {
                continue;
            }
            double expected = (double) draws / bound;
            double chi2 = 0;
            for (long c : counts) {
                chi2 += (c - expected) * (c - expected) / expected;
            }
            // Mean k = bound - 1, sd sqrt(2k): six standard deviations fails about once in 10^9 runs.
            int k = bound - 1;
            assertThat(chi2).as("bound " + bound).isLessThan(k + 6 * Math.sqrt(2.0 * k));
        }
    }
}
