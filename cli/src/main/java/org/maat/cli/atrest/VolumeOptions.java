package org.maat.cli.atrest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.maat.atrest.AtRestVolume;
import org.maat.cli.options.KeySourceOption;
import org.maat.keys.KeySources;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --data DIR} and {@code --at-rest-key SPEC} of the {@code maat atrest} commands that open a volume. */
public final class VolumeOptions {

    @Option(names = "--data", required = true, paramLabel = "DIR",
            description = "The encrypted directory: a data directory (maat generate) or an index directory (maat index).")
    Path data;

    @Option(names = "--at-rest-key", paramLabel = "SPEC", completionCandidates = KeySourceOption.Specs.class,
            description = "Where the volume's key lies: ${COMPLETION-CANDIDATES} (default: the spec the volume "
                    + "recorded in DIR/atrest.json when it was made).")
    String keySpec;

    /**
     * The volume at {@code --data} with its configuration of an earlier version authenticated under the key
     * ({@link AtRestVolume#upgrade}); a usage error as for {@link #open}.
     */
    public AtRestVolume upgrade(CommandSpec spec) throws IOException {
        Path root = volumeRoot(spec);
        try {
            return AtRestVolume.upgrade(root, keySpec == null ? null : KeySources.open(keySpec));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--at-rest-key: " + e.getMessage());
        }
    }

    private Path volumeRoot(CommandSpec spec) {
        Path root = root(spec);
        if (!Files.exists(root.resolve(AtRestVolume.CONFIG_FILE))) {
            throw new ParameterException(spec.commandLine(), "--data " + root + " is not encrypted at rest (no "
                    + AtRestVolume.CONFIG_FILE + "): 'maat atrest init --data " + root + " --cipher CIPHER' encrypts it");
        }
        return root;
    }

    /** The directory, checked to exist. */
    public Path root(CommandSpec spec) {
        return AtRestArguments.existingDirectory(spec, "--data", data);
    }

    /** The volume at {@code --data}; a usage error when the directory is missing or holds no volume. */
    public AtRestVolume open(CommandSpec spec) throws IOException {
        Path root = volumeRoot(spec);
        if (keySpec == null) {
            return AtRestVolume.open(root);
        }
        try {
            return AtRestVolume.open(root, KeySources.open(keySpec));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--at-rest-key: " + e.getMessage());
        }
    }
}
