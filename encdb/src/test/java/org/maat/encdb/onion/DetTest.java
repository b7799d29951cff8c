package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class DetTest {

    private static final HexFormat HEX = HexFormat.of();

    private static byte[] key64(int seed) {
        byte[] key = new byte[64];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (seed * 31 + i);
        }
        return key;
    }

    private final Det det = new Det(key64(1));

    @Test
    void matchesRfc5297AppendixA1DeterministicExample() {
        Det siv = new Det(HEX.parseHex("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"));
        byte[][] ad = {HEX.parseHex("101112131415161718191a1b1c1d1e1f2021222324252627")};
        byte[] plaintext = HEX.parseHex("112233445566778899aabbccddee");
        String expected = "85632d07c6e8f37f950acd320a2ecc93" + "40c02b9690c4dc04daef7f6afe5c";

        assertThat(HEX.formatHex(siv.encrypt(plaintext, ad))).isEqualTo(expected);
        assertThat(siv.decrypt(HEX.parseHex(expected), ad)).isEqualTo(plaintext);
    }

    @Property
    void decryptInvertsEncrypt(@ForAll @Size(max = 100) byte[] plaintext) {
        byte[] ct = det.encrypt(plaintext);
        assertThat(ct).hasSize(plaintext.length + Det.SIV_LENGTH);
        assertThat(det.decrypt(ct)).isEqualTo(plaintext);
    }

    @Property
    void equalPlaintextsGiveEqualCiphertextsAndDifferentOnesDiffer(
            @ForAll @Size(max = 40) byte[] a, @ForAll @Size(max = 40) byte[] b) {
        assertThat(det.encrypt(a)).isEqualTo(new Det(key64(1)).encrypt(a.clone()));
        if (!java.util.Arrays.equals(a, b)) {
            assertThat(det.encrypt(a)).isNotEqualTo(det.encrypt(b));
        }
    }

    @Test
    void rejectsAlteredCiphertextAndAnotherKey() {
        byte[] ct = det.encrypt("Executive".getBytes());
        byte[] altered = ct.clone();
        altered[altered.length - 1] ^= 1;

        assertThatThrownBy(() -> det.decrypt(altered)).hasMessageContaining("not authentic");
        assertThatThrownBy(() -> new Det(key64(2)).decrypt(ct)).hasMessageContaining("not authentic");
        assertThatThrownBy(() -> det.decrypt(new byte[5])).hasMessageContaining("at least 16 bytes");
        assertThatThrownBy(() -> new Det(new byte[20])).hasMessageContaining("32, 48 or 64 bytes");
    }
}
