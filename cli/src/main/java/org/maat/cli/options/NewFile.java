package org.maat.cli.options;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The check of a file a command will create (a receipt, a key): it must not exist yet, and the directory it goes in
 * must, so that a command refuses it before doing work whose only record would be that file.
 */
public final class NewFile {

    private NewFile() {
    }

    /** A usage error naming {@code flag} unless {@code file} can be created as a new file. */
    public static void check(CommandSpec spec, String flag, Path file) {
        if (Files.isDirectory(file)) {
            throw new ParameterException(spec.commandLine(), flag + " " + file + ": is a directory, not a file");
        }
        if (Files.exists(file)) {
            throw new ParameterException(spec.commandLine(), flag + " " + file + ": exists; it is never overwritten");
        }
        Path parent = file.toAbsolutePath().normalize().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new ParameterException(spec.commandLine(), flag + " " + file + ": the directory " + parent
                    + " does not exist");
        }
        if (!Files.isWritable(parent)) {
            throw new ParameterException(spec.commandLine(), flag + " " + file + ": the directory " + parent
                    + " is not writable");
        }
    }
}
