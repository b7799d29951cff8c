package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProgressStyleTest {

    @Test
    void pseudoTerminalsAndConsolesAreTerminalsFilesPipesAndSocketsAreNot() {
        assertThat(ProgressStyle.isTerminalDevice("/dev/pts/3")).isTrue();
        assertThat(ProgressStyle.isTerminalDevice("/dev/tty1")).isTrue();
        assertThat(ProgressStyle.isTerminalDevice("/dev/tty")).isTrue();
        assertThat(ProgressStyle.isTerminalDevice("pipe:[48213]")).isFalse();
        assertThat(ProgressStyle.isTerminalDevice("socket:[1932]")).isFalse();
        assertThat(ProgressStyle.isTerminalDevice("/dev/null")).isFalse();
        assertThat(ProgressStyle.isTerminalDevice("/home/ci/build.log")).isFalse();
    }

    @Test
    void whereStandardErrorPointsDecidesOverTheConsoleCheck() {
        assertThat(ProgressStyle.choose("", "/dev/pts/0", false)).isEqualTo(ProgressStyle.BARS);
        assertThat(ProgressStyle.choose("", "/tmp/out.log", true)).isEqualTo(ProgressStyle.LINES);
        assertThat(ProgressStyle.choose("", null, true)).as("off Linux").isEqualTo(ProgressStyle.BARS);
        assertThat(ProgressStyle.choose("", null, false)).as("off Linux").isEqualTo(ProgressStyle.LINES);
    }

    @Test
    void theOverrideWinsAndAnythingElseIsRefusedByName() {
        assertThat(ProgressStyle.choose("bars", "pipe:[1]", false)).isEqualTo(ProgressStyle.BARS);
        assertThat(ProgressStyle.choose(" LINES ", "/dev/pts/1", true)).isEqualTo(ProgressStyle.LINES);
        assertThatThrownBy(() -> ProgressStyle.choose("fancy", "/dev/pts/1", true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maat.progress / MAAT_PROGRESS must be bars or lines, not 'fancy'");
    }

    @Test
    void aTestRunsStandardErrorIsNoTerminalSoItsLogGetsLines() {
        // What keeps bars out of './mvnw -B verify' logs: the forked test JVM writes to a pipe or a file.
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/self/fd/2")), "Linux /proc");
        assumeTrue(System.getProperty(ProgressStyle.PROPERTY) == null && System.getenv(ProgressStyle.ENVIRONMENT) == null,
                "no override set");

        assertThat(ProgressStyle.forStandardError()).isEqualTo(ProgressStyle.LINES);
    }
}
