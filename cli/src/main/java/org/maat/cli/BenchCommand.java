package org.maat.cli;

import org.maat.cli.bench.BenchAtRestCommand;
import org.maat.cli.bench.BenchDisguiseCommand;
import org.maat.cli.bench.BenchErpCommand;
import org.maat.cli.bench.BenchIndexCommand;
import org.maat.cli.bench.BenchJmeterCommand;
import org.maat.cli.bench.BenchJmhCommand;
import org.maat.cli.bench.BenchOverloadCommand;
import org.maat.cli.bench.BenchSearchCommand;
import org.maat.cli.bench.BenchFuzzCommand;
import org.maat.cli.bench.BenchTpchCommand;
import org.maat.cli.bench.BenchServeCommand;
import org.maat.cli.bench.BenchVaultCommand;
import org.maat.cli.bench.JmeterReportCommand;
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
                BenchOverloadCommand.class, BenchVaultCommand.class, BenchDisguiseCommand.class, BenchAtRestCommand.class, BenchTpchCommand.class, BenchFuzzCommand.class,
                BenchJmhCommand.class, BenchJmeterCommand.class, JmeterReportCommand.class})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
