package org.maat.disguise.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

class SealedBagsTest {

    record Contents(String disguise, List<String> rows) {
    }

    @Test
    void bagsOfDifferentSizesWithinAClassSealToTheSameLengthAndOpenToWhatWasSealed() {
        PrivateKey key = PrincipalKeys.generate();
        Locator locator = Locator.random();
        Contents small = new Contents("d", List.of("one row"));
        Contents larger = new Contents("d", List.of("x".repeat(3_000), "y".repeat(3_000)));
        byte[] a = SealedBags.seal(key.publicKey(), locator, small);
        byte[] b = SealedBags.seal(key.publicKey(), locator, larger);
        assertThat(a).hasSameSizeAs(b);
        assertThat(SealedBags.open(key, locator, a, Contents.class)).isEqualTo(small);
        assertThat(SealedBags.open(key, locator, b, Contents.class)).isEqualTo(larger);
    }

    @Test
    void paddingRoundsUpToAPowerOfTwoAndNeverLosesAByte() {
        for (int n : new int[] {0, 1, 8_188, 8_189, 20_000, 70_000}) {
            byte[] json = new byte[n];
            java.util.Arrays.fill(json, (byte) 7);
            byte[] padded = SealedBags.pad(json);
            assertThat(Integer.bitCount(padded.length)).isOne();
            assertThat(padded.length).isGreaterThanOrEqualTo(Math.max(SealedBags.SMALLEST_BAG, n + 4));
            assertThat(padded.length).isLessThan(Math.max(2 * SealedBags.SMALLEST_BAG, 2 * (n + 4)));
            assertThat(SealedBags.unpad(padded)).isEqualTo(json);
        }
    }
}
