package org.maat.core.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The manifest keeps its employees in one order whatever order it is given them in. */
class ManifestEmployeeOrderTest {

    private static Manifest withEmployees(List<String> employees) {
        return new Manifest("c", 0, 0, 1, 0, "0/0/0", false, 0, List.of("r0"), "r0", 0, employees, 0, 1);
    }

    @Test
    void numbersInIdsCompareByValue() {
        assertThat(withEmployees(List.of("e10", "e2", "e1", "e0", "e11", "e9")).employees())
                .containsExactly("e0", "e1", "e2", "e9", "e10", "e11");
    }

    @Test
    void anyPermutationGivesTheSameListAndTheJsonRoundTripKeepsIt() {
        Random random = new Random(11);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ids.add(randomId(random));
        }
        List<String> first = withEmployees(ids).employees();
        for (int k = 0; k < 50; k++) {
            Collections.shuffle(ids, random);
            Manifest m = withEmployees(ids);
            assertThat(m.employees()).isEqualTo(first);
            assertThat(Manifest.read(m.toJson())).isEqualTo(m);
            assertThat(m.withEmployees(ids)).isEqualTo(m);
        }
    }

    @Test
    void theOrderIsATotalOrder() {
        Random random = new Random(5);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            ids.add(randomId(random));
        }
        for (String a : ids) {
            assertThat(Manifest.EMPLOYEE_ORDER.compare(a, a)).isZero();
            for (String b : ids) {
                int ab = Integer.signum(Manifest.EMPLOYEE_ORDER.compare(a, b));
                assertThat(ab).isEqualTo(-Integer.signum(Manifest.EMPLOYEE_ORDER.compare(b, a)));
                assertThat(ab == 0).isEqualTo(a.equals(b));
                for (String c : ids) {
                    if (ab < 0 && Manifest.EMPLOYEE_ORDER.compare(b, c) < 0) {
                        assertThat(Manifest.EMPLOYEE_ORDER.compare(a, c)).as(a + " < " + b + " < " + c).isNegative();
                    }
                }
            }
        }
    }

    /** Ids mixing letters, punctuation, leading zeros and a non-ASCII digit. */
    private static String randomId(Random random) {
        String alphabet = "e0e1902:a!\u0661";
        StringBuilder b = new StringBuilder();
        int n = 1 + random.nextInt(5);
        for (int i = 0; i < n; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}
