package org.maat.bench.disguise;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * What {@code maat bench disguise} refuses before it builds anything. A whole run at tiny sizes (every part
 * against real H2 files and real disguises, a figure in every cell of the report) is the cli module's
 * {@code BenchDisguiseCommandIT}, through the command: the suite runs the benchmark end to end once.
 */
class DisguiseBenchmarkTest {

    @Test
    void tooFewUsersForTheRunsIsRefusedBeforeAnythingIsBuilt() {
        DisguiseBenchmark.Options small = new DisguiseBenchmark.Options(20, 2, 2, 120, 40, 200, 2, 2, 0.1, 0.5, 5, 0, 20, 7, 100);
        assertThatThrownBy(() -> new DisguiseBenchmark(small, line -> { }).run("test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--users");
    }

    @Test
    void tooFewSearchUsersForTheRunsIsRefusedBeforeAnythingIsBuilt() {
        DisguiseBenchmark.Options small = new DisguiseBenchmark.Options(60, 2, 2, 120, 10, 200, 2, 2, 0.1, 0.5, 5, 0, 20, 7,
                100);
        assertThatThrownBy(() -> new DisguiseBenchmark(small, line -> { }).run("test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--search-users");
    }
}
