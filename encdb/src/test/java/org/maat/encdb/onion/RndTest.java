package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class RndTest {

    private final Rnd rnd = new Rnd(new byte[32]);

    @Property
    void decryptInvertsEncryptAndKeepsTheLength(@ForAll @Size(max = 200) byte[] plaintext) {
        byte[] iv = Rnd.newIv();
        byte[] ct = rnd.encrypt(plaintext, iv);

        assertThat(ct).hasSameSizeAs(plaintext);
        assertThat(rnd.decrypt(ct, iv)).isEqualTo(plaintext);
    }

    @Test
    void equalPlaintextsUnderFreshIvsGiveDifferentCiphertexts() {
        byte[] pt = "Steven".getBytes();
        assertThat(rnd.encrypt(pt, Rnd.newIv())).isNotEqualTo(rnd.encrypt(pt, Rnd.newIv()));
    }

    @Test
    void anotherKeyDoesNotDecrypt() {
        byte[] iv = Rnd.newIv();
        byte[] ct = rnd.encrypt("24000".getBytes(), iv);
        byte[] otherKey = new byte[32];
        otherKey[0] = 1;
        assertThat(new Rnd(otherKey).decrypt(ct, iv)).isNotEqualTo("24000".getBytes());
    }

    @Test
    void isSafeToShareAcrossThreads() {
        byte[][] ivs = IntStream.range(0, 2000).mapToObj(i -> Rnd.newIv()).toArray(byte[][]::new);
        boolean allRoundTrip = IntStream.range(0, 2000).parallel().allMatch(i -> {
            byte[] pt = ("row " + i).getBytes();
            return java.util.Arrays.equals(rnd.decrypt(rnd.encrypt(pt, ivs[i]), ivs[i]), pt);
        });
        assertThat(allRoundTrip).isTrue();
    }

    @Test
    void rejectsBadKeysAndIvs() {
        assertThatThrownBy(() -> new Rnd(new byte[16])).hasMessageContaining("32 bytes, got 16");
        assertThatThrownBy(() -> rnd.encrypt(new byte[1], new byte[8])).hasMessageContaining("16 bytes, got 8");
    }
}
