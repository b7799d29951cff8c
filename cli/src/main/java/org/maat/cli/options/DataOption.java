package org.maat.cli.options;

import java.nio.file.Path;
import org.maat.core.data.DataDir;
import picocli.CommandLine.Option;

/** {@code --data DIR}, required: the data directory {@code maat generate} wrote, for the commands that read one. */
public final class DataOption {

    @Option(names = "--data", required = true, paramLabel = "DIR", description = "Data directory (maat generate).")
    Path data;

    public DataDir dataDir() {
        return DataDir.at(data);
    }
}
