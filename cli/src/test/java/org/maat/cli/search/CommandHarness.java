package org.maat.cli.search;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Runs a picocli command in a test the way the {@code maat} launcher runs it: output and errors
 * captured, and an exception the command throws printed as its message with exit code 2. Shared
 * by the command tests of core and of the modules above it (core's test-jar).
 */
public final class CommandHarness {

    private CommandHarness() {
    }

    /** Runs {@code command} with {@code args}, appending its output to {@code out} and errors to {@code err}. */
    public static int run(Object command, StringWriter out, StringWriter err, String... args) {
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println(ex.getMessage());
            return 2;
        });
        return cl.execute(args);
    }
}
