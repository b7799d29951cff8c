package org.maat.atrest.cipher.freestyle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FreestyleConfigTest {

    @Test
    void theThreeConfigurationsAreSwitchCryptsWithTheReferencesIntervals() {
        assertThat(FreestyleConfig.FAST).isEqualTo(new FreestyleConfig(8, 20, 4, 8, 28));
        assertThat(FreestyleConfig.BALANCED).isEqualTo(new FreestyleConfig(12, 28, 4, 10, 28));
        assertThat(FreestyleConfig.STRONG).isEqualTo(new FreestyleConfig(20, 36, 4, 12, 28));
        assertThat(FreestyleConfig.FAST.hashInterval()).isEqualTo(4);
        assertThat(FreestyleConfig.FAST.roundChoices()).isEqualTo(4);
        assertThat(FreestyleConfig.BALANCED.roundChoices()).isEqualTo(5);
        assertThat(FreestyleConfig.STRONG.roundChoices()).isEqualTo(5);
    }

    @Test
    void theReferencesConstraintsAreEnforced() {
        assertThatThrownBy(() -> new FreestyleConfig(8, 7, 4, 8, 28)).hasMessageContaining("minRounds <= maxRounds");
        assertThatThrownBy(() -> new FreestyleConfig(8, 20, 5, 8, 28)).hasMessageContaining("precomputedRounds");
        assertThatThrownBy(() -> new FreestyleConfig(8, 20, 4, 7, 28)).hasMessageContaining("pepperBits");
        assertThatThrownBy(() -> new FreestyleConfig(8, 20, 4, 8, 6)).hasMessageContaining("initHashes");
        assertThatThrownBy(() -> new FreestyleConfig(8, 20, 4, 8, 57)).hasMessageContaining("initHashes");
    }
}
