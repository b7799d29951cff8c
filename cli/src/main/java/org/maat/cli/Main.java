package org.maat.cli;

import org.maat.cli.atrest.AtRestCommand;
import org.maat.cli.disguise.DisguiseCommand;
import org.maat.cli.erp.ErpCommand;
import org.maat.cli.index.IndexCommand;
import org.maat.cli.policy.PolicyCommand;
import org.maat.cli.search.GenerateCommand;
import org.maat.cli.search.SearchCommand;
import org.maat.cli.serve.ServeCommand;
import org.maat.cli.serve.ShardCommand;
import org.maat.cli.vault.VaultCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code maat} command, run by {@code bin/maat}: one picocli tree over the commands each module
 * owns. Exit codes follow picocli: 0 success, 2 bad usage or an error the user can act on; each
 * command documents its others.
 */
@Command(name = "maat",
        mixinStandardHelpOptions = true,
        versionProvider = MaatVersion.class,
        description = "Maat: policy-confined search and compliance on the JVM.",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Run 'maat COMMAND --help' for a command's options.",
            "Run 'bin/maat test' for the test suite (it installs the browser the tests need first).", "",
            "Environment:",
            "  MAAT_LOG_LEVEL   log level on standard error (default: warn; error for demo)",
            "  MAAT_JAVA_OPTS   extra JVM options, e.g. -Xmx4g",
            "  MAAT_PROGRESS    bars or lines: how long jobs show progress on standard error (default: bars",
            "                   when it is a terminal, else one line per phase with its count and duration)"},
        subcommands = {DemoCommand.class, GenerateCommand.class, IndexCommand.class, SearchCommand.class,
            ErpCommand.class, BenchCommand.class, PolicyCommand.class, ServeCommand.class, ShardCommand.class,
            VaultCommand.class, DisguiseCommand.class, AtRestCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command");
    }

    public static void main(String[] args) {
        try {
            ProgressStyle.forStandardError(); // a bad MAAT_PROGRESS is a usage error before any work, not mid-job
        } catch (IllegalArgumentException e) {
            System.err.println("maat: " + e.getMessage());
            System.exit(2);
        }
        int exit;
        try {
            exit = commandLine().execute(args);
        } catch (StackOverflowError e) {
            // picocli hands only Exceptions to the handler: input nested too deep for some parser is a line too
            System.err.println("maat: input nested too deep to process (stack overflow)");
            exit = 1;
        }
        System.exit(exit);
    }

    /**
     * The command tree with Maat's error handling: messages, never stack traces, for bad input; a usage
     * error is the error, the nearest flag and a pointer to {@code --help} ({@link UsageErrors}); a command that
     * writes has its settings validated before it runs ({@link ValidatedFirst}, {@link ValidateThenRun}); an
     * unknown command exits 2 at every level, {@code --help} or not.
     */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler(new UsageErrors());
        cl.setExecutionStrategy(new ValidateThenRun(cl.getExecutionStrategy()));
        UnknownCommand.refuseIn(cl);
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
