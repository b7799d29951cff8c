package org.maat.cli;

import org.maat.core.cli.BenchSearchCommand;
import org.maat.encdb.cli.BenchErpCommand;
import org.maat.indexer.cli.BenchIndexCommand;
import org.maat.jmeter.cli.BenchJmeterCommand;
import org.maat.jmeter.report.ReportCommand;
import org.maat.jmh.cli.BenchJmhCommand;
import org.maat.server.cli.BenchOverloadCommand;
import org.maat.server.cli.BenchServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code maat bench}: the benchmarks, each measuring Maat against its baseline (plain Lucene, plain
 * H2) side by side in one run and printing the ratios.
 */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measure Maat against its baseline, side by side in one run.",
        subcommands = {BenchIndexCommand.class, BenchSearchCommand.class, BenchErpCommand.class, BenchServeCommand.class,
                BenchOverloadCommand.class,
                BenchJmhCommand.class, BenchJmeterCommand.class, ReportCommand.class})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
