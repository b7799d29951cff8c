package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
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
}
