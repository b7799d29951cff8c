package org.maat.cli.options;

import java.nio.file.Path;
import org.maat.server.WarFile;
import picocli.CommandLine.Option;

/** {@code --war FILE}: the front-end WAR to deploy, by default the one the build made ({@link WarFile#locate()}). */
public final class WarOption {

    @Option(names = "--war", paramLabel = "FILE", description = "The front-end WAR (default: the one the build made).")
    Path war;

    /** The file given, or the build's. */
    public Path war() {
        return war != null ? war : WarFile.locate();
    }
}
