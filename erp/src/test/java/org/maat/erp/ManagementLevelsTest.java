package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ManagementLevelsTest {

    private static final int NONE = ManagementLevels.NONE;

    @Test
    void levelIsTheDepthBelowTheTopEvenWhenManagersHaveHigherIds() {
        int[] ids = {1, 2, 3, 4, 5};
        int[] managers = {5, 1, NONE, 2, 3};
        assertThat(ManagementLevels.of(ids, managers)).containsExactly(2, 3, 0, 4, 1);
    }

    @Test
    void aLoopIsReported() {
        assertThatThrownBy(() -> ManagementLevels.of(new int[] {1, 2}, new int[] {2, 1}))
                .hasMessageContaining("loops");
    }

    @Test
    void aManagerWhoIsNoEmployeeIsReported() {
        assertThatThrownBy(() -> ManagementLevels.of(new int[] {1, 2}, new int[] {NONE, 9}))
                .hasMessageContaining("manager 9");
    }
}
