package org.maat.cli.atrest;

import java.nio.file.Files;
import java.nio.file.Path;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The command line's reading of at-rest arguments: a cipher name, a model name, a volume's directory and its
 * recorded key spec. Bad values become usage errors (exit 2) that name the flag and list what is accepted.
 */
public final class AtRestArguments {

    private AtRestArguments() {
    }

    /** The cipher {@code name} given to {@code flag}. */
    public static AtRestCipher cipher(CommandSpec spec, String flag, String name) {
        try {
            return Ciphers.byName(name);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), flag + ": " + e.getMessage());
        }
    }

    /** The switching model {@code name} given to {@code flag}. */
    public static SwitchModel model(CommandSpec spec, String flag, String name) {
        try {
            return SwitchModel.parse(name);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), flag + ": " + e.getMessage());
        }
    }

    /** {@code dir}, which must be an existing directory. */
    public static Path existingDirectory(CommandSpec spec, String flag, Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new ParameterException(spec.commandLine(), flag + " " + dir + ": no such directory");
        }
        return dir;
    }

    /**
     * The key spec the volume at {@code root} recorded in its configuration (the {@code keySpec} field of the
     * format the design fixes), so that an index of encrypted data is sealed under the data's own key.
     */
    public static String recordedKeySpec(Path root) throws java.io.IOException {
        com.fasterxml.jackson.databind.JsonNode spec = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(root.resolve(org.maat.atrest.AtRestVolume.CONFIG_FILE).toFile()).get("keySpec");
        if (spec == null || !spec.isTextual()) {
            throw new java.io.IOException(root.resolve(org.maat.atrest.AtRestVolume.CONFIG_FILE) + " names no keySpec");
        }
        return spec.asText();
    }

    /** The names of the ciphers, for help texts. */
    public static final class CipherNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Ciphers.all().stream().map(AtRestCipher::name).iterator();
        }
    }
}
