package org.maat.policy.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the policy module's commands, run by {@code bin/maat policy ...} and
 * {@code bin/maat demo}. Exit codes follow picocli: 0 success, 2 bad usage; each command documents
 * its others.
 */
@Command(name = "maat",
        mixinStandardHelpOptions = true,
        versionProvider = MaatVersion.class,
        description = "Maat: policy-confined search and compliance on the JVM.",
        subcommands = {PolicyCommand.class, DemoCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command tree with Maat's error handling: messages, never stack traces, for bad input. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("maat " + commandLine.getCommandName() + ": " + message(ex));
            return 2;
        });
        return cl;
    }

    private static String message(Exception ex) {
        return ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
    }
}
