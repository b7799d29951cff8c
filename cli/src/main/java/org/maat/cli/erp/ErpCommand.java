package org.maat.cli.erp;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maat erp}: the ERP (Oracle HR) workload on plaintext and encrypted H2 databases. */
@Command(name = "erp",
        mixinStandardHelpOptions = true,
        description = {"Load, encrypt and query ERP (Oracle HR) databases.",
            "A database is a directory DIR holding erp.properties (kind, seed, size), the H2 file hr.mv.db, "
                + "and for an encrypted database its master key maat.key, unless it was built with --key-source "
                + "SPEC (then DIR holds no key and every command on it takes the same --key-source). Plaintext "
                + "databases are read with H2's JDBC driver, encrypted ones through Maat's "
                + "(jdbc:maat:h2:file:DIR/hr), with the same SQL."},
        subcommands = {ErpLoadCommand.class, ErpEncryptCommand.class, ErpQueryCommand.class, SqlCommand.class,
            LayersCommand.class})
public final class ErpCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: load, encrypt, query, sql or layers");
    }
}
