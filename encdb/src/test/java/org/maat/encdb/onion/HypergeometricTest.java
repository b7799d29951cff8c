package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The sampler against the hypergeometric distribution itself, on fixed seeds. */
class HypergeometricTest {

    private static DoubleSupplier uniforms(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return () -> {
            double u;
            do {
                u = random.nextDouble();
            } while (u == 0);
            return u;
        };
    }

    private static BigInteger choose(long n, long k) {
        BigInteger result = BigInteger.ONE;
        for (long i = 0; i < k; i++) {
            result = result.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return result;
    }

    /** Chi-square of sampled counts against the exact pmf, cells with expectation below 5 pooled. */
    private static double chiSquare(long white, long black, long draws, int samples, long seed, int[] degrees) {
        DoubleSupplier u = uniforms(seed);
        int max = (int) Math.min(white, draws);
        long[] counts = new long[max + 1];
        for (int i = 0; i < samples; i++) {
            long x = Hypergeometric.sample(white, black, draws, u);
            assertThat(x).isBetween(Math.max(0, draws - black), (long) max);
            counts[(int) x]++;
        }
        BigDecimal total = new BigDecimal(choose(white + black, draws));
        double chi = 0;
        double pooledExpected = 0;
        long pooledObserved = 0;
        int cells = 0;
        for (int x = 0; x <= max; x++) {
            double p = new BigDecimal(choose(white, x).multiply(choose(black, draws - x)))
                    .divide(total, MathContext.DECIMAL64).doubleValue();
            double expected = p * samples;
            if (expected < 5) {
                pooledExpected += expected;
                pooledObserved += counts[x];
                continue;
            }
            chi += (counts[x] - expected) * (counts[x] - expected) / expected;
            cells++;
        }
        if (pooledExpected > 0) {
            chi += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
            cells++;
        }
        degrees[0] = cells - 1;
        return chi;
    }

    /** Upper 0.001 critical value of chi-square (Wilson-Hilferty), ample for a fixed-seed test. */
    private static double critical(int degrees) {
        double z = 3.090;
        double a = 2.0 / (9 * degrees);
        return degrees * Math.pow(1 - a + z * Math.sqrt(a), 3);
    }

    @Test
    void rejectionBranchMatchesTheExactDistribution() {
        int[] df = new int[1];
        double chi = chiSquare(300, 500, 400, 40_000, 11, df);
        assertThat(chi).as("chi-square, %d df", df[0]).isLessThan(critical(df[0]));
    }

    @Test
    void inversionBranchMatchesTheExactDistribution() {
        int[] df = new int[1];
        double chi = chiSquare(12, 200, 90, 40_000, 12, df);
        assertThat(chi).as("chi-square, %d df", df[0]).isLessThan(critical(df[0]));
    }

    @Test
    void reducedCasesMatchTheExactDistribution() {
        int[] df = new int[1];
        // More white than black, and more drawn than left behind: both symmetries undone.
        double chi = chiSquare(500, 120, 450, 40_000, 13, df);
        assertThat(chi).as("chi-square, %d df", df[0]).isLessThan(critical(df[0]));
    }

    /** At OPE's sizes the exact pmf is out of reach: compare mean and variance with their formulas. */
    @Test
    void hugeUrnHasTheHypergeometricMeanAndVariance() {
        long white = 1L << 40;
        long black = Long.MAX_VALUE - white;
        long draws = (1L << 62);
        double n = (double) white + black;
        double mean = draws * (white / n);
        double variance = draws * (white / n) * (black / n) * ((n - draws) / (n - 1));
        DoubleSupplier u = uniforms(14);
        int samples = 20_000;
        double sum = 0;
        double sumSquares = 0;
        for (int i = 0; i < samples; i++) {
            double d = Hypergeometric.sample(white, black, draws, u) - mean;
            sum += d;
            sumSquares += d * d;
        }
        double sampleMeanOffset = sum / samples;
        double sampleVariance = sumSquares / samples - sampleMeanOffset * sampleMeanOffset;
        assertThat(Math.abs(sampleMeanOffset)).as("mean offset in standard errors")
                .isLessThan(4 * Math.sqrt(variance / samples));
        // The variance of a sample variance is about 2 sigma^4 / n: 4 standard errors is 4%.
        assertThat(sampleVariance / variance).isBetween(0.96, 1.04);
    }

    @Test
    void degenerateUrnsHaveOneOutcome() {
        DoubleSupplier u = uniforms(15);
        assertThat(Hypergeometric.sample(7, 0, 5, u)).isEqualTo(5);
        assertThat(Hypergeometric.sample(0, 9, 5, u)).isEqualTo(0);
        assertThat(Hypergeometric.sample(7, 9, 16, u)).isEqualTo(7);
        assertThat(Hypergeometric.sample(7, 9, 0, u)).isEqualTo(0);
    }

    @Test
    void logFactorialRatioIsAccurateForHugeCloseArguments() {
        // ln((n + 3)! / n!) = ln(n+1) + ln(n+2) + ln(n+3), summed directly as the reference.
        long n = 1L << 61;
        double expected = Math.log(n + 1.0) + Math.log(n + 2.0) + Math.log(n + 3.0);
        assertThat(Hypergeometric.logFactorialRatio(n + 3, n)).isCloseTo(expected, offset(1e-9));
        assertThat(Hypergeometric.logFactorialRatio(10, 7)).isCloseTo(Math.log(720), offset(1e-12));
        assertThat(Hypergeometric.logFactorial(300)).isCloseTo(
                IntStream.rangeClosed(1, 300).mapToDouble(Math::log).sum(), offset(1e-9));
    }
}
