package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChanceOccurrencesTest {

    @Test
    void aThreeLetterNameOnceInAMegabyteOfCiphertextIsChanceAndEightTimesIsALeak() {
        byte[] file = new byte[1 << 20];
        new Random(1).nextBytes(file);
        byte[] lex = "Lex".getBytes(StandardCharsets.UTF_8);
        int ceiling = ChanceOccurrences.ceiling(file.length, lex.length);
        assertThat(ceiling).isEqualTo(5); // P(5 or more) = 7.9e-9
        // The unlucky draw that failed CI: the name once, where the random bytes happen to spell it.
        int base = ChanceOccurrences.count(file, lex);
        System.arraycopy(lex, 0, file, 777_777, lex.length);
        assertThat(ChanceOccurrences.count(file, lex)).isEqualTo(base + 1).isLessThan(ceiling);
        // A leaked column writes it once a row: eight rows stand out.
        for (int row = 0; row < 8; row++) {
            System.arraycopy(lex, 0, file, 1000 + row * 5000, lex.length);
        }
        assertThat(ChanceOccurrences.count(file, lex)).isGreaterThanOrEqualTo(ceiling);
    }

    @Test
    void longNeedlesFailOnTheFirstHitAndTheTailMatchesPoisson() {
        assertThat(ChanceOccurrences.ceiling(1 << 20, 6)).isEqualTo(1);
        assertThat(ChanceOccurrences.ceiling(1 << 20, 4)).isEqualTo(3); // P(2 or more) = 3e-8
        assertThat(ChanceOccurrences.ceiling(1 << 20, 5)).isEqualTo(2); // P(1 or more) = 9.5e-7
        assertThat(ChanceOccurrences.ceiling(0, 3)).isEqualTo(1);
        double mean = 0.0625;
        assertThat(ChanceOccurrences.tail(mean, 1)).isCloseTo(1 - Math.exp(-mean), org.assertj.core.data.Offset.offset(1e-15));
        assertThat(ChanceOccurrences.tail(mean, 5)).isCloseTo(Math.exp(-mean) * Math.pow(mean, 5) / 120 * 1.0104,
                org.assertj.core.data.Offset.offset(1e-10));
    }
}
