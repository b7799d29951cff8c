package org.maat.atrest.cipher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ChaChaPoly1305Test {

    private static final HexFormat HEX = HexFormat.of();

    /** RFC 8439, section 2.8.2: the AEAD_CHACHA20_POLY1305 test vector. */
    @Test
    void chacha20IsRfc8439() throws Exception {
        byte[] key = HEX.parseHex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
        byte[] nonce = HEX.parseHex("070000004041424344454647");
        byte[] aad = HEX.parseHex("50515253c0c1c2c3c4c5c6c7");
        byte[] plain = ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future,"
                + " sunscreen would be it.").getBytes(StandardCharsets.US_ASCII);
        byte[] sealed = new byte[Ciphers.CHACHA20.sealedLength(plain.length)];
        int n = Ciphers.CHACHA20.seal(key, nonce, aad, plain, 0, plain.length, sealed, 0);

        assertThat(n).isEqualTo(plain.length + 16);
        assertThat(HEX.formatHex(sealed, 0, 16)).isEqualTo("d31a8d34648e60db7b86afbc53ef7ec2");
        assertThat(HEX.formatHex(sealed, plain.length, n)).isEqualTo("1ae10b594f09e26a7e902ecbd0600691");
        byte[] opened = new byte[plain.length];
        assertThat(Ciphers.CHACHA20.open(key, nonce, aad, sealed, 0, n, opened, 0)).isEqualTo(plain.length);
        assertThat(opened).isEqualTo(plain);
    }

    @Test
    void everyFlippedBitIsRefused() {
        byte[] key = new byte[32];
        byte[] nonce = new byte[12];
        byte[] aad = "file-7/block-3".getBytes(StandardCharsets.US_ASCII);
        byte[] plain = new byte[100];
        for (AtRestCipher cipher : new AtRestCipher[] {Ciphers.CHACHA8, Ciphers.CHACHA12, Ciphers.CHACHA20}) {
            byte[] sealed = new byte[cipher.sealedLength(plain.length)];
            int n = cipher.seal(key, nonce, aad, plain, 0, plain.length, sealed, 0);
            for (int bit = 0; bit < n * 8; bit += 7) {
                byte[] bad = sealed.clone();
                bad[bit / 8] ^= (byte) (1 << (bit % 8));
                assertThatThrownBy(() -> cipher.open(key, nonce, aad, bad, 0, n, new byte[n], 0))
                        .isInstanceOf(BlockAuthenticationException.class);
            }
            byte[] otherNonce = nonce.clone();
            otherNonce[11] = 1;
            assertThatThrownBy(() -> cipher.open(key, otherNonce, aad, sealed, 0, n, new byte[n], 0))
                    .isInstanceOf(BlockAuthenticationException.class);
        }
    }

    @Test
    void roundCountsGiveDifferentKeystreams() {
        byte[] key = new byte[32];
        byte[] nonce = new byte[12];
        byte[] plain = new byte[64];
        byte[] a = new byte[80];
        byte[] b = new byte[80];
        Ciphers.CHACHA8.seal(key, nonce, new byte[0], plain, 0, 64, a, 0);
        Ciphers.CHACHA20.seal(key, nonce, new byte[0], plain, 0, 64, b, 0);
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void generationsInTheNonceGiveDifferentKeystreams() {
        byte[] key = new byte[32];
        byte[] g0 = new byte[12];
        byte[] g1 = new byte[12];
        g1[0] = 1;
        byte[] a = new byte[80];
        byte[] b = new byte[80];
        Ciphers.CHACHA12.seal(key, g0, new byte[0], new byte[64], 0, 64, a, 0);
        Ciphers.CHACHA12.seal(key, g1, new byte[0], new byte[64], 0, 64, b, 0);
        assertThat(a).isNotEqualTo(b);
    }
}
