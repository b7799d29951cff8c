package org.maat.cli.options;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --batch ROWS} of the ERP commands that write a database: rows per JDBC batch and commit. */
public final class BatchOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "1000",
            description = "Rows per JDBC batch and commit (default: ${DEFAULT-VALUE}).")
    int batch;

    /** The rows per batch; bad usage (exit 2) when not positive. */
    public int rows() {
        if (batch < 1) {
            throw new ParameterException(mixee.commandLine(), "--batch must be at least 1");
        }
        return batch;
    }
}
