package org.maat.encdb.onion;

import java.util.function.DoubleSupplier;

/**
 * Samples the hypergeometric distribution: the number of white balls among {@code draws} balls drawn
 * without replacement from an urn of {@code white} white and {@code black} black balls. This is the
 * sampler Boldyreva et al.'s order-preserving encryption needs ({@link Ope}), for urns of up to
 * 2<sup>63</sup> balls, and it is a pure function of its arguments and of the uniforms it is given, so
 * a keyed coin stream makes it deterministic.
 *
 * <p>The algorithm is Kachitvichyanukul and Schmeiser's H2PE ("Computer generation of hypergeometric
 * random variates", J. Statist. Comput. Simul. 22, 1985), the one Boldyreva's and CryptDB's OPE
 * implementations use: inversion from the lower end when the mode is within 10 of it, otherwise
 * acceptance/rejection from a rectangle around the mode with two exponential tails. It departs from
 * the published routine in one place, for precision: the paper evaluates the acceptance ratio
 * f(y)/f(mode) as a difference of Stirling log-factorials, which in double precision loses every
 * digit once the urn holds 2<sup>40</sup> balls or more (log 2<sup>62</sup>! is near 2<sup>67</sup>,
 * whose ulp is 2<sup>15</sup>). Here each log-factorial difference is formed directly from its
 * (small) offset with {@code log1p}, so the ratio keeps ~1e-7 absolute accuracy at any size; the
 * paper's squeeze bounds are then not needed, since they only approximate that same ratio. All
 * floating point goes through {@link StrictMath} so results are identical on every JVM.
 */
final class Hypergeometric {

    private Hypergeometric() {
    }

    /**
     * One draw: how many of {@code draws} balls are white.
     *
     * @param uniform a source of independent uniforms in the open interval (0, 1)
     */
    static long sample(long white, long black, long draws, DoubleSupplier uniform) {
        if (white < 0 || black < 0 || draws < 0 || draws - white > black) {
            throw new IllegalArgumentException("hypergeometric parameters out of range: white=" + white
                    + " black=" + black + " draws=" + draws);
        }
        // Reduce to the smaller colour (n1) and the smaller of drawn/undrawn (k); undone at the end.
        long n1 = Math.min(white, black);
        long n2 = Math.max(white, black);
        long undrawn = (white - draws) + black; // white + black - draws, without overflowing at 2^63
        long k = Math.min(draws, undrawn);
        long ix = k == 0 || n1 == 0 ? 0 : reduced(n1, n2, k, uniform);
        if (draws >= undrawn) {
            return white > black ? draws - black + ix : white - ix;
        }
        return white > black ? draws - ix : ix;
    }

    /** H2PE for n1 <= n2 and k <= (n1 + n2) / 2, so the support is 0..min(n1, k). */
    private static long reduced(long n1, long n2, long k, DoubleSupplier uniform) {
        double tn = (double) n1 + (double) n2;
        long maxjx = Math.min(n1, k);
        long m = (long) (((double) k + 1) * ((double) n1 + 1) / (tn + 2)); // the mode
        m = Math.min(Math.max(m, 0), maxjx);
        // The envelope needs the exact mode; the double estimate above can be one off at 2^63.
        while (m < maxjx && (double) (n1 - m) * (k - m) > (double) (m + 1) * (n2 - k + m + 1)) {
            m++;
        }
        while (m > 0 && (double) m * (n2 - k + m) > (double) (n1 - m + 1) * (k - m + 1)) {
            m--;
        }
        if (m < 10) {
            return inversion(n1, n2, k, maxjx, uniform);
        }
        double s = StrictMath.sqrt((tn - k) * k / tn * n1 / tn * n2 / (tn - 1));
        long d = (long) (1.5 * s); // half-width of the rectangle, rounded down
        long xl = m - d; // rectangle covers xl .. xr - 1
        long xr = m + d + 1;
        double kl = StrictMath.exp(logRatio(n1, n2, k, m, xl));
        double kr = StrictMath.exp(logRatio(n1, n2, k, m, xr - 1));
        double lamdl = -StrictMath.log((double) xl * (n2 - k + xl) / ((double) (n1 - xl + 1) * (k - xl + 1)));
        double lamdr = -StrictMath.log((double) (n1 - xr + 1) * (k - xr + 1) / ((double) xr * (n2 - k + xr)));
        double p1 = 2.0 * d + 1;
        double p2 = p1 + kl / lamdl;
        double p3 = p2 + kr / lamdr;
        while (true) {
            double u = uniform.getAsDouble() * p3;
            double v = uniform.getAsDouble();
            long ix;
            if (u < p1) {
                ix = xl + (long) u;
            } else if (u <= p2) {
                double x = xl + StrictMath.log(v) / lamdl;
                if (x < 0) {
                    continue;
                }
                ix = (long) x;
                v = v * (u - p1) * lamdl;
            } else {
                double x = xr - StrictMath.log(v) / lamdr;
                if (x > maxjx) {
                    continue;
                }
                ix = (long) x;
                v = v * (u - p2) * lamdr;
            }
            if (ix < 0 || ix > maxjx) {
                continue;
            }
            if (StrictMath.log(v) <= logRatio(n1, n2, k, m, ix)) {
                return ix;
            }
        }
    }

    /** Inversion from 0 upward, for a mode within 10 of the lower end (the paper's HIN). */
    private static long inversion(long n1, long n2, long k, long maxjx, DoubleSupplier uniform) {
        // f(0) = C(n2, k) / C(n1 + n2, k) = [(n2 + n1 - k)! / (n2 - k)!] / [(n2 + n1)! / n2!].
        double logF0 = logFactorialRatio(n2 - k + n1, n2 - k) - logFactorialRatio(n2 + n1, n2);
        double f0 = StrictMath.exp(logF0);
        while (true) {
            double u = uniform.getAsDouble();
            double p = f0;
            long ix = 0;
            while (u > p) {
                u -= p;
                // f(i + 1) / f(i) = (n1 - i)(k - i) / ((i + 1)(n2 - k + i + 1))
                p *= (double) (n1 - ix) * (k - ix) / ((double) (ix + 1) * (n2 - k + ix + 1));
                ix++;
                if (ix > maxjx) {
                    break;
                }
            }
            if (ix <= maxjx) {
                return ix;
            }
            // The cumulative sum fell short of u by rounding: draw again, as the paper does.
        }
    }

    /** ln f(y) - ln f(m) for f(x) proportional to 1 / (x! (n1-x)! (k-x)! (n2-k+x)!). */
    static double logRatio(long n1, long n2, long k, long m, long y) {
        return logFactorialRatio(m, y) + logFactorialRatio(n1 - m, n1 - y)
                + logFactorialRatio(k - m, k - y) + logFactorialRatio(n2 - k + m, n2 - k + y);
    }

    private static final int TABLE = 256;
    private static final double[] LOG_FACTORIAL = new double[TABLE];

    static {
        double sum = 0;
        for (int i = 1; i < TABLE; i++) {
            sum += StrictMath.log(i);
            LOG_FACTORIAL[i] = sum;
        }
    }

    private static final double HALF_LOG_TWO_PI = 0.9189385332046727418;
    /** Below this, log-factorials are small enough to subtract without losing precision. */
    private static final long DIRECT_LIMIT = 1L << 20;

    /** ln(a!) - ln(b!), accurate even when a and b are near 2^63 and close together. */
    static double logFactorialRatio(long a, long b) {
        if (a == b) {
            return 0;
        }
        if (a < b) {
            return -logFactorialRatio(b, a);
        }
        if (b < DIRECT_LIMIT) {
            return logFactorial(a) - logFactorial(b);
        }
        // ln Gamma(x + delta) - ln Gamma(x) with x = b + 1, delta = a - b, from Stirling's series:
        // (x - 1/2) ln(1 + delta/x) + delta ln(x + delta) - delta + (series terms of 1/x).
        double x = (double) b + 1;
        double delta = (double) (a - b);
        double xd = x + delta;
        double main = (x - 0.5) * StrictMath.log1p(delta / x) + delta * StrictMath.log(xd) - delta;
        double series = (1 / xd - 1 / x) / 12 - (1 / (xd * xd * xd) - 1 / (x * x * x)) / 360;
        return main + series;
    }

    /** ln(n!), exact below 256, Stirling's series above (error below 1e-15 relative). */
    static double logFactorial(long n) {
        if (n < TABLE) {
            return LOG_FACTORIAL[(int) n];
        }
        double x = (double) n + 1;
        return (x - 0.5) * StrictMath.log(x) - x + HALF_LOG_TWO_PI + 1 / (12 * x) - 1 / (360 * x * x * x)
                + 1 / (1260 * x * x * x * x * x);
    }
}
