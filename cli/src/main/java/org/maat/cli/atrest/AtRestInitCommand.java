package org.maat.cli.atrest;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.cli.options.KeySourceOption;
import org.maat.cli.options.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat atrest init}: encrypts an existing plaintext data or index directory. */
@Command(name = "init",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Encrypt an existing plaintext directory (a data directory of maat generate or an index of "
                + "maat index): make it an encrypted volume (DIR/atrest.json), then encrypt every file in it, one file "
                + "at a time (each written encrypted beside the original, then moved over it), with progress on standard error.",
            "",
            "The key is made when absent: by default a random 256-bit key in DIR.atrest.key, beside DIR and not in it, "
                + "so that a copy of DIR alone carries no key. Stop servers of DIR first: files they hold open keep "
                + "their plaintext until they reopen them. The plaintext copies are unlinked, not wiped: on a disk that "
                + "keeps old blocks, generate the data with --at-rest instead."},
        footer = {"", "Examples:",
            "  maat atrest init --data data --cipher chacha20",
            "  maat atrest init --data data --cipher chacha8 --at-rest-key vault:maat/atrest",
            "", "Exit codes: 0 encrypted, 2 bad arguments, no such directory, or a directory already encrypted."})
public final class AtRestInitCommand implements Callable<Integer> {

    @Option(names = "--data", required = true, paramLabel = "DIR", description = "The plaintext directory to encrypt.")
    Path data;

    @Option(names = "--cipher", required = true, paramLabel = "CIPHER",
            completionCandidates = AtRestArguments.CipherNames.class,
            description = "The cipher the files get: ${COMPLETION-CANDIDATES}.")
    String cipher;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = "forward",
            description = "The switching model from now on: forward, selective or mirrored (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--at-rest-key", paramLabel = "SPEC", completionCandidates = KeySourceOption.Specs.class,
            description = "Where the key lies: ${COMPLETION-CANDIDATES} (default: file:DIR.atrest.key, created).")
    String keySpec;

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        AtRestCipher c = AtRestArguments.cipher(spec, "--cipher", cipher);
        SwitchModel m = AtRestArguments.model(spec, "--model", model);
        Path root = AtRestArguments.existingDirectory(spec, "--data", data);
        if (Files.exists(root.resolve(AtRestVolume.CONFIG_FILE))) {
            throw new ParameterException(spec.commandLine(), "--data " + root + " is already encrypted at rest: "
                    + "'maat atrest switch' changes its cipher");
        }
        AtRestVolume volume;
        try {
            volume = AtRestVolume.create(root, c, keySpec); // null: the volume's default, DIR.atrest.key
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--at-rest-key: " + e.getMessage());
        }
        if (m != SwitchModel.FORWARD) {
            volume.switchTo(c, m);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: encrypted volume made (%s, %s, key %s); encrypting its files%n", root, c.name(), m.label(),
                volume.keySpec());
        out.flush();
        Convergence.run(volume, quiet.quiet(), out);
        return 0;
    }
}
