package org.maat.cli.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.cli.atrest.AtRestArguments;
import org.maat.keys.KeySources;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --at-rest CIPHER}, {@code --at-rest-key SPEC} and {@code --at-rest-model MODEL}. Commands that write a
 * new directory ({@code generate}, {@code index}) make it an encrypted volume before writing a byte
 * ({@link #createIfAsked}); commands that read ({@code search}, {@code serve}) take the flag as an assertion that
 * the data is encrypted with at least that cipher and refuse plaintext data ({@link #checkIfAsked}). Without
 * {@code --at-rest} nothing changes: encrypted directories are opened through their volume all the same.
 */
public final class AtRestOption {

    @Option(names = "--at-rest", paramLabel = "CIPHER", completionCandidates = AtRestArguments.CipherNames.class,
            description = "Encryption at rest: ${COMPLETION-CANDIDATES}. See the command's description for what it does here.")
    String cipher;

    @Option(names = "--at-rest-key", paramLabel = "SPEC", completionCandidates = KeySourceOption.Specs.class,
            description = "Key of the encrypted directory: ${COMPLETION-CANDIDATES} (default: a new one in "
                    + "file:DIR.atrest.key beside DIR; when reading, the spec DIR/atrest.json recorded).")
    String keySpec;

    @Option(names = "--at-rest-model", paramLabel = "MODEL",
            description = "Switching model of a new encrypted directory: forward, selective or mirrored (default: forward).")
    String model;

    /** Whether {@code --at-rest} was given. */
    public boolean asked() {
        return cipher != null;
    }

    /** A usage error for flags that need {@code --at-rest} when it is missing; cipher and model checked. */
    public void validate(CommandSpec spec) {
        if (cipher == null) {
            if (model != null) {
                throw new ParameterException(spec.commandLine(), "--at-rest-model goes with --at-rest CIPHER");
            }
        } else {
            AtRestArguments.cipher(spec, "--at-rest", cipher);
        }
        if (model != null) {
            AtRestArguments.model(spec, "--at-rest-model", model);
        }
    }

    /**
     * With {@code --at-rest}: makes {@code root} (created if absent) an encrypted volume under the asked cipher,
     * model and key, before anything is written in it. Without: nothing, returns empty.
     */
    public Optional<AtRestVolume> createIfAsked(CommandSpec spec, Path root) throws IOException {
        return createIfAsked(spec, root, root);
    }

    /**
     * As {@link #createIfAsked(CommandSpec, Path)} for a directory written at {@code root} and then renamed to
     * {@code finalRoot}: the default key is {@code finalRoot}'s ({@code FINAL.atrest.key}), as the volume will be.
     */
    public Optional<AtRestVolume> createIfAsked(CommandSpec spec, Path root, Path finalRoot) throws IOException {
        validate(spec);
        if (cipher == null) {
            return Optional.empty();
        }
        Path beside = finalRoot.toAbsolutePath().normalize();
        String key = keySpec != null || root.equals(finalRoot) ? keySpec
                : "file:" + beside.resolveSibling(beside.getFileName() + ".atrest.key");
        return Optional.of(create(spec, root, AtRestArguments.cipher(spec, "--at-rest", cipher),
                model == null ? SwitchModel.FORWARD : AtRestArguments.model(spec, "--at-rest-model", model), key));
    }

    /**
     * The key file {@link #createIfAsked(CommandSpec, Path, Path)} will create for a directory to be renamed to
     * {@code finalRoot}: the {@code file:} key (the default one beside it, or --at-rest-key's) when it does not exist
     * yet, so that a run that fails removes it with its directory. Empty without --at-rest or for a key that exists.
     */
    public Optional<Path> newKeyFile(Path finalRoot) {
        if (cipher == null) {
            return Optional.empty();
        }
        Path beside = finalRoot.toAbsolutePath().normalize();
        String key = keySpec != null ? keySpec : "file:" + beside.resolveSibling(beside.getFileName() + ".atrest.key");
        if (!key.startsWith("file:")) {
            return Optional.empty();
        }
        Path file = Path.of(key.substring("file:".length()));
        return Files.exists(file) ? Optional.empty() : Optional.of(file);
    }

    /**
     * Makes {@code root} an encrypted volume of {@code cipher} under {@code model}, its key from {@code key} (null: the
     * volume's default, a new key in DIR.atrest.key beside the directory).
     */
    public static AtRestVolume create(CommandSpec spec, Path root, AtRestCipher cipher, SwitchModel model, String key)
            throws IOException {
        if (Files.exists(root.resolve(AtRestVolume.CONFIG_FILE))) {
            throw new ParameterException(spec.commandLine(), root + " is already encrypted at rest: 'maat atrest "
                    + "switch --data " + root + "' changes its cipher");
        }
        Files.createDirectories(root);
        AtRestVolume volume;
        try {
            volume = AtRestVolume.create(root, cipher, key);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--at-rest-key: " + e.getMessage());
        }
        if (model != SwitchModel.FORWARD) {
            volume.switchTo(cipher, model);
        }
        return volume;
    }

    /**
     * With {@code --at-rest}: checks that each directory read ({@code flag -> root}, e.g. {@code --data} and
     * {@code --index}) is an encrypted volume whose new writes get a cipher at least as strong as the asked one;
     * plaintext or weaker data is a usage error. Opens each encrypted one with {@code --at-rest-key} if given, so that
     * the command's later opens under it use that key (the index of encrypted data shares its key by default).
     */
    public void checkIfAsked(CommandSpec spec, java.util.Map<String, Path> roots) throws IOException {
        validate(spec);
        if (model != null) {
            throw new ParameterException(spec.commandLine(), "--at-rest-model applies to a new encrypted directory "
                    + "(maat generate, maat index); 'maat atrest switch' changes a directory's model");
        }
        boolean any = false;
        for (java.util.Map.Entry<String, Path> e : roots.entrySet()) {
            any |= check(spec, e.getKey(), e.getValue());
        }
        if (keySpec != null && !any) {
            throw new ParameterException(spec.commandLine(), "--at-rest-key: " + String.join(" and ", roots.keySet())
                    + " are not encrypted at rest");
        }
    }

    /** Checks and opens one directory; whether it is encrypted. */
    private boolean check(CommandSpec spec, String flag, Path root) throws IOException {
        boolean encrypted = Files.exists(root.resolve(AtRestVolume.CONFIG_FILE));
        if (cipher != null && !encrypted) {
            throw new ParameterException(spec.commandLine(), "--at-rest " + cipher + ": " + flag + " " + root
                    + " is not encrypted at rest: 'maat atrest init --data " + root + " --cipher " + cipher
                    + "' encrypts it (or leave out --at-rest)");
        }
        if (!encrypted) {
            return false;
        }
        AtRestVolume volume;
        try {
            volume = keySpec == null ? AtRestVolume.open(root) : AtRestVolume.open(root, KeySources.open(keySpec));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--at-rest-key: " + e.getMessage());
        }
        if (cipher != null) {
            AtRestCipher asked = AtRestArguments.cipher(spec, "--at-rest", cipher);
            AtRestCipher actual = volume.writeCipher();
            if (actual.strength() < asked.strength()) {
                throw new ParameterException(spec.commandLine(), "--at-rest " + asked.name() + ": " + flag + " " + root
                        + " is encrypted with " + actual.name() + ", which is weaker: 'maat atrest switch --data " + root
                        + " --to " + asked.name() + " --converge' strengthens it");
            }
        }
        return true;
    }

    /**
     * Encryption of a new index of the data in {@code data}, written to {@code index}, decided before the index is
     * written. Encrypted data gives an encrypted index: under {@code --at-rest} if given, else under the data's write
     * cipher and model, and by default under the data's key (one key to keep). An index directory that is already
     * encrypted stays so ({@code --at-rest} then asserts its strength). Plaintext data with {@code --at-rest} is a
     * usage error: an encrypted index of a plaintext conduit store would protect nothing ('maat atrest init' first).
     *
     * @return a line for the user saying how the index is encrypted, or empty for a plaintext index
     */
    public Optional<String> prepareIndex(CommandSpec spec, Path data, Path index) throws IOException {
        validate(spec);
        if (Files.exists(index.resolve(AtRestVolume.CONFIG_FILE))) {
            if (model != null) {
                throw new ParameterException(spec.commandLine(), "--at-rest-model: " + index + " is already encrypted "
                        + "at rest; 'maat atrest switch --data " + index + "' changes its model");
            }
            checkIfAsked(spec, java.util.Map.of("--out", index));
            return Optional.of("the index is rewritten in its encrypted directory " + index);
        }
        boolean dataEncrypted = Files.exists(data.resolve(AtRestVolume.CONFIG_FILE));
        if (!dataEncrypted) {
            if (cipher != null) {
                throw new ParameterException(spec.commandLine(), "--at-rest " + cipher + ": the data in " + data
                        + " is not encrypted at rest, so an encrypted index would protect nothing: 'maat atrest init "
                        + "--data " + data + " --cipher " + cipher + "' encrypts the data first");
            }
            if (keySpec != null) {
                throw new ParameterException(spec.commandLine(), "--at-rest-key goes with encrypted data or --at-rest");
            }
            return Optional.empty();
        }
        AtRestVolume source = keySpec == null ? AtRestVolume.open(data) : AtRestVolume.open(data, KeySources.open(keySpec));
        AtRestCipher c = cipher != null ? AtRestArguments.cipher(spec, "--at-rest", cipher) : source.writeCipher();
        SwitchModel m = model != null ? AtRestArguments.model(spec, "--at-rest-model", model) : source.model();
        String key = keySpec != null ? keySpec : AtRestArguments.recordedKeySpec(data);
        create(spec, index, c, m, key);
        return Optional.of("the index is encrypted at rest with " + c.name() + " (" + m.label() + ", key " + key + ")"
                + (cipher == null ? ", as the data in " + data + " is" : ""));
    }

    /** The one directory a command reads, by its flag. */
    public static java.util.Map<String, Path> roots(String flag, Path root) {
        return java.util.Map.of(flag, root);
    }

    /** The two directories a command reads, by flag, in order. */
    public static java.util.Map<String, Path> roots(String flag, Path root, String flag2, Path root2) {
        java.util.Map<String, Path> roots = new java.util.LinkedHashMap<>();
        roots.put(flag, root);
        roots.put(flag2, root2);
        return roots;
    }
}
