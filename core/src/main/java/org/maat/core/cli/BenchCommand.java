package org.maat.core.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maat bench}: the overhead benchmarks of core (indexing, search). */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measure the monitor's overhead against plain Lucene, side by side in one run.",
        subcommands = {BenchIndexCommand.class, BenchSearchCommand.class})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: index or search");
    }
}
