package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.maat.jmeter.plans.BenchSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchJmeterCommandTest {

    @Test
    void anUnknownPlanIsBadUsageNamingThePlans() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new BenchJmeterCommand()).setErr(new PrintWriter(err)).execute("erp-everything");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("unknown plan 'erp-everything'", "search-mix");
    }

    @Test
    void anUnknownFlagIsBadUsage() {
        int exit = new CommandLine(new BenchJmeterCommand()).setErr(new PrintWriter(new StringWriter()))
                .execute("erp-queries", "--fast");
        assertThat(exit).isEqualTo(2);
    }

    @Test
    void anUnknownBackendIsBadUsage() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new BenchJmeterCommand()).setErr(new PrintWriter(err))
                .execute("erp-queries", "--backends", "oracle", "--war", "x.war");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("unknown backend 'oracle'");
    }

    @Test
    void anUnknownQueryOrPairIsBadUsageBeforeAnythingStarts() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new BenchJmeterCommand()).setErr(new PrintWriter(err))
                .execute("erp-pairs", "--pairs", "Q7+Q16", "--war", "x.war");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("pairs are of Q7-Q15");
    }

    @Test
    void warmUpStepsDefaultToSixOrOneWhenQuickAndMayBeNoneButNotNegative() {
        assertThat(settings("erp-queries").warmUpSteps()).isEqualTo(6);
        assertThat(settings("erp-queries", "--quick").warmUpSteps()).isEqualTo(1);
        assertThat(settings("erp-queries", "--quick", "--warm-up-steps", "0").warmUpSteps()).isZero();
        assertThat(settings("search-mix", "--warm-up-steps", "3").parameters("search-mix")).containsEntry("warmUpSteps", 3);

        StringWriter err = new StringWriter();
        int exit = new CommandLine(new BenchJmeterCommand()).setErr(new PrintWriter(err))
                .execute("erp-queries", "--warm-up-steps", "-1", "--war", "x.war");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("warm-up steps must be 0 or more");
    }

    private static BenchSettings settings(String... args) {
        BenchJmeterCommand command = new BenchJmeterCommand();
        String[] withWar = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--war", "x.war"))
                .toArray(String[]::new);
        new CommandLine(command).parseArgs(withWar);
        return command.settings();
    }
}
