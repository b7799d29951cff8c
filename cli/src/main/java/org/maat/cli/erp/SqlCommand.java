package org.maat.cli.erp;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import org.maat.cli.options.KeySourceOption;
import org.maat.erp.ErpDatabase;
import org.maat.keys.KeyUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code maat erp sql --db DIR [--explain] "SQL"}: one plaintext SQL statement through the database's driver,
 * or, with {@code --explain}, how the driver would run a query.
 */
@Command(name = "sql",
        mixinStandardHelpOptions = true,
        description = {"Run one SQL statement on the database in DIR and print its rows (tab-separated, with a header) "
                + "or its update count, then the time it took.",
            "An encrypted database is read through Maat's driver: write plain SQL; the driver rewrites it onto the "
                + "onions, peels a layer the first time a query needs it, and decrypts the rows. Statements the "
                + "encrypted layer does not support fail with a message naming the construct.",
            "With --explain, a SELECT is not run: the plan is printed instead (for an encrypted database: what H2 "
                + "runs on which onions, and what the driver finishes on the client after decryption)."},
        footer = {"", "Exit codes: 0 ran, 1 a database error (syntax, unsupported SQL, constraint), 2 bad usage."})
public final class SqlCommand implements Callable<Integer> {

    @Option(names = "--db", required = true, paramLabel = "DIR", description = "Database directory.")
    Path db;

    @Parameters(index = "0", paramLabel = "SQL", description = "The statement, e.g. \"SELECT COUNT(*) FROM EMPLOYEES\".")
    String sql;

    @Option(names = "--max-rows", paramLabel = "N", defaultValue = "50",
            description = "Rows to print at most (default: ${DEFAULT-VALUE}); the count covers all rows.")
    int maxRows;

    @Option(names = "--explain",
            description = "Print how the query would run (EXPLAIN) instead of its rows: what H2 evaluates over "
                    + "the encrypted columns and on which onions, and what the client does after decryption.")
    boolean explain;

    @Mixin
    KeySourceOption keySource;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (maxRows < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-rows must be >= 0");
        }
        ErpDatabase database;
        try {
            database = ErpDatabase.open(db, keySource.spec());
        } catch (IllegalArgumentException | KeyUnavailableException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        long start = System.nanoTime();
        try (Connection conn = database.connect(); Statement st = conn.createStatement()) {
            if (explain) {
                try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
                    while (rs.next()) {
                        out.println(rs.getString(1));
                    }
                }
                return 0;
            }
            if (st.execute(sql)) {
                long rows = 0;
                try (ResultSet rs = st.getResultSet()) {
                    ResultSetMetaData md = rs.getMetaData();
                    StringBuilder header = new StringBuilder();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        header.append(i == 1 ? "" : "\t").append(md.getColumnLabel(i));
                    }
                    out.println(header);
                    while (rs.next()) {
                        if (rows++ < maxRows) {
                            StringBuilder line = new StringBuilder();
                            for (int i = 1; i <= md.getColumnCount(); i++) {
                                line.append(i == 1 ? "" : "\t").append(rs.getString(i) == null ? "NULL" : rs.getString(i));
                            }
                            out.println(line);
                        }
                    }
                }
                out.printf("(%d row%s%s, %.1f ms)%n", rows, rows == 1 ? "" : "s",
                        rows > maxRows ? ", " + maxRows + " shown" : "", (System.nanoTime() - start) / 1e6);
            } else {
                out.printf("(%d row%s affected, %.1f ms)%n", st.getUpdateCount(), st.getUpdateCount() == 1 ? "" : "s",
                        (System.nanoTime() - start) / 1e6);
            }
            return 0;
        } catch (SQLException e) {
            spec.commandLine().getErr().println("maat erp sql: " + e.getMessage());
            return 1;
        } finally {
            out.flush();
        }
    }
}
