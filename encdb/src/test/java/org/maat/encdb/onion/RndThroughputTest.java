package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Prints how many 16-byte values per second {@link Rnd} decrypts, the shape of the driver's client-side
 * decryption; times are printed, not asserted (the machine is shared). What it asserts is that every
 * value decrypted back to its plaintext.
 */
class RndThroughputTest {

    private static final int VALUES = 1_000_000;

    @Test
    void decryptsAMillionSixteenByteValuesToTheirPlaintexts() {
        Random random = new Random(17);
        byte[] key = new byte[32];
        random.nextBytes(key);
        Rnd rnd = new Rnd(key);
        byte[][] plain = new byte[VALUES][16];
        byte[][] ivs = new byte[VALUES][16];
        byte[][] cts = new byte[VALUES][];
        for (int i = 0; i < VALUES; i++) {
            random.nextBytes(plain[i]);
            random.nextBytes(ivs[i]);
            cts[i] = rnd.encrypt(plain[i], ivs[i]);
        }

        int wrong = decryptAll(rnd, cts, ivs, plain); // warm-up pass for the JIT
        long nanos = Long.MAX_VALUE;
        for (int pass = 0; pass < 3; pass++) { // the best of three: the machine is shared
            long start = System.nanoTime();
            wrong += decryptAll(rnd, cts, ivs, plain);
            nanos = Math.min(nanos, System.nanoTime() - start);
        }

        System.out.printf("Rnd decrypt, %d x 16 bytes, best of 3: %.0f ms, %.2f M values/s%n",
                VALUES, nanos / 1e6, VALUES / (nanos / 1e9) / 1e6);
        assertThat(wrong).isZero();
    }

    private static int decryptAll(Rnd rnd, byte[][] cts, byte[][] ivs, byte[][] plain) {
        int wrong = 0;
        for (int i = 0; i < cts.length; i++) {
            if (!java.util.Arrays.equals(rnd.decrypt(cts[i], ivs[i]), plain[i])) {
                wrong++;
            }
        }
        return wrong;
    }
}
