package org.maat.atrest.cipher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

/**
 * The hand-written ChaCha, Poly1305 and HChaCha20 against published vectors (RFC 8439 appendix A.3's Poly1305
 * edge cases, draft-irtf-cfrg-xchacha's HChaCha20 and XChaCha20-Poly1305 vectors) and against two independent
 * implementations on random inputs: the JDK's ChaCha20-Poly1305 (SunJCE) and Bouncy Castle's {@code ChaChaEngine}
 * with 8, 12 and 20 rounds and its {@code Poly1305}, in RFC 8439's AEAD construction, with the nonces the volume
 * gives the ciphers (four zero bytes, then eight).
 */
class ReferenceCipherTest {

    private static final HexFormat HEX = HexFormat.of();

    private static byte[] poly1305(byte[] key, byte[] message) {
        Poly1305 mac = new Poly1305();
        mac.init(key, 0);
        mac.padded(message, 0, message.length);
        byte[] tag = new byte[16];
        mac.finish(tag, 0);
        return tag;
    }

    /** RFC 8439 appendix A.3, vectors #1 and #5-#11 (the carry and reduction edge cases): key r || s, message, tag. */
    @Test
    void poly1305MatchesRfc8439AppendixA3() {
        String zero = "00000000000000000000000000000000";
        String[][] vectors = {
            {zero + zero, zero + zero + zero + zero, zero},
            {"02000000000000000000000000000000" + zero, "ffffffffffffffffffffffffffffffff",
                "03000000000000000000000000000000"},
            {"02000000000000000000000000000000ffffffffffffffffffffffffffffffff", "02000000000000000000000000000000",
                "03000000000000000000000000000000"},
            {"01000000000000000000000000000000" + zero, "ffffffffffffffffffffffffffffffff"
                + "f0ffffffffffffffffffffffffffffff" + "11000000000000000000000000000000",
                "05000000000000000000000000000000"},
            {"01000000000000000000000000000000" + zero, "ffffffffffffffffffffffffffffffff"
                + "fbfefefefefefefefefefefefefefefe" + "01010101010101010101010101010101", zero},
            {"02000000000000000000000000000000" + zero, "fdffffffffffffffffffffffffffffff",
                "faffffffffffffffffffffffffffffff"},
            {"01000000000000000400000000000000" + zero, "e33594d7505e43b90000000000000000"
                + "3394d7505e4379cd0100000000000000" + zero + "01000000000000000000000000000000",
                "14000000000000005500000000000000"},
            {"01000000000000000400000000000000" + zero, "e33594d7505e43b90000000000000000"
                + "3394d7505e4379cd0100000000000000" + zero, "13000000000000000000000000000000"},
        };
        for (String[] v : vectors) {
            assertThat(HEX.formatHex(poly1305(HEX.parseHex(v[0]), HEX.parseHex(v[1])))).as(v[1]).isEqualTo(v[2]);
        }
    }

    /** Bouncy Castle's Poly1305 on random keys and messages of whole 16-byte blocks (what the AEAD feeds it). */
    @Test
    void poly1305IsBouncyCastles() {
        Random random = new Random(1305);
        org.bouncycastle.crypto.macs.Poly1305 bc = new org.bouncycastle.crypto.macs.Poly1305();
        byte[] expected = new byte[16];
        for (int trial = 0; trial < 8_000; trial++) {
            byte[] key = new byte[32];
            random.nextBytes(key);
            if (trial % 7 == 0) {
                Arrays.fill(key, 0, 16, (byte) 0xff); // r clamped from all ones, a carry-heavy case
            }
            byte[] message = new byte[16 * random.nextInt(12)];
            random.nextBytes(message);
            if (trial % 5 == 0) {
                Arrays.fill(message, (byte) 0xff);
            }
            bc.init(new KeyParameter(key));
            bc.update(message, 0, message.length);
            bc.doFinal(expected, 0);
            assertThat(poly1305(key, message)).isEqualTo(expected);
        }
    }

    /** RFC 8439's AEAD built from Bouncy Castle's ChaChaEngine(rounds) and Poly1305: the construction, rebuilt. */
    private static byte[] bouncyCastleAead(int rounds, byte[] key, byte[] nonce, byte[] aad, byte[] plain) {
        ChaChaEngine engine = new ChaChaEngine(rounds);
        // ChaChaEngine's 64-bit counter is words 12-13 and its 8-byte IV words 14-15: with the nonce's first word
        // zero (as the volume's are), that is RFC 8439's layout.
        engine.init(true, new ParametersWithIV(new KeyParameter(key), Arrays.copyOfRange(nonce, 4, 12)));
        byte[] block0 = new byte[64];
        engine.processBytes(new byte[64], 0, 64, block0, 0);
        byte[] out = new byte[plain.length + 16];
        engine.processBytes(plain, 0, plain.length, out, 0);
        org.bouncycastle.crypto.macs.Poly1305 mac = new org.bouncycastle.crypto.macs.Poly1305();
        mac.init(new KeyParameter(Arrays.copyOf(block0, 32)));
        mac.update(aad, 0, aad.length);
        mac.update(new byte[15], 0, (16 - aad.length % 16) % 16);
        mac.update(out, 0, plain.length);
        mac.update(new byte[15], 0, (16 - plain.length % 16) % 16);
        byte[] lengths = new byte[16];
        java.nio.ByteBuffer.wrap(lengths).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(aad.length)
                .putLong(plain.length);
        mac.update(lengths, 0, 16);
        mac.doFinal(out, plain.length);
        return out;
    }

    @Test
    void everyChaChaIsBouncyCastlesAndChaCha20IsTheJdks() throws Exception {
        Random random = new Random(8439);
        AtRestCipher[] ciphers = {Ciphers.CHACHA8, Ciphers.CHACHA12, Ciphers.CHACHA20};
        int[] rounds = {8, 12, 20};
        Cipher jdk = Cipher.getInstance("ChaCha20-Poly1305");
        for (int trial = 0; trial < 160; trial++) {
            byte[] key = new byte[32];
            byte[] nonce = new byte[12];
            random.nextBytes(key);
            random.nextBytes(nonce);
            Arrays.fill(nonce, 0, 4, (byte) 0);
            byte[] aad = new byte[random.nextInt(60)];
            random.nextBytes(aad);
            byte[] plain = new byte[trial < 130 ? trial : random.nextInt(5000)];
            random.nextBytes(plain);
            for (int c = 0; c < ciphers.length; c++) {
                byte[] sealed = new byte[plain.length + 16];
                ciphers[c].seal(key, nonce, aad, plain, 0, plain.length, sealed, 0);
                assertThat(sealed).as(ciphers[c] + " trial " + trial)
                        .isEqualTo(bouncyCastleAead(rounds[c], key, nonce, aad, plain));
                byte[] opened = new byte[plain.length];
                ciphers[c].open(key, nonce, aad, sealed, 0, sealed.length, opened, 0);
                assertThat(opened).isEqualTo(plain);
            }
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
            jdk.updateAAD(aad);
            byte[] sealed = new byte[plain.length + 16];
            Ciphers.CHACHA20.seal(key, nonce, aad, plain, 0, plain.length, sealed, 0);
            assertThat(sealed).isEqualTo(jdk.doFinal(plain));
        }
    }

    /** draft-irtf-cfrg-xchacha-03, section 2.2.1. */
    @Test
    void hchacha20MatchesTheDraftsVector() {
        byte[] key = HEX.parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        byte[] nonce = HEX.parseHex("000000090000004a0000000031415927");
        byte[] subkey = new byte[32];
        HChaCha20.subkey(key, nonce, 0, subkey);
        assertThat(HEX.formatHex(subkey)).isEqualTo("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc");
    }

    /**
     * draft-irtf-cfrg-xchacha-03, appendix A.3.1: XChaCha20-Poly1305 as the volume runs it, ChaCha20-Poly1305
     * under HChaCha20(key, nonce[0, 16)) with the nonce 0^4 || nonce[16, 24).
     */
    @Test
    void xchacha20Poly1305MatchesTheDraftsVector() throws Exception {
        byte[] key = HEX.parseHex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
        byte[] iv = HEX.parseHex("404142434445464748494a4b4c4d4e4f5051525354555657");
        byte[] aad = HEX.parseHex("50515253c0c1c2c3c4c5c6c7");
        byte[] plain = ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future,"
                + " sunscreen would be it.").getBytes(StandardCharsets.US_ASCII);
        byte[] subkey = new byte[32];
        HChaCha20.subkey(key, iv, 0, subkey);
        byte[] nonce = new byte[12];
        System.arraycopy(iv, 16, nonce, 4, 8);
        byte[] sealed = new byte[plain.length + 16];
        Ciphers.CHACHA20.seal(subkey, nonce, aad, plain, 0, plain.length, sealed, 0);
        assertThat(HEX.formatHex(sealed, 0, plain.length)).isEqualTo(
                "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
                + "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
                + "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
                + "21f9664c97637da9768812f615c68b13b52e");
        assertThat(HEX.formatHex(sealed, plain.length, sealed.length)).isEqualTo("c0875924c1c7987947deafd8780acf49");
    }
}
