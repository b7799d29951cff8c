package org.maat.cli.erp;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.maat.cli.options.BatchOption;
import org.maat.cli.options.KeySourceOption;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.erp.HrGenerator;
import org.maat.erp.PhaseTimings;
import org.maat.keys.KeyUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat erp load}: generate the HR data and load it into a new database directory. */
@Command(name = "load",
        mixinStandardHelpOptions = true,
        description = {"Generate the Oracle HR data for N employees and load it into a new database in DIR.",
            "Creates DIR/hr.mv.db (and for --encrypted DIR/maat.key, or with --key-source no key in DIR) and "
                + "DIR/erp.properties; refuses a DIR that "
                + "already holds a database. Rows are inserted in batches (through Maat's driver for "
                + "--encrypted); progress goes to standard error (a bar on a terminal, else one line), a timing summary to standard output."},
        footer = {"", "Exit codes: 0 loaded, 1 a database error, 2 bad usage."})
public final class ErpLoadCommand implements Callable<Integer> {

    @Option(names = "--db", required = true, paramLabel = "DIR", description = "New database directory.")
    Path db;

    @Option(names = "--employees", required = true, paramLabel = "N",
            description = "Number of employees (1 to 9,000,000), e.g. 10000, 100000, 1000000.")
    int employees;

    @ArgGroup(exclusive = true)
    Mode mode = new Mode();

    static final class Mode {
        @Option(names = "--plain", description = "Store plaintext through H2's driver (the default).")
        boolean plain;

        @Option(names = "--encrypted", description = "Store only ciphertext, through Maat's driver.")
        boolean encrypted;
    }

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Generator seed; the same seed and N give the same data (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    BatchOption batch;

    @Mixin
    KeySourceOption keySource;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ErpDatabase.Kind kind = mode.encrypted ? ErpDatabase.Kind.ENCRYPTED : ErpDatabase.Kind.PLAIN;
        ErpDatabase database;
        try {
            batch.rows(); // checked before anything is written
            new HrGenerator(seed, employees); // validates N before anything is written
            database = ErpDatabase.createOrRestart(db, kind, seed, employees, "maat erp load --db "
                    + db.toAbsolutePath().normalize() + " --employees " + employees + " --seed " + seed
                    + (mode.encrypted ? " --encrypted" : "")
                    + (keySource.spec() == null ? "" : " --key-source " + keySource.spec()), keySource.spec(), notice -> {
                        out.println(notice);
                        out.flush();
                    });
        } catch (IllegalArgumentException | KeyUnavailableException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PhaseTimings timings;
        try (ConsoleProgress bar = ConsoleProgress.start("load", ErpLoader.plannedRows(database.generator()))) {
            timings = new ErpLoader(batch.rows(), bar).load(database);
        } catch (SQLException e) {
            spec.commandLine().getErr().println("maat erp load: " + db + ": " + e.getMessage());
            return 1;
        }
        timings.print(out, "Loaded " + database);
        return 0;
    }
}
