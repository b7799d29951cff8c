package org.maat.cli.disguise;

import java.io.IOException;
import java.nio.file.Path;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PrivateKeyFile;
import org.maat.disguise.crypto.RecoveryPhrase;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** The user's private key: {@code --key-file FILE} or {@code --phrase} (asked for, never echoed). */
public final class UserKeyOptions {

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Choice choice;

    static final class Choice {
        @Option(names = "--key-file", paramLabel = "FILE", description = "The private key file (maat disguise register).")
        Path keyFile;

        @Option(names = "--phrase", interactive = true, arity = "0..1", paramLabel = "PHRASE",
                description = "The recovery phrase instead of a key file (asked for when the flag is given alone; "
                        + "read from standard input when that is not a terminal).")
        String phrase;
    }

    boolean given() {
        return choice != null;
    }

    /** The key; an error saying which flag to give when there is none. */
    PrivateKey key() throws IOException {
        if (choice == null) {
            throw new IllegalArgumentException("give the private key: --key-file FILE or --phrase");
        }
        if (choice.keyFile != null) {
            return PrivateKeyFile.read(choice.keyFile);
        }
        return RecoveryPhrase.parse(choice.phrase).privateKey();
    }
}
