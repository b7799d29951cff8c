package org.maat.cli;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The execution strategy of {@code maat}: a help request is answered; else, when the command to run is
 * {@link ValidatedFirst}, its settings are validated before it runs, so that no writing command starts its work with
 * a setting it would refuse later. Bad usage goes to the usage-error handler, any other refusal to the execution
 * exception handler (one line, exit 2), exactly as when {@code call()} throws it.
 */
final class ValidateThenRun implements IExecutionStrategy {

    private final IExecutionStrategy next;

    ValidateThenRun(IExecutionStrategy next) {
        this.next = next;
    }

    @Override
    public int execute(ParseResult parseResult) {
        Integer help = CommandLine.executeHelpRequest(parseResult);
        if (help != null) {
            return help;
        }
        ParseResult last = parseResult;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        if (last.commandSpec().userObject() instanceof ValidatedFirst command) {
            CommandLine commandLine = last.commandSpec().commandLine();
            try {
                command.validate();
            } catch (ParameterException | CommandLine.ExecutionException e) {
                throw e;
            } catch (Exception e) {
                throw new CommandLine.ExecutionException(commandLine, String.valueOf(e.getMessage()), e);
            }
        }
        return next.execute(parseResult);
    }
}
