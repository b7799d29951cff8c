package org.maat.atrest.cipher.freestyle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine against the authors' reference implementation in C (arun-babu/freestyle @ 4435eae): vectors it
 * produced with its random draws recorded (encryption must match byte for byte when the draws are replayed, and
 * decryption must recover the plaintext), and its own shipped known-ciphertext vectors. See the README beside the
 * resources for how they were made.
 */
class FreestyleReferenceVectorsTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void encryptionReplayingTheReferenceDrawsGivesTheReferenceOutput() throws IOException {
        List<Map<String, String>> vectors = read("reference-vectors.txt");
        assertThat(vectors).hasSize(36);
        for (Map<String, String> v : vectors) {
            String label = v.get("config") + "/" + v.get("plain").length() / 2;
            FreestyleConfig config = config(v);
            byte[] plain = HEX.parseHex(v.get("plain"));
            Replay draws = new Replay(v.get("draws"));
            FreestyleEngine engine = new FreestyleEngine(config);
            byte[] init = new byte[config.initHashes()];
            byte[] hashes = new byte[(plain.length + 63) / 64];
            byte[] cipher = new byte[plain.length];

            engine.initEncrypt(HEX.parseHex(v.get("key")), HEX.parseHex(v.get("iv")), draws, init, 0);
            engine.encrypt(plain, 0, plain.length, cipher, 0, hashes, 0, draws);

            assertThat(draws.remaining()).as(label).isZero();
            assertThat(HEX.formatHex(init)).as(label).isEqualTo(v.get("init"));
            assertThat(HEX.formatHex(hashes)).as(label).isEqualTo(v.get("hashes"));
            assertThat(HEX.formatHex(cipher)).as(label).isEqualTo(v.get("cipher"));
        }
    }

    @Test
    void decryptionOfTheReferenceOutputGivesThePlaintext() throws IOException {
        for (Map<String, String> v : read("reference-vectors.txt")) {
            String label = v.get("config") + "/" + v.get("plain").length() / 2;
            FreestyleEngine engine = new FreestyleEngine(config(v));
            byte[] cipher = HEX.parseHex(v.get("cipher"));
            byte[] plain = new byte[cipher.length];

            assertThat(engine.initDecrypt(HEX.parseHex(v.get("key")), HEX.parseHex(v.get("iv")),
                    HEX.parseHex(v.get("init")), 0)).as(label).isTrue();
            assertThat(engine.decrypt(cipher, 0, cipher.length, plain, 0, HEX.parseHex(v.get("hashes")), 0))
                    .as(label).isTrue();
            assertThat(HEX.formatHex(plain)).as(label).isEqualTo(v.get("plain"));
        }
    }

    @Test
    void theReferencesOwnKnownCiphertextsDecrypt() throws IOException {
        byte[] key = new byte[32];
        byte[] iv = new byte[12];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) i;
        }
        for (int i = 0; i < iv.length; i++) {
            iv[i] = (byte) i;
        }
        List<Map<String, String>> vectors = read("reference-kat.txt");
        assertThat(vectors).hasSize(30);
        FreestyleEngine engine = new FreestyleEngine(new FreestyleConfig(8, 32, 4, 16, 7));
        for (Map<String, String> v : vectors) {
            byte[] cipher = HEX.parseHex(v.get("cipher"));
            byte[] plain = new byte[64];
            assertThat(engine.initDecrypt(key, iv, HEX.parseHex(v.get("init")), 0)).isTrue();
            assertThat(engine.decrypt(cipher, 0, 64, plain, 0, HEX.parseHex(v.get("hashes")), 0)).isTrue();
            assertThat(new String(plain, StandardCharsets.US_ASCII))
                    .isEqualTo("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@");
        }
    }

    @Test
    void theWrongKeyFindsNoPepperForTheReferencesVector() throws IOException {
        Map<String, String> v = read("reference-vectors.txt").get(0);
        byte[] key = HEX.parseHex(v.get("key"));
        key[0] ^= 1;
        assertThat(new FreestyleEngine(config(v)).initDecrypt(key, HEX.parseHex(v.get("iv")),
                HEX.parseHex(v.get("init")), 0)).isFalse();
    }

    private static FreestyleConfig config(Map<String, String> v) {
        return new FreestyleConfig(Integer.parseInt(v.get("min")), Integer.parseInt(v.get("max")),
                Integer.parseInt(v.get("pre")), Integer.parseInt(v.get("pepperbits")),
                Integer.parseInt(v.get("inithashes")));
    }

    private static List<Map<String, String>> read(String resource) throws IOException {
        List<Map<String, String>> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                FreestyleReferenceVectorsTest.class.getResourceAsStream(resource), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                Map<String, String> fields = new HashMap<>();
                String[] parts = line.trim().split(" ");
                int first = 0;
                if (!parts[0].contains("=")) {
                    fields.put("config", parts[0]);
                    first = 1;
                }
                for (int i = first; i < parts.length; i++) {
                    int eq = parts[i].indexOf('=');
                    fields.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
                }
                out.add(fields);
            }
        }
        return out;
    }

    /** The reference's arc4random_uniform draws, handed back in order; a different bound means a different path. */
    private static final class Replay implements RoundSource {
        private final int[] bounds;
        private final int[] values;
        private int next;

        Replay(String draws) {
            String[] items = draws.isEmpty() ? new String[0] : draws.split(",");
            bounds = new int[items.length];
            values = new int[items.length];
            for (int i = 0; i < items.length; i++) {
                String[] bv = items[i].split(":");
                bounds[i] = Integer.parseInt(bv[0]);
                values[i] = Integer.parseInt(bv[1]);
            }
        }

        @Override
        public int below(int bound) {
            assertThat(next).as("draws used").isLessThan(bounds.length);
            assertThat(bound).as("bound of draw " + next).isEqualTo(bounds[next]);
            return values[next++];
        }

        int remaining() {
            return bounds.length - next;
        }
    }
}
