package org.maat.cli.options;

import picocli.CommandLine.Option;

/** {@code --quiet}: no progress bar on standard error. */
public final class QuietOption {

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    public boolean quiet() {
        return quiet;
    }
}
