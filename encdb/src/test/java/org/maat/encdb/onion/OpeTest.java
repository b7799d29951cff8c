package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class OpeTest {

    private static byte[] key(int seed) {
        byte[] key = new byte[32];
        new Random(seed).nextBytes(key);
        return key;
    }

    private static final Ope WIDE = new Ope(key(1), 48, 63);
    private static final Ope UNCACHED = new Ope(key(1), 48, 63, 0);

    @Property(tries = 300)
    void preservesOrderOverTheWholeDomain(@ForAll @LongRange(max = (1L << 48) - 1) long a,
                                          @ForAll @LongRange(max = (1L << 48) - 1) long b) {
        assertThat(Long.signum(Long.compare(WIDE.encrypt(a), WIDE.encrypt(b)))).isEqualTo(Long.signum(Long.compare(a, b)));
    }

    @Property(tries = 300)
    void preservesOrderOfNeighbours(@ForAll @LongRange(max = (1L << 48) - 2) long a) {
        assertThat(WIDE.encrypt(a)).isLessThan(WIDE.encrypt(a + 1));
    }

    @Property(tries = 300)
    void decryptInvertsEncryptAndCiphertextsFitInBigint(@ForAll @LongRange(max = (1L << 48) - 1) long pt) {
        long ct = UNCACHED.encrypt(pt);
        assertThat(ct).isBetween(0L, Long.MAX_VALUE);
        assertThat(UNCACHED.decrypt(ct)).isEqualTo(pt);
    }

    @Test
    void smallDomainIsMappedInjectivelyAndInOrderAndNothingElseDecrypts() {
        Ope ope = new Ope(key(2), 10, 14);
        long[] cts = LongStream.range(0, 1 << 10).map(ope::encrypt).toArray();
        for (int i = 1; i < cts.length; i++) {
            assertThat(cts[i]).as("ciphertext of %d", i).isGreaterThan(cts[i - 1]);
        }
        assertThat(cts[cts.length - 1]).isLessThan(1 << 14);
        int rejected = 0;
        int next = 0;
        for (long c = 0; c < 1 << 14; c++) {
            if (next < cts.length && cts[next] == c) {
                assertThat(ope.decrypt(c)).isEqualTo(next);
                next++;
            } else {
                long candidate = c;
                assertThatThrownBy(() -> ope.decrypt(candidate)).hasMessageContaining("not an OPE ciphertext");
                rejected++;
            }
        }
        assertThat(rejected).isEqualTo((1 << 14) - (1 << 10));
    }

    @Test
    void sameKeyGivesSameCiphertextsInEveryInstanceAndThread() {
        Ope a = new Ope(key(3), 32, 63);
        long[] expected = LongStream.range(0, 500).map(i -> a.encrypt(i * 7919)).toArray();
        Ope b = new Ope(key(3), 32, 63, 0);
        long[] parallel = LongStream.range(0, 500).parallel().map(i -> b.encrypt(i * 7919)).toArray();

        Ope c = new Ope(key(3), 32, 63, 64); // a tiny cache: constant eviction under contention
        long[] parallelCached = LongStream.range(0, 2000).parallel().map(i -> c.encrypt((i % 500) * 7919)).toArray();

        assertThat(parallel).isEqualTo(expected);
        for (int i = 0; i < parallelCached.length; i++) {
            assertThat(parallelCached[i]).isEqualTo(expected[i % 500]);
        }
        assertThat(new Ope(key(4), 32, 63).encrypt(7919)).isNotEqualTo(a.encrypt(7919));
    }

    /**
     * The definition: under a random key, Ope is a uniformly random strictly increasing function from
     * the domain into the range. For 4 points into 8 there are C(8,4) = 70 such functions; over 4000
     * keys each should appear about 57 times (chi-square with 69 degrees of freedom, p = 0.001).
     */
    @Test
    void isAUniformlyRandomOrderPreservingFunctionOverKeys() {
        Random seeds = new Random(20240601);
        Map<String, Integer> counts = new HashMap<>();
        int keys = 4000;
        for (int i = 0; i < keys; i++) {
            byte[] key = new byte[32];
            seeds.nextBytes(key);
            Ope ope = new Ope(key, 2, 3, 0);
            counts.merge(ope.encrypt(0) + "," + ope.encrypt(1) + "," + ope.encrypt(2) + "," + ope.encrypt(3), 1, Integer::sum);
        }
        assertThat(counts).hasSize(70);
        double expected = keys / 70.0;
        double chiSquare = counts.values().stream().mapToDouble(c -> (c - expected) * (c - expected) / expected).sum();
        assertThat(chiSquare).as("chi-square over 69 degrees of freedom").isLessThan(111.06); // p = 0.001
    }

    @Test
    void rejectsValuesAndParametersOutOfRange() {
        assertThatThrownBy(() -> WIDE.encrypt(1L << 48)).hasMessageContaining("outside [0, 2^48)");
        assertThatThrownBy(() -> WIDE.encrypt(-1)).hasMessageContaining("outside [0, 2^48)");
        assertThatThrownBy(() -> WIDE.decrypt(-5)).hasMessageContaining("outside [0, 2^63)");
        assertThatThrownBy(() -> new Ope(key(1), 49, 63)).hasMessageContaining("plaintextBits must be 1..48");
        assertThatThrownBy(() -> new Ope(key(1), 32, 64)).hasMessageContaining("ciphertextBits must be 32..63");
        assertThatThrownBy(() -> new Ope(key(1), 32, 16)).hasMessageContaining("at least plaintextBits");
    }
}
