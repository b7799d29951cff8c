package org.maat.bench.vault;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The stop rule: a step shows a decrease when its median and its fastest run are below the last median. */
class RisingLoadTest {

    @Test
    void aStepWhoseRunsAllFallBelowThePreviousMedianEndsTheCurve() {
        assertThat(RisingLoad.fell(step(100, 110, 120), step(80, 90, 95))).isTrue();
    }

    @Test
    void aLowerMedianWithARunAboveThePreviousMedianIsNoise() {
        assertThat(RisingLoad.fell(step(100, 110, 120), step(60, 90, 130))).isFalse();
        assertThat(RisingLoad.fell(step(100, 110, 120), step(105, 115, 125))).isFalse();
    }

    @Test
    void withOneRunPerStepItIsTutamensRule() {
        assertThat(RisingLoad.fell(step(100), step(99))).isTrue();
        assertThat(RisingLoad.fell(step(100), step(100))).isFalse();
    }

    private static LoadStep step(double... perSecond) {
        return new LoadStep(1, java.util.Arrays.stream(perSecond).boxed().toList(), 0, 0, 0, 0, 0, 0, 0, 0, 0, null);
    }
}
