package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bench overload}'s arguments (its measurement is exercised by maat-bench's FrontendOverloadIT). */
class BenchOverloadCommandTest {

    @Test
    void badArgumentsExitWith2() {
        assertThat(new CommandLine(new BenchOverloadCommand()).execute("--clients", "0")).isEqualTo(2);
        assertThat(new CommandLine(new BenchOverloadCommand()).execute("--seconds", "-1")).isEqualTo(2);
        assertThat(new CommandLine(new BenchOverloadCommand()).execute("--topology", "8servers")).isEqualTo(2);
        assertThat(new CommandLine(new BenchOverloadCommand()).execute("--max-concurrent", "0")).isEqualTo(2);
        assertThat(new CommandLine(new BenchOverloadCommand()).execute("--documents", "10")).isEqualTo(2);
    }
}
