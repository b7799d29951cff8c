package org.maat.cli.erp;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.maat.cli.options.BatchOption;
import org.maat.cli.options.KeySourceOption;
import org.maat.erp.BulkEncryptor;
import org.maat.erp.ErpDatabase;
import org.maat.erp.PhaseTimings;
import org.maat.keys.KeyUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat erp encrypt}: bulk encryption of a plaintext ERP database into a new encrypted one. */
@Command(name = "encrypt",
        mixinStandardHelpOptions = true,
        description = {"Encrypt the plaintext database in PLAIN_DB into a new encrypted database in ENC_DB.",
            "Tables go in foreign-key order; rows of DEPARTMENTS, EMPLOYEES and JOB_HISTORY are split into id "
                + "ranges across threads, each with its own connection through Maat's driver. ENC_DB gets a new "
                + "master key (ENC_DB/maat.key), or with --key-source the key there and none in ENC_DB. Progress goes to standard error (a bar on a terminal, else one line), a per-phase timing summary "
                + "to standard output.",
            "If an earlier run into ENC_DB was interrupted (ENC_DB/erp.properties says complete=false), running the "
                + "same command again deletes that partial database and encrypts from scratch."},
        footer = {"", "Exit codes: 0 encrypted, 1 a database error, 2 bad usage."})
public final class ErpEncryptCommand implements Callable<Integer> {

    @Option(names = "--from", required = true, paramLabel = "PLAIN_DB", description = "Plaintext database directory.")
    Path from;

    @Option(names = "--to", required = true, paramLabel = "ENC_DB", description = "New encrypted database directory.")
    Path to;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel threads (default: the number of cores).")
    Integer threads;

    @Mixin
    BatchOption batch;

    @Mixin
    KeySourceOption keySource;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        ErpDatabase source;
        ErpDatabase target;
        try {
            if (n < 1) {
                throw new IllegalArgumentException("--threads must be at least 1");
            }
            batch.rows(); // checked before anything is written
            source = ErpDatabase.open(from);
            if (source.kind() != ErpDatabase.Kind.PLAIN) {
                throw new IllegalArgumentException(from + ": not a plaintext database (kind " + source.kind() + ")");
            }
            // Rerunning the same command after an interruption starts the target over (see createOrRestart).
            target = ErpDatabase.createOrRestart(to, ErpDatabase.Kind.ENCRYPTED, source.seed(), source.employees(),
                    "maat erp encrypt --from " + source.dir() + " --to " + to.toAbsolutePath().normalize()
                            + (keySource.spec() == null ? "" : " --key-source " + keySource.spec()), keySource.spec(),
                    notice -> {
                        out.println(notice);
                        out.flush();
                    });
        } catch (IllegalArgumentException | KeyUnavailableException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PhaseTimings timings;
        try (ConsoleProgress bar = ConsoleProgress.start("encrypt", BulkEncryptor.plannedRows(source))) {
            timings = new BulkEncryptor(n, batch.rows(), bar).encrypt(source, target);
        } catch (SQLException e) {
            spec.commandLine().getErr().println("maat erp encrypt: " + to + ": " + e.getMessage());
            return 1;
        }
        timings.print(out, "Encrypted " + source.dir() + " into " + target + " with " + n + " thread(s)");
        return 0;
    }
}
