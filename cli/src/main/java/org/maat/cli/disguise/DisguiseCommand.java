package org.maat.cli.disguise;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maat disguise}: reversible account deletion and anonymization (Edna). */
@Command(name = "disguise",
        mixinStandardHelpOptions = true,
        description = {"Reversible data disguises: delete or anonymize a principal's data so that only the principal "
                + "can undo it. What a disguise changes is sealed to the principal's public key (HPKE, X25519) in a bag "
                + "that only a random locator finds; the locator goes into a receipt the user keeps, with the private "
                + "key (a key file or a recovery phrase). Maat keeps neither.",
            "",
            "A target is a JDBC database (--db URL: plain H2, the encrypted layer's jdbc:maat:h2:, any JDBC database "
                + "on the class path) or Maat's search data (--data DIR --index DIR). Specifications: built-in names "
                + "(maat disguise list) or JSON files (see the README, \"Disguise specifications\")."},
        footer = {"", "An employee leaves the ERP database, and comes back:",
            "  maat disguise register --db jdbc:h2:./hr --principal 104 --key-file 104.key",
            "  maat disguise apply    --db jdbc:h2:./hr --principal 104 --spec hr-employee-leaves --receipt 104.receipt",
            "  maat disguise reveal   --db jdbc:h2:./hr --receipt 104.receipt --key-file 104.key"},
        subcommands = {DisguiseRegisterCommand.class, DisguiseApplyCommand.class, DisguiseRevealCommand.class,
            DisguiseListCommand.class, DisguiseSampleCommand.class})
public final class DisguiseCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing subcommand: register, apply, reveal or list");
    }
}
