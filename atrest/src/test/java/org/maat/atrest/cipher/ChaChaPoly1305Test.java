package org.maat.atrest.cipher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
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

    /**
     * Known answers for every round count, pinned from the Bouncy Castle ChaChaEngine + Poly1305 implementation this
     * class started as (commit 7d31e8f): blocks already on disk must open after any change of implementation. Covers
     * lengths around the 16-byte Poly1305 and 64-byte ChaCha block edges, associated data of 0, 13 and 16 bytes, and
     * a nonzero generation word.
     */
    @Test
    void everyRoundCountKeepsItsPinnedOutput() throws Exception {
        assertThat(knownAnswer(Ciphers.CHACHA8)).containsExactly(
                "53983fb598b57e82994c1e2d2b0b5b7154b4f266b10fe178a303c8b505c95d01ae144b579f9b4af0d17d51f96e8c7ce3"
                        + "04648328aa8435b549ceedad23cdba8f62a720fd917f3dfe1c7aff18f2034b7ba31f7e67f84bf83c19ae27138c"
                        + "58409f0c92ce530ba6a7c29416678598e2a6421069bc26",
                "8e43b4ecc16a13a9563862bb48b0a7797f4663bbea89f2b3becce0a2b7311959");
        assertThat(knownAnswer(Ciphers.CHACHA12)).containsExactly(
                "d65e233077ca194dc25d3f65fba0fa040e956def26d5c67e05bda86e55030940fff44662e0d99eb99b9c6d64a13353fe"
                        + "369f008fcaf60f36f9de01e6287fec41f15cd8df2de2edced0d5b86e531f3b43c8c02f59ccbd1e894ab9be6ea2"
                        + "4545669de7860ccab3123cbf120195d18f56dc6448b092",
                "43df1cdaa3424aab2010cd688ab0f662c740f428f4c6782966a2f54adeb0db71");
        assertThat(knownAnswer(Ciphers.CHACHA20)).containsExactly(
                "2f5e04e25a2933ad9086d73809a366f7df337d683621bb55193be2d88f79ebb3a9128f97ab45ddd2b9a452375cc3f48e"
                        + "b54637a1ff85040beab6607a4032cd485cc4807f5bd60f5d1ba5e1529d2814d97237038ec14a6d18fcbec178f2"
                        + "b6687a64e91c63f54970ad0c976cc30f4abd4cd66a49f6",
                "65ed05514429b01faef87386da4c7cb5c1455754e02a2aed03a1ad623bbeb503");
    }

    /** The hex of one 100-byte seal, then the SHA-256 of 45 seals of every edge length; each one opens again. */
    private static String[] knownAnswer(AtRestCipher cipher) throws Exception {
        byte[] key = new byte[32];
        for (int i = 0; i < 32; i++) {
            key[i] = (byte) (i * 7 + 1);
        }
        byte[] nonce = HEX.parseHex("050000002a00000000000000");
        byte[] aad13 = new byte[13];
        for (int i = 0; i < 13; i++) {
            aad13[i] = (byte) (0xa0 + i);
        }
        byte[] aad16 = "salt-and-block-h".getBytes(StandardCharsets.US_ASCII);
        byte[] plain = new byte[4096];
        for (int i = 0; i < plain.length; i++) {
            plain[i] = (byte) (i * 31 + i / 256);
        }
        byte[] out = new byte[4200];
        int n = cipher.seal(key, nonce, aad13, plain, 0, 100, out, 0);
        String first = HEX.formatHex(out, 0, n);
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] opened = new byte[4096];
        for (int length : new int[] {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 1000, 4095, 4096}) {
            for (byte[] aad : new byte[][] {new byte[0], aad13, aad16}) {
                nonce[11] = (byte) length;
                nonce[0] = (byte) aad.length;
                int m = cipher.seal(key, nonce, aad, plain, 0, length, out, 0);
                digest.update(out, 0, m);
                assertThat(cipher.open(key, nonce, aad, out, 0, m, opened, 0)).isEqualTo(length);
                assertThat(java.util.Arrays.equals(opened, 0, length, plain, 0, length)).isTrue();
            }
        }
        return new String[] {first, HEX.formatHex(digest.digest())};
    }

    /** An independent implementation: the JDK's own ChaCha20-Poly1305 (SunJCE), with our nonce as the IETF nonce. */
    @Test
    void chacha20IsTheJdksChaCha20Poly1305() throws Exception {
        java.util.Random random = new java.util.Random(16);
        for (int trial = 0; trial < 200; trial++) {
            byte[] key = new byte[32];
            byte[] nonce = new byte[12];
            random.nextBytes(key);
            random.nextBytes(nonce);
            nonce[3] = 0;
            nonce[2] &= 0x01; // the generation word stays below 2^25, as the volume's does
            byte[] aad = new byte[random.nextInt(40)];
            random.nextBytes(aad);
            int offset = random.nextInt(8);
            byte[] plain = new byte[offset + (trial < 100 ? trial : random.nextInt(5000))];
            random.nextBytes(plain);
            int length = plain.length - offset;
            byte[] sealed = new byte[length + 16 + 3];
            int n = Ciphers.CHACHA20.seal(key, nonce, aad, plain, offset, length, sealed, 3);

            Cipher jdk = Cipher.getInstance("ChaCha20-Poly1305");
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
            jdk.updateAAD(aad);
            byte[] expected = jdk.doFinal(plain, offset, length);
            assertThat(java.util.Arrays.copyOfRange(sealed, 3, 3 + n)).isEqualTo(expected);
        }
    }
}
