package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Through the whole tree as bin/maat builds it ({@link Main#commandLine()}). */
class UnknownCommandTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run maat(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void anUnknownCommandWithHelpIsAnErrorNotTheTopLevelUsage() {
        Run run = maat("nosuch", "--help");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("Unknown command 'nosuch'").doesNotContain("Unmatched argument");
        assertThat(run.out()).as("no usage on standard output, as if the command existed").isEmpty();
    }

    @Test
    void anUnknownCommandAloneSaysTheSame() {
        Run run = maat("nosuch");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("Unknown command 'nosuch'");
    }

    @Test
    void aCloseNameGetsPicocliSuggestionsAtEveryLevel() {
        Run top = maat("demoo", "--help");
        Run bench = maat("bench", "serch", "--help");
        Run erp = maat("erp", "encrpyt");

        assertThat(top.exit()).isEqualTo(2);
        assertThat(top.err()).startsWith("Unknown command 'demoo'").contains("Did you mean: maat demo");
        assertThat(bench.exit()).isEqualTo(2);
        assertThat(bench.err()).startsWith("Unknown command 'serch'").containsPattern("Did you mean: .*bench search");
        assertThat(erp.exit()).isEqualTo(2);
        assertThat(erp.err()).startsWith("Unknown command 'encrpyt'").containsPattern("Did you mean: .*erp encrypt");
    }

    @Test
    void anUnknownSubcommandWithHelpIsAnErrorToo() {
        Run run = maat("bench", "nosuch", "--help");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("Unknown command 'nosuch'");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void withoutAnyCloseNameTheUsageListsTheCommands() {
        Run run = maat("bench", "qqqqqqqqqqqq");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("Unknown command 'qqqqqqqqqqqq'").doesNotContain("Did you mean")
                .contains("Usage: maat bench", "jmeter-report");
    }

    @Test
    void knownCommandsWithHelpStillPrintTheirUsageAndExitZero() {
        Run top = maat("--help");
        Run bench = maat("bench", "--help");
        Run jmh = maat("bench", "jmh", "--help");

        assertThat(top.exit()).isZero();
        assertThat(top.out()).contains("Usage: maat", "MAAT_PROGRESS");
        assertThat(bench.exit()).isZero();
        assertThat(bench.out()).contains("Usage: maat bench");
        assertThat(jmh.exit()).isZero();
        assertThat(jmh.out()).contains("Usage: maat bench jmh");
    }

    @Test
    void unknownOptionsAndExtraArgumentsKeepPicocliMessagesButHelpNoLongerHidesThem() {
        Run option = maat("bench", "jmh", "--bogus");
        Run optionWithHelp = maat("bench", "jmh", "--bogus", "--help");
        Run extra = maat("policy", "check", "--help", "a.policy");

        assertThat(option.exit()).isEqualTo(2);
        assertThat(option.err()).contains("Unknown option: '--bogus'");
        assertThat(optionWithHelp.exit()).isEqualTo(2);
        assertThat(optionWithHelp.err()).contains("Unknown option: '--bogus'");
        assertThat(optionWithHelp.out()).isEmpty();
        assertThat(extra.exit()).as(extra.err()).isZero();
    }
}
