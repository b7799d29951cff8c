package org.maat.cli.vault;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maat vault}: the sharded secret vault that holds Maat's keys. */
@Command(name = "vault",
        mixinStandardHelpOptions = true,
        description = {"A sharded secret vault (Tutamen): each secret is split k-of-n (Shamir) across storage "
                + "servers, and a server releases its share only to a client that shows tokens from a quorum of "
                + "access-control servers. Fewer than k storage servers, or fewer ACSs than the quorum, learn nothing "
                + "and release nothing.",
            "",
            "Every connection is HTTPS with client certificates issued by the vault's own CA (maat vault init). "
                + "Maat's keyed parts take a key from the vault with --key-source vault:DIR/COLLECTION/NAME."},
        footer = {"", "A vault of 3 servers on loopback, holding the ERP database's master key:",
            "  maat vault init  --dir vault --servers 3",
            "  maat vault serve --dir vault &",
            "  maat vault put   --dir vault --collection erp --name master --random 32",
            "  maat erp load    --dir erp-db --encrypted --key-source vault:vault/erp/master"},
        subcommands = {VaultInitCommand.class, VaultServeCommand.class, VaultPutCommand.class, VaultGetCommand.class,
            VaultDeleteCommand.class})
public final class VaultCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: init, serve, put, get or delete");
    }
}
