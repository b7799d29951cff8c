package org.maat.jmeter.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadSettingsTest {

    @Test
    void doublingStepsUpToTheMaximumAndEndsOnIt() {
        assertThat(LoadSettings.doubling(64)).containsExactly(1, 2, 4, 8, 16, 32, 64);
        assertThat(LoadSettings.doubling(12)).containsExactly(1, 2, 4, 8, 12);
        assertThat(LoadSettings.doubling(1)).containsExactly(1);
    }

    @Test
    void levelsMustIncreaseAndFitThePlansThreadGroups() {
        assertThatThrownBy(() -> new LoadSettings(10, List.of(2, 2), List.of())).hasMessageContaining("increasing");
        assertThatThrownBy(() -> new LoadSettings(10, List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), List.of()))
                .hasMessageContaining("1 to 10");
        assertThatThrownBy(() -> new LoadSettings(10, List.of(1), List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)))
                .hasMessageContaining("at most 6");
        assertThatThrownBy(() -> new LoadSettings(1, List.of(1), List.of())).hasMessageContaining("2 seconds");
    }

    @Test
    void threadsRampUpOverTheFirstQuarterOfAStep() {
        assertThat(new LoadSettings(20, List.of(1), List.of()).rampUpSeconds()).isEqualTo(5);
        assertThat(new LoadSettings(2, List.of(1), List.of()).rampUpSeconds()).isEqualTo(1);
    }
}
