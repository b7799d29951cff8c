package org.maat.cli.atrest;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maat atrest}: the encryption at rest of data and index directories (SwitchCrypt). */
@Command(name = "atrest",
        mixinStandardHelpOptions = true,
        description = {"Encryption at rest of a data directory's conduit store or of an index: every file sealed in "
                + "authenticated 4 KB blocks (ChaCha8/12/20-Poly1305 or Freestyle), the cipher switchable while "
                + "servers run. maat generate and maat index --at-rest CIPHER make encrypted directories from the "
                + "start; init encrypts an existing one.",
            "",
            "Not encrypted: policy.db, mal.log, accounts, logins.txt, manifest.json (the policy store and logs)."},
        commandListHeading = "%nCommands:%n",
        subcommands = {AtRestInitCommand.class, AtRestStatusCommand.class, AtRestSwitchCommand.class,
            AtRestConvergeCommand.class, AtRestResealCommand.class})
public final class AtRestCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
