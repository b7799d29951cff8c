package org.maat.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --k --seed --dir} of the HTTP benchmarks: results per search, seed, and where the generated data goes. */
public final class WorkloadOptions {

    @Option(names = "--k", defaultValue = "10", description = "Results per search. Default: ${DEFAULT-VALUE}.")
    int k;

    @Option(names = "--seed", defaultValue = "42", description = "Data and workload seed. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Work directory for the generated data (default: a temporary directory, removed after).")
    Path dir;

    public int k() {
        return k;
    }

    public long seed() {
        return seed;
    }

    /** The work directory given, or null for a temporary one. */
    public Path dir() {
        return dir;
    }
}
