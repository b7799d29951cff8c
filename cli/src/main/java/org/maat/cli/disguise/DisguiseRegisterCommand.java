package org.maat.cli.disguise;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maat.cli.ValidatedFirst;
import org.maat.cli.options.NewFile;
import org.maat.disguise.Disguises;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PrivateKeyFile;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.crypto.RecoveryPhrase;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat disguise register}: gives a principal a key pair and registers its public half. */
@Command(name = "register",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Register a principal's public key, so that disguises can seal what they change to it. The "
                + "private key stays with the user: in a key file (--key-file, created owner-only when it does not "
                + "exist), or as a recovery phrase printed once (--new-phrase) to be written down. Maat stores neither.",
            "",
            "Registering again replaces the key (after a compromise): later disguises seal to the new one; bags "
                + "sealed before still need the old key."},
        footer = {"", "Examples:",
            "  maat disguise register --db jdbc:h2:./websubmit --principal alice@example.edu --key-file alice.key",
            "  maat disguise register --data data --index index --principal u3 --new-phrase",
            "", "Exit codes: 0 registered, 2 bad arguments or an unknown target."})
public final class DisguiseRegisterCommand implements Callable<Integer>, ValidatedFirst {

    @Mixin
    TargetOptions target;

    @Option(names = "--principal", required = true, paramLabel = "ID", description = "The principal (user id, employee id).")
    String principal;

    @ArgGroup(exclusive = true, multiplicity = "1")
    KeyChoice key;

    static final class KeyChoice {
        @Option(names = "--key-file", paramLabel = "FILE",
                description = "Use the key in FILE, or create FILE (mode 0600) with a new key if it does not exist.")
        Path keyFile;

        @Option(names = "--new-phrase", description = "Make a new key from a recovery phrase printed once on standard output.")
        boolean newPhrase;

        @Option(names = "--phrase", interactive = true, arity = "0..1", paramLabel = "PHRASE",
                description = "Use the key of an existing recovery phrase (asked for when the flag is given alone).")
        String phrase;

        @Option(names = "--public-key", paramLabel = "KEY", description = "Register a public key made elsewhere (maat-pk1....).")
        String publicKey;
    }

    @Spec
    CommandSpec spec;

    /** The key to register, read or made in memory by {@link #validate()}; nothing is written before the target agrees. */
    private PublicKey publicKey;
    private PrivateKey newKey;
    private RecoveryPhrase newPhrase;

    /** The key choice (a key given is parsed, a key file to create must be creatable) and the target's flags. */
    @Override
    public void validate() throws IOException {
        target.check();
        if (key.publicKey != null) {
            publicKey = PublicKey.parse(key.publicKey);
        } else if (key.phrase != null) {
            publicKey = RecoveryPhrase.parse(key.phrase).privateKey().publicKey();
        } else if (key.newPhrase) {
            newPhrase = RecoveryPhrase.generate();
            publicKey = newPhrase.privateKey().publicKey();
        } else if (Files.exists(key.keyFile)) {
            publicKey = PrivateKeyFile.read(key.keyFile).publicKey();
        } else {
            NewFile.check(spec, "--key-file", key.keyFile);
            newKey = PrincipalKeys.generate();
            publicKey = newKey.publicKey();
        }
    }

    @Override
    public Integer call() throws IOException {
        if (publicKey == null) {
            validate(); // run outside Main's tree (a test's own CommandLine)
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Disguises disguises = target.open()) {
            disguises.register(principal, publicKey);
        }
        // The new key is written once the target has registered it: a target that refuses leaves no key file behind.
        if (newKey != null) {
            PrivateKeyFile.write(key.keyFile, newKey);
            out.println("new private key in " + key.keyFile + " (keep it: Maat keeps no copy)");
        }
        if (newPhrase != null) {
            out.println("recovery phrase (write it down; Maat keeps no copy, and without it nothing can be revealed):");
            out.println("  " + newPhrase.text());
        }
        out.println("registered " + principal + " with " + publicKey.toText() + " in " + target.describe());
        out.flush();
        return 0;
    }
}
