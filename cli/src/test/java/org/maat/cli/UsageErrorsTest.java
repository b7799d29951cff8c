package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command of the tree {@code bin/maat} runs, given a flag it does not have: exit 2, the error, the
 * nearest flag when there is one, one line pointing to {@code --help}, and never the whole help.
 */
class UsageErrorsTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run maat(List<String> args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    /** Every command (its names after maat) with its CommandLine, maat itself first. */
    private static void all(CommandLine command, List<String> path, List<Command> into) {
        into.add(new Command(path, command));
        command.getSubcommands().forEach((name, sub) -> {
            if (name.equals(sub.getCommandName())) {
                List<String> deeper = new ArrayList<>(path);
                deeper.add(name);
                all(sub, deeper, into);
            }
        });
    }

    private record Command(List<String> path, CommandLine line) {
        String name() {
            return line.getCommandSpec().qualifiedName();
        }
    }

    private static List<Command> commands() {
        List<Command> all = new ArrayList<>();
        all(Main.commandLine(), List.of(), all);
        return all;
    }

    private static void assertShortUsageError(Run run, String name, List<String> args) {
        assertThat(run.exit()).as("exit of maat %s; err: %s", args, run.err()).isEqualTo(2);
        assertThat(run.out()).as("maat %s", args).isEmpty();
        assertThat(run.err()).as("maat %s", args).doesNotContain("Usage:");
        assertThat(run.err().lines().toList()).as("maat %s: %s", args, run.err()).hasSizeLessThanOrEqualTo(3);
        assertThat(run.err().lines().reduce((a, b) -> b).orElse(""))
                .as("maat %s", args).isEqualTo("Run '" + name + " --help' for its options.");
    }

    @TestFactory
    Stream<DynamicTest> anUnknownFlagIsOneErrorAndAPointerToHelpInEveryCommand() {
        List<Command> commands = commands();
        assertThat(commands).hasSizeGreaterThan(40);
        return commands.stream().map(c -> DynamicTest.dynamicTest(c.name() + " --zzzz-nothing", () -> {
            List<String> args = new ArrayList<>(c.path());
            args.add("--zzzz-nothing");
            Run run = maat(args);
            assertShortUsageError(run, c.name(), args);
            assertThat(run.err()).startsWith("Unknown option: '--zzzz-nothing'").doesNotContain("did you mean");
        }));
    }

    /** Each command's first long option other than help and version, mistyped by dropping its third letter. */
    @TestFactory
    Stream<DynamicTest> aMistypedFlagIsNamedWithTheFlagItWasMeantToBeInEveryCommand() {
        return commands().stream().flatMap(c -> firstOwnFlag(c.line()).stream().map(flag -> {
            String typo = "--" + flag.charAt(2) + flag.substring(4); // --data -> --dta
            List<String> args = new ArrayList<>(c.path());
            args.add(typo);
            args.add("x");
            return DynamicTest.dynamicTest(c.name() + " " + typo, () -> {
                Run run = maat(args);
                assertShortUsageError(run, c.name(), args);
                assertThat(run.err()).startsWith("Unknown option: '" + typo + "'")
                        .contains("did you mean " + flag + "?");
            });
        }));
    }

    private static Optional<String> firstOwnFlag(CommandLine line) {
        return line.getCommandSpec().options().stream()
                .filter(o -> !o.usageHelp() && !o.versionHelp())
                .map(OptionSpec::longestName)
                .filter(n -> n.startsWith("--") && n.length() >= 6)
                .filter(n -> UsageErrors.nearest(line.getCommandSpec(), "--" + n.charAt(2) + n.substring(4))
                        .map(n::equals).orElse(false)) // a typo as near to another flag is skipped
                .findFirst();
    }

    @Test
    void searchWithDtaIsAnUnknownFlagNearDataNotAMissingData() {
        List<String> args = List.of("search", "--dta", "data", "--index", "i", "--as", "u1", "fishing");
        Run run = maat(args);
        assertShortUsageError(run, "maat search", args);
        assertThat(run.err()).isEqualTo("Unknown option: '--dta'\ndid you mean --data?\nRun 'maat search --help' for its options.\n"
                .replace("\n", System.lineSeparator()));
    }

    @Test
    void aMissingRequiredFlagIsNamedWithoutTheHelp() {
        List<String> args = List.of("search", "--index", "i", "--as", "u1", "fishing");
        Run run = maat(args);
        assertShortUsageError(run, "maat search", args);
        assertThat(run.err()).startsWith("Missing required option: '--data=DIR'");
    }
}
