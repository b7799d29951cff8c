package org.maat.cli.options;

import picocli.CommandLine.Option;

/** {@code --no-policy} of the indexing commands: build the index with plain Lucene, no monitor and no labels. */
public final class PlainLuceneOption {

    @Option(names = "--no-policy", description = "Plain Lucene, no monitor and no labels (the overhead baseline).")
    boolean noPolicy;

    /** True unless {@code --no-policy}: the index is built under the monitor. */
    public boolean monitored() {
        return !noPolicy;
    }
}
