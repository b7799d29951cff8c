package org.maat.cli.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.maat.cli.Main;
import picocli.CommandLine;

/**
 * Adversarial review of the promise "an unknown command is an error (exit 2, did you mean) at every level, with
 * or without --help": every command group of the tree bin/maat builds ({@link Main#commandLine()}), each with
 * the unknown name alone, before and after a help or version option.
 */
class UnknownCommandEverywhereTest {

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

    /** The path (command names after maat) of every command that has subcommands, maat itself first. */
    private static List<List<String>> groups(CommandLine command, List<String> path) {
        List<List<String>> out = new ArrayList<>();
        if (!command.getSubcommands().isEmpty()) {
            out.add(path);
        }
        command.getSubcommands().forEach((name, sub) -> {
            if (name.equals(sub.getCommandName())) { // aliases lead to the same command
                List<String> deeper = new ArrayList<>(path);
                deeper.add(name);
                out.addAll(groups(sub, deeper));
            }
        });
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyGroupRefusesAnUnknownCommandWithExit2WhateverHelpOrVersionOptionComesWithIt() {
        List<List<String>> groups = groups(Main.commandLine(), List.of());
        assertThat(groups).hasSizeGreaterThan(3);
        List<List<String>> tails = List.of(List.of("nosuch"), List.of("nosuch", "--help"), List.of("--help", "nosuch"),
                List.of("nosuch", "-h"), List.of("nosuch", "--version"), List.of("-V", "nosuch"));
        return groups.stream().flatMap(group -> tails.stream().map(tail -> {
            List<String> args = new ArrayList<>(group);
            args.addAll(tail);
            return DynamicTest.dynamicTest("maat " + String.join(" ", args), () -> {
                Run run = maat(args);
                assertThat(run.exit()).as("exit of maat %s; err: %s", args, run.err()).isEqualTo(2);
                assertThat(run.err()).as("maat %s", args).startsWith("Unknown command 'nosuch'");
                assertThat(run.out()).as("no usage or version on standard output for maat %s", args).isEmpty();
            });
        }));
    }
}
