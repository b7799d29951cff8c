package org.maat.cli.erp;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.schema.LayerReport;
import org.maat.cli.options.KeySourceOption;
import org.maat.erp.ErpDatabase;
import org.maat.keys.KeyUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat erp layers --db DIR}: what the encrypted database exposes to H2, per column. */
@Command(name = "layers",
        mixinStandardHelpOptions = true,
        description = {"Print, for every encrypted column, its onions with their current layers, the weakest layer "
                + "exposed so far and what it reveals to whoever reads the H2 file.",
            "Layers only go down: a query peels an onion the first time it needs a lower layer (an equality needs "
                + "DET, a range OPE, a join JOIN). Key columns start at DET or JOIN because H2 enforces their "
                + "constraints on deterministic ciphertext; the report names the constraint."},
        footer = {"", "Exit codes: 0 printed, 1 a database error or a plaintext database, 2 bad usage."})
public final class LayersCommand implements Callable<Integer> {

    @Option(names = "--db", required = true, paramLabel = "DIR", description = "Encrypted database directory.")
    Path db;

    @Option(names = "--peeled", description = "Only onions below their outermost layer.")
    boolean peeledOnly;

    @Mixin
    KeySourceOption keySource;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ErpDatabase database;
        try {
            database = ErpDatabase.open(db, keySource.spec());
        } catch (IllegalArgumentException | KeyUnavailableException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (database.kind() != ErpDatabase.Kind.ENCRYPTED) {
            spec.commandLine().getErr().println("maat erp layers: " + db + " is a plaintext database: nothing is "
                    + "encrypted, every value is exposed");
            return 1;
        }
        try (Connection conn = database.connect()) {
            LayerReport report = conn.unwrap(MaatConnection.class).layers();
            if (peeledOnly) {
                report = new LayerReport(report.exposedBelowOutermost());
            }
            out.print(report.format());
            out.flush();
            return 0;
        } catch (SQLException e) {
            spec.commandLine().getErr().println("maat erp layers: " + e.getMessage());
            return 1;
        }
    }
}
