package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NotEmpty;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class SwpTest {

    private static byte[] key(int seed) {
        byte[] key = new byte[32];
        new Random(seed).nextBytes(key);
        return key;
    }

    private final Swp swp = new Swp(key(1));

    /** Over a 3-letter alphabet queries often hit and often miss. */
    @Property(tries = 500)
    void matchesExactlyTheWordsPresent(
            @ForAll @Size(max = 8) Set<@StringLength(min = 1, max = 2) @AlphaChars String> words,
            @ForAll @StringLength(min = 1, max = 2) @AlphaChars String query) {
        byte[] ct = swp.encrypt(words);
        assertThat(ct).hasSize(words.size() * Swp.X_LENGTH);
        assertThat(Swp.matches(ct, swp.token(query))).isEqualTo(words.contains(query));
        for (String w : words) {
            assertThat(Swp.matches(ct, swp.token(w))).as("word %s", w).isTrue();
        }
    }

    @Property(tries = 200)
    void everySubstringPatternOfAPhoneNumberIsFound(@ForAll @NotEmpty @StringLength(max = 14) String text) {
        SubstringSplitter grams = new SubstringSplitter(3, 5);
        byte[] ct = swp.encrypt(grams.words(text));
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        for (int len = 3; len <= 5; len++) {
            for (int i = 0; i + len <= lower.length(); i++) {
                assertThat(Swp.matches(ct, swp.token(lower.substring(i, i + len)))).isTrue();
            }
        }
    }

    /** Recent words' keyed AES is shared by every thread that encrypts: each thread's ciphertexts must match. */
    @Test
    void ciphertextsWrittenOnManyThreadsAllMatch() throws Exception {
        Swp shared = new Swp(key(7));
        SubstringSplitter grams = new SubstringSplitter(3, 5);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    Random rnd = new Random(seed);
                    for (int i = 0; i < 300; i++) {
                        String phone = "515." + (100 + rnd.nextInt(20)) + "." + (4000 + rnd.nextInt(50));
                        byte[] ct = shared.encrypt(grams.words(phone));
                        for (String gram : grams.words(phone)) {
                            if (!Swp.matches(ct, shared.token(gram))) {
                                return false;
                            }
                        }
                        if (Swp.matches(ct, shared.token("999"))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (java.util.concurrent.Future<Boolean> r : results) {
                assertThat(r.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void equalWordsInDifferentRowsAreUnlinkableUntilSearched() {
        byte[] a = swp.encrypt(List.of("steven"));
        byte[] b = swp.encrypt(List.of("steven"));
        assertThat(a).isNotEqualTo(b);
        assertThat(Swp.matches(a, swp.token("steven"))).isTrue();
        assertThat(Swp.matches(b, swp.token("steven"))).isTrue();
    }

    @Test
    void aWordsBlockPositionDoesNotFollowItsPlaceInTheText() {
        byte[] token = swp.token("first");
        Set<Integer> positions = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            byte[] ct = swp.encrypt(List.of("first", "second", "third", "fourth"));
            for (int block = 0; block < 4; block++) {
                byte[] one = Arrays.copyOfRange(ct, block * Swp.X_LENGTH, (block + 1) * Swp.X_LENGTH);
                if (Swp.matches(one, token)) {
                    positions.add(block);
                }
            }
        }
        assertThat(positions).containsExactlyInAnyOrder(0, 1, 2, 3);
    }

    @Test
    void tokensAreDeterministicPerKeyAndUselessUnderAnotherKey() {
        assertThat(swp.token("king")).isEqualTo(new Swp(key(1)).token("king")).hasSize(Swp.TOKEN_LENGTH);
        assertThat(swp.token("king")).isNotEqualTo(swp.token("kochhar"));
        byte[] ct = swp.encrypt(List.of("king"));
        assertThat(Swp.matches(ct, new Swp(key(2)).token("king"))).isFalse();
    }

    /** 64-bit checks: a false positive in 200k comparisons would mean a broken check, not bad luck. */
    @Test
    void unrelatedWordsNeverMatchByChance() {
        byte[] ct = swp.encrypt(java.util.stream.IntStream.range(0, 1000).mapToObj(i -> "w" + i).toList());
        for (int q = 0; q < 200; q++) {
            assertThat(Swp.matches(ct, swp.token("q" + q))).isFalse();
        }
    }

    @Test
    void rejectsMalformedInput() {
        assertThatThrownBy(() -> Swp.matches(new byte[24], new byte[5])).hasMessageContaining("token must be 56 bytes");
        assertThatThrownBy(() -> Swp.matches(new byte[25], swp.token("x"))).hasMessageContaining("multiple of 24");
        assertThat(Swp.matches(null, swp.token("x"))).isFalse();
        assertThat(Swp.matches(new byte[0], swp.token("x"))).isFalse();
    }
}
