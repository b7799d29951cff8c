package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BarrettModulusTest {

    @Test
    void reducesProductsExactlyAsModDoes() {
        Random random = new Random(5);
        for (int bits : new int[] {17, 64, 521, 2048, 4096}) {
            BigInteger m = new BigInteger(bits, random).setBit(bits - 1);
            BarrettModulus barrett = new BarrettModulus(m);
            for (int i = 0; i < 200; i++) {
                BigInteger a = new BigInteger(bits, random).mod(m);
                BigInteger b = i == 0 ? m.subtract(BigInteger.ONE) : new BigInteger(bits, random).mod(m);
                BigInteger a2 = i == 0 ? m.subtract(BigInteger.ONE) : a;
                assertThat(barrett.multiply(a2, b)).as("%d bits", bits).isEqualTo(a2.multiply(b).mod(m));
            }
        }
    }
}
