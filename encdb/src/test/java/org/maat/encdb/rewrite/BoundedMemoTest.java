package org.maat.encdb.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BoundedMemoTest {

    @Test
    void aValueInUseSurvivesEveryRotation() {
        BoundedMemo<Integer, String> memo = new BoundedMemo<>(100);
        memo.put(-1, "hot");
        for (int i = 0; i < 10_000; i++) {
            memo.put(i, "cold " + i);
            if (i % 50 == 0) {
                assertThat(memo.get(-1)).isEqualTo("hot");
            }
        }
        assertThat(memo.get(-1)).isEqualTo("hot");
    }

    @Test
    void keepsTheLastGenerationAndForgetsOlderEntries() {
        BoundedMemo<Integer, Integer> memo = new BoundedMemo<>(100);
        for (int i = 0; i < 1_000; i++) {
            memo.put(i, i * 2);
        }
        assertThat(IntStream.range(900, 1_000).allMatch(i -> Integer.valueOf(i * 2).equals(memo.get(i)))).isTrue();
        assertThat(IntStream.range(0, 700).filter(i -> memo.get(i) != null).count()).isZero();
    }

    @Test
    void concurrentUseNeverReturnsAnotherKeysValue() {
        BoundedMemo<Integer, Integer> memo = new BoundedMemo<>(64);
        AtomicInteger wrong = new AtomicInteger();
        IntStream.range(0, 200_000).parallel().forEach(n -> {
            int key = (n * 7919) % 1_000;
            Integer v = memo.get(key);
            if (v == null) {
                memo.put(key, -key);
            } else if (v != -key) {
                wrong.incrementAndGet();
            }
        });
        assertThat(wrong).hasValue(0);
    }
}
