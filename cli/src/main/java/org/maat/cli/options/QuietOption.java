package org.maat.cli.options;

import picocli.CommandLine.Option;

/** {@code --quiet}: no progress on standard error, neither bars nor phase lines. */
public final class QuietOption {

    @Option(names = "--quiet", description = "No progress on standard error (neither bars nor one line per phase).")
    boolean quiet;

    public boolean quiet() {
        return quiet;
    }
}
