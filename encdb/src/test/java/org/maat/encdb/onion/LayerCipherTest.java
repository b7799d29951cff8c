package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** Every scheme through the one interface of its layer, keyed by a key parameter value object. */
class LayerCipherTest {

    private static KeyParameter key(int length, int fill) {
        byte[] k = new byte[length];
        Arrays.fill(k, (byte) fill);
        return new KeyParameter(k);
    }

    @Test
    void deterministicAndRandomizedRoundTripAndKeyParameterMatchesRawKey() {
        byte[] pt = "Ada Lovelace".getBytes(StandardCharsets.UTF_8);
        LayerCipher.Deterministic det = new Det(key(64, 2));
        assertThat(det.decrypt(det.encrypt(pt))).isEqualTo(pt);
        assertThat(det.encrypt(pt)).isEqualTo(new Det(key(64, 2).getKey()).encrypt(pt));

        LayerCipher.Randomized rnd = new Rnd(key(32, 1));
        byte[] iv = Rnd.newIv();
        byte[] other = Rnd.newIv();
        assertThat(rnd.decrypt(rnd.encrypt(pt, iv), iv)).isEqualTo(pt);
        assertThat(rnd.encrypt(pt, iv)).isNotEqualTo(rnd.encrypt(pt, other));
    }

    @Test
    void orderPreservingKeepsOrderAndAdditiveAdds() {
        LayerCipher.OrderPreserving ope = new Ope(key(32, 3), 16, 31);
        assertThat(ope.encrypt(10)).isLessThan(ope.encrypt(11));
        assertThat(ope.decrypt(ope.encrypt(1234))).isEqualTo(1234);

        try (Hom hom = new Hom(Paillier.derive(Paillier.MIN_MODULUS_BITS, key(32, 5).getKey()))) {
            LayerCipher.Additive add = hom;
            byte[] sum = add.add(add.encrypt(40), add.multiply(add.encrypt(1), 2));
            assertThat(add.decrypt(sum)).isEqualTo(BigInteger.valueOf(42));
        }
    }

    @Test
    void searchableFindsOnlyTheTokensWord() {
        LayerCipher.Searchable swp = new Swp(key(32, 4));
        byte[] ct = swp.encrypt(List.of("alpha", "beta"));
        assertThat(Swp.matches(ct, swp.token("beta"))).isTrue();
        assertThat(Swp.matches(ct, swp.token("gamma"))).isFalse();
    }
}
