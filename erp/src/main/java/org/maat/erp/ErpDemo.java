package org.maat.erp;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.maat.encdb.jdbc.MaatConnection;

/**
 * The ERP part of {@code maat demo}: loads a small HR database in plaintext, bulk-encrypts it, runs
 * Q7-Q18 and Q10R on both with the same values and shows that the encrypted layer returns the same
 * rows, then prints the layer report (what H2 can now learn about each column) and checks that the
 * encrypted H2 file holds none of the generated names, emails, phone numbers or salaries.
 */
public final class ErpDemo {

    /** Small enough to finish in seconds, large enough that every query has rows. */
    public static final int EMPLOYEES = 2000;
    public static final long SEED = 2019;

    private final PrintWriter out;

    public ErpDemo(PrintWriter out) {
        this.out = out;
    }

    /**
     * Runs the demo in {@code workDir} (its {@code erp-plain} and {@code erp-encrypted} directories
     * must not hold databases yet).
     *
     * @return whether every query gave the same answer on both databases and no plaintext leaked
     */
    public boolean run(Path workDir) throws SQLException {
        return run(workDir, null);
    }

    /**
     * As {@link #run(Path)}, the encrypted database's master key from {@code keySource} (a key source spec,
     * e.g. the vault's; null: a key file in its directory), after which the directory's files are listed
     * to show that none of them is a key.
     */
    public boolean run(Path workDir, String keySource) throws SQLException {
        out.println("== ERP workload on an encrypted H2 database ==");
        ErpDatabase plain = ErpDatabase.create(workDir.resolve("erp-plain"), ErpDatabase.Kind.PLAIN, SEED, EMPLOYEES);
        long start = System.nanoTime();
        new ErpLoader(1000, n -> { }).load(plain);
        out.printf("Loaded the Oracle HR schema with %d employees in plaintext H2 (%.1f s).%n", EMPLOYEES,
                (System.nanoTime() - start) / 1e9);

        ErpDatabase encrypted = ErpDatabase.create(workDir.resolve("erp-encrypted"), ErpDatabase.Kind.ENCRYPTED,
                SEED, EMPLOYEES, null, keySource);
        if (keySource != null) {
            out.printf("The encrypted database takes its master key from %s.%n", keySource);
        }
        int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        PhaseTimings timings = new BulkEncryptor(threads, 500, n -> { }).encrypt(plain, encrypted);
        timings.print(out, "Bulk-encrypted it through Maat's driver with " + threads + " thread(s):");

        boolean allSame = runQueries(plain, encrypted);
        boolean noLeak = checkFile(encrypted);
        if (keySource != null) {
            listFiles(encrypted.dir());
        }
        out.flush();
        return allSame && noLeak;
    }

    private boolean runQueries(ErpDatabase plain, ErpDatabase encrypted) throws SQLException {
        QueryParameters chooser = new QueryParameters(plain.generator(), SEED);
        boolean allSame = true;
        out.println();
        out.printf("%-5s %6s %10s %10s  %-5s %s%n", "query", "rows", "plain ms", "enc ms", "same", "what");
        try (Connection p = plain.connect(); Connection e = encrypted.connect();
                PlainVersusEncrypted both = new PlainVersusEncrypted(p, e)) {
            for (ErpQuery q : ErpQuery.values()) {
                Map<String, Object> values = chooser.values(q == ErpQuery.Q10R ? ErpQuery.Q10 : q, Map.of());
                if (q == ErpQuery.Q10R) {
                    values = chooser.randomized(values, new SplittableRandom(SEED));
                }
                PlainVersusEncrypted.Outcome o = both.run(q, QueryParameters.positional(q, values));
                allSame &= o.same();
                if (o.failure() != null) {
                    out.printf("%-5s %6d %10.2f %10s  %-5s %s%n      encrypted layer failed: %s%n", q,
                            o.plain().rowCount(), o.plain().millis(), "-", "NO", q.description(),
                            o.failure().getMessage());
                } else {
                    out.printf("%-5s %6d %10.2f %10.2f  %-5s %s%n", q, o.plain().rowCount(), o.plain().millis(),
                            o.encrypted().millis(), o.same() ? "yes" : "NO", q.description());
                }
            }
            out.println();
            out.println("Layer report (what H2 can learn about each encrypted column after these queries):");
            out.print(e.unwrap(MaatConnection.class).layers().format());
        }
        return allSame;
    }

    private boolean checkFile(ErpDatabase encrypted) {
        List<PlaintextSearch.Needle> needles = PlaintextSearch.generatedValues(encrypted.generator(), 200);
        try {
            List<PlaintextSearch.Needle> found = PlaintextSearch.find(encrypted.h2File(), needles);
            out.printf("%nSearched %s (%d KB) for %d generated plaintext values (names, emails, phones, cities, "
                    + "departments, salaries as text and binary): %s%n", encrypted.h2File().getFileName(),
                    Files.size(encrypted.h2File()) / 1024, needles.size(),
                    found.isEmpty() ? "none found" : found.size() + " FOUND, e.g. " + found.get(0).label());
            return found.isEmpty();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** What the database directory holds: with an external key, no key file. */
    private void listFiles(Path dir) {
        try (var files = Files.list(dir)) {
            List<String> names = files.map(f -> f.getFileName().toString()).sorted().toList();
            out.printf("%s holds %s: %s%n", dir.getFileName(), String.join(", ", names),
                    names.stream().anyMatch(n -> n.endsWith(".key")) ? "A KEY FILE" : "no key");
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
