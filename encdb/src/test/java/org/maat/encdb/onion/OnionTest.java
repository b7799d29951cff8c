package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OnionTest {

    @Test
    void peelingWalksEachOnionOutermostFirstAndStopsAtTheCore() {
        assertThat(Onion.EQ.layers()).containsExactly(Layer.RND, Layer.DET, Layer.JOIN);
        assertThat(Onion.EQ.below(Layer.RND)).isEqualTo(Layer.DET);
        assertThat(Onion.EQ.below(Layer.DET)).isEqualTo(Layer.JOIN);
        assertThat(Onion.EQ.below(Layer.JOIN)).isEqualTo(Layer.JOIN);
        assertThat(Onion.ORD.below(Layer.RND)).isEqualTo(Layer.OPE);
        assertThat(Onion.ADD.below(Layer.HOM)).isEqualTo(Layer.HOM);
        assertThatThrownBy(() -> Onion.ORD.below(Layer.DET)).hasMessageContaining("not part of onion ORD");
    }

    @Test
    void everyLayerSaysWhatItLeaks() {
        assertThat(Layer.RND.leakage()).contains("length");
        assertThat(Layer.DET.leakage()).contains("equal").contains("frequency");
        assertThat(Layer.JOIN.leakage()).contains("join group");
        assertThat(Layer.OPE.leakage()).contains("order").contains("half");
        assertThat(Layer.SEARCH.leakage()).contains("searched");
    }
}
