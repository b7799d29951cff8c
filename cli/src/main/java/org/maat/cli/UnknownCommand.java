package org.maat.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Makes an unknown command a usage error at every level of the tree, with or without {@code --help}:
 * exit 2, {@code Unknown command 'X'} and picocli's "Did you mean" suggestions (or the usage, which
 * lists the commands, when none is close). Picocli alone lets a help option win over an unmatched
 * argument ({@code maat nosuch --help} printed maat's usage and exited 0, as if the command existed),
 * and calls an unknown command an "Unmatched argument". Other parse errors keep picocli's handling.
 */
final class UnknownCommand implements IExecutionStrategy, IParameterExceptionHandler {

    private final IExecutionStrategy next;
    private final IParameterExceptionHandler others;

    private UnknownCommand(IExecutionStrategy next, IParameterExceptionHandler others) {
        this.next = next;
        this.others = others;
    }

    /** Installs the check on {@code root}, in front of its execution strategy and parse error handler. */
    static void refuseIn(CommandLine root) {
        UnknownCommand check = new UnknownCommand(root.getExecutionStrategy(), root.getParameterExceptionHandler());
        root.setExecutionStrategy(check);
        root.setParameterExceptionHandler(check);
    }

    /** Refuses what picocli parsed but left unmatched because a help option was also given. */
    @Override
    public int execute(ParseResult parsed) throws CommandLine.ExecutionException, ParameterException {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (!level.unmatched().isEmpty()) {
                throw new UnmatchedArgumentException(level.commandSpec().commandLine(), level.unmatched());
            }
        }
        return next.execute(parsed);
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) throws Exception {
        CommandLine command = ex.getCommandLine();
        if (!(ex instanceof UnmatchedArgumentException) || !takesOnlyCommands(command)) {
            return others.handleParseException(ex, args);
        }
        List<String> unmatched = ((UnmatchedArgumentException) ex).getUnmatched();
        if (unmatched.isEmpty() || unmatched.get(0).startsWith("-")) {
            return others.handleParseException(ex, args); // an unknown option: picocli says so already
        }
        PrintWriter err = command.getErr();
        err.println("Unknown command '" + unmatched.get(0) + "'");
        if (!UnmatchedArgumentException.printSuggestions(ex, err)) {
            command.usage(err);
        }
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** A command group: its only positional arguments are its subcommands' names. */
    private static boolean takesOnlyCommands(CommandLine command) {
        return !command.getSubcommands().isEmpty() && command.getCommandSpec().positionalParameters().isEmpty();
    }
}
