package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlaintextSearchTest {

    @TempDir
    Path dir;

    /**
     * The unlucky draw: one salary's 5-byte H2 form spelled by 10 MB of ciphertext (one search in about 1,100
     * before) is chance; the salary column leaked (the forms of many salaries) and a phone number are found.
     */
    @Test
    void oneShortFormInCiphertextIsChanceAndALeakedColumnOrALongValueIsFound() throws Exception {
        byte[] cipher = new byte[10 << 20];
        new Random(3).nextBytes(cipher);
        List<PlaintextSearch.Needle> needles = new ArrayList<>();
        for (int cents = 250_000; cents < 260_000; cents += 100) {
            needles.addAll(PlaintextSearch.salaryBinaryForms(BigDecimal.valueOf(cents, 2)));
        }
        PlaintextSearch.Needle phone = new PlaintextSearch.Needle("phone", "515.123.4567".getBytes(StandardCharsets.UTF_8));
        needles.add(phone);
        List<PlaintextSearch.Needle> h2Forms = needles.stream().filter(n -> n.label().endsWith("(H2 NUMERIC)")).toList();
        assertThat(h2Forms).hasSize(100).allSatisfy(n -> assertThat(n.bytes()).hasSize(5));

        Path file = dir.resolve("enc.mv.db");
        plant(cipher, 4_000_000, h2Forms.get(17));
        Files.write(file, cipher);
        assertThat(PlaintextSearch.present(file, needles)).contains(h2Forms.get(17));
        assertThat(PlaintextSearch.find(file, needles)).isEmpty();

        for (int i = 0; i < 30; i++) {
            plant(cipher, 100_000 * (i + 1), h2Forms.get(i));
        }
        plant(cipher, 9_000_000, phone);
        Files.write(file, cipher);
        assertThat(PlaintextSearch.find(file, needles)).containsAll(h2Forms.subList(0, 30)).contains(phone);
    }

    private static void plant(byte[] file, int at, PlaintextSearch.Needle n) {
        System.arraycopy(n.bytes(), 0, file, at, n.bytes().length);
    }
}
