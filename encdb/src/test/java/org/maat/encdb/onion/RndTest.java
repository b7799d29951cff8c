package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
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

    /**
     * Bouncy Castle's CTR (SICBlockCipher), which stored the RND rows written before RND moved to the JDK's
     * AES, is the independent truth: any length (across the 1 KiB chunks RND enciphers counters in), any IV,
     * and IVs whose low {@code carryBytes} bytes are 0xff, so the counter carries far or wraps at 2^128.
     */
    @Property
    void matchesBouncyCastleCtrForAnyLengthAndIv(@ForAll @Size(max = 3000) byte[] plaintext,
            @ForAll @Size(16) byte[] iv, @ForAll @net.jqwik.api.constraints.IntRange(max = 16) int carryBytes) {
        java.util.Arrays.fill(iv, 16 - carryBytes, 16, (byte) 0xff);
        SICBlockCipher bc = new SICBlockCipher(AESEngine.newInstance());
        bc.init(true, new ParametersWithIV(new KeyParameter(new byte[32]), iv));
        byte[] expected = new byte[plaintext.length];
        bc.processBytes(plaintext, 0, plaintext.length, expected, 0);

        assertThat(rnd.encrypt(plaintext, iv)).isEqualTo(expected);
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
