package org.maat.cli.options;

import java.nio.file.Files;
import java.nio.file.Path;
import org.maat.core.data.DirectoryTree;
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

    /**
     * Runs {@code work} in a fresh directory named for {@code benchmark}: under {@code --dir}, kept for a
     * later look, or a temporary one, deleted afterwards whatever happens.
     */
    public void inWorkDirectory(String benchmark, Work work) throws Exception {
        Path where = dir != null ? Files.createDirectories(dir).resolve(benchmark + "-" + System.currentTimeMillis())
                : Files.createTempDirectory("maat-" + benchmark);
        try {
            work.run(where);
        } finally {
            if (dir == null) {
                DirectoryTree.delete(where);
            }
        }
    }

    /** What a benchmark does in its work directory. */
    @FunctionalInterface
    public interface Work {
        void run(Path directory) throws Exception;
    }
}
