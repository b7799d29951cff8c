package org.maat.bench.erp;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;
import org.maat.erp.BulkEncryptor;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.erp.ErpQuery;
import org.maat.erp.HrGenerator;
import org.maat.erp.ParameterStream;
import org.maat.erp.QueryParameters;
import org.maat.erp.QueryRunner;

/**
 * The ERP benchmark: per-query closed-loop throughput on plaintext H2 and through the encrypted
 * layer in the same run (with their ratio), then bulk encryption times at several sizes and thread
 * counts. A query's load is the {@link ClosedLoop}: each client has its own connection and sends the
 * next query as soon as the previous one returns. Base databases are built once per (size, seed) under the work directory and reused; every
 * run measures queries on fresh copies, so Q16-Q18 never accumulate across runs.
 */
public final class ErpBenchmark {

    /** What to measure. */
    public record Options(Path workDir, int employees, long seed, int threads, double warmupSeconds,
            double seconds, List<ErpQuery> queries, List<Integer> encryptSizes, List<Integer> encryptThreads,
            int batchSize, boolean reuseResults) {
    }

    /**
     * One query's throughput on both databases, and the time of its first execution on each (on the
     * encrypted side that one peels the onion layers the query needs, once).
     */
    public record QueryThroughput(ErpQuery query, ClosedLoop.Result plain, ClosedLoop.Result encrypted,
            double plainFirstMillis, double encryptedFirstMillis) {

        public double ratio() {
            return plain.perSecond() == 0 ? 0 : encrypted.perSecond() / plain.perSecond();
        }
    }

    /** Opens the per-client connections. */
    @FunctionalInterface
    public interface ConnectionSource {
        Connection open() throws SQLException;
    }

    /** One bulk encryption. */
    public record EncryptionRun(int employees, int threads, long rows, double seconds) {

        public double rowsPerSecond() {
            return seconds == 0 ? 0 : rows / seconds;
        }
    }

    private final Options options;
    private final PrintWriter log;
    private final ProgressFactory progress;

    /** Makes a progress consumer for a task of known size; the returned Runnable closes it. */
    @FunctionalInterface
    public interface ProgressFactory {
        Progress start(String task, long total);
    }

    /** A running progress display. */
    public interface Progress extends LongConsumer, AutoCloseable {
        @Override
        void close();
    }

    /** No display. */
    public static final ProgressFactory NO_PROGRESS = (task, total) -> new Progress() {
        @Override
        public void accept(long value) {
        }

        @Override
        public void close() {
        }
    };

    public ErpBenchmark(Options options, PrintWriter log, ProgressFactory progress) {
        this.options = options;
        this.log = log;
        this.progress = progress;
    }

    /** Builds or reuses the base databases and measures every query on fresh copies. */
    public List<QueryThroughput> measureQueries() throws SQLException {
        ErpDatabase plainBase = plainBase(options.employees());
        ErpDatabase encBase = encryptedBase(plainBase);
        Path run = options.workDir().resolve("run");
        ErpDatabase plain = copy(plainBase, run.resolve("plain"));
        ErpDatabase enc = copy(encBase, run.resolve("encrypted"));
        HrGenerator g = plainBase.generator();
        QueryParameters chooser = new QueryParameters(g, options.seed());
        AtomicInteger plainInserted = new AtomicInteger(chooser.newEmployeeId());
        AtomicInteger encInserted = new AtomicInteger(chooser.newEmployeeId());
        ClosedLoop loop = ClosedLoop.of(options.threads()).named("maat-erp-bench")
                .warmUp(ClosedLoop.seconds(options.warmupSeconds())).duration(ClosedLoop.seconds(options.seconds()));
        // Q18 deletes what Q16 inserted; a warm-up could use up that pool, and Q16/Q17 warmed the paths.
        ClosedLoop deletes = loop.warmUp(Duration.ZERO);
        Properties settings = new Properties();
        if (!options.reuseResults()) {
            // H2 hands back the previous result of an identical query on unchanged tables; with fixed
            // parameters that would time a cache, not the query, on either side.
            settings.setProperty("OPTIMIZE_REUSE_RESULTS", "FALSE");
        }
        List<QueryThroughput> out = new ArrayList<>();
        for (ErpQuery q : options.queries()) {
            log.printf("measuring %s (%s) ...%n", q, q.description());
            log.flush();
            ClosedLoop l = q == ErpQuery.Q18 ? deletes : loop;
            ParameterStream plainParams = new ParameterStream(q, chooser, g, plainInserted);
            ParameterStream encParams = new ParameterStream(q, chooser, g, encInserted);
            double plainFirst;
            ClosedLoop.Result p;
            try {
                plainFirst = first(plain, settings, q, plainParams);
                p = measure(l, () -> plain.connect(settings), q, plainParams, options.seed());
            } catch (SQLException ex) {
                throw new SQLException(q + " on the plaintext database: " + ex.getMessage(), ex.getSQLState(), ex);
            }
            double encFirst;
            ClosedLoop.Result e;
            try {
                encFirst = first(enc, settings, q, encParams);
                e = measure(l, () -> enc.connect(settings), q, encParams, options.seed());
            } catch (SQLException ex) {
                throw new SQLException(q + " on the encrypted database: " + ex.getMessage(), ex.getSQLState(), ex);
            }
            out.add(new QueryThroughput(q, p, e, plainFirst, encFirst));
        }
        return out;
    }

    /**
     * Runs {@code query} on {@code loop} with values from {@code params} until the period ends or the
     * stream is exhausted (then the period is cut short and {@link ClosedLoop.Result#exhausted()} is
     * true); {@link ClosedLoop.Result#items()} counts the rows returned. Client {@code c} draws its
     * values with a random seeded from {@code seed} and {@code c}.
     */
    public static ClosedLoop.Result measure(ClosedLoop loop, ConnectionSource connections, ErpQuery query,
            ParameterStream params, long seed) throws SQLException {
        try {
            return loop.run(c -> {
                Connection conn = connections.open();
                QueryRunner runner = new QueryRunner(conn);
                SplittableRandom rnd = new SplittableRandom(seed * 31 + c);
                return new ClosedLoop.Client() {
                    @Override
                    public Outcome send(long request) throws SQLException {
                        List<Object> values = params.next(rnd);
                        return values == null ? Outcome.EXHAUSTED : Outcome.answered(runner.run(query, values).rowCount());
                    }

                    @Override
                    public void close() throws SQLException {
                        try {
                            runner.close();
                        } finally {
                            conn.close();
                        }
                    }
                };
            });
        } catch (SQLException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("benchmark interrupted", e);
        } catch (Exception e) {
            throw new SQLException(query + " failed: " + e, e);
        }
    }

    /**
     * Runs the query once, untimed by the loop: the steady state is what the loop measures, and on the
     * encrypted side the first execution also peels layers (an UPDATE of every row of the column).
     */
    private static double first(ErpDatabase db, Properties settings, ErpQuery q, ParameterStream params)
            throws SQLException {
        try (Connection conn = db.connect(settings); QueryRunner runner = new QueryRunner(conn)) {
            List<Object> values = params.next(new SplittableRandom(1));
            return values == null ? 0 : runner.run(q, values).millis();
        }
    }

    /** Encrypts each size with each thread count into a scratch directory, timing the whole job. */
    public List<EncryptionRun> measureBulkEncryption() throws SQLException {
        List<EncryptionRun> out = new ArrayList<>();
        for (int size : options.encryptSizes()) {
            ErpDatabase plain = plainBase(size);
            long rows = BulkEncryptor.plannedRows(plain);
            for (int threads : options.encryptThreads()) {
                Path scratch = options.workDir().resolve("bulk-" + size + "-" + threads);
                deleteTree(scratch);
                ErpDatabase target = ErpDatabase.create(scratch, ErpDatabase.Kind.ENCRYPTED, plain.seed(), size);
                log.printf("bulk encryption of %d employees with %d thread(s) ...%n", size, threads);
                log.flush();
                long start = System.nanoTime();
                try (Progress bar = progress.start("encrypt " + size + "/" + threads + "t", rows)) {
                    new BulkEncryptor(threads, options.batchSize(), bar).encrypt(plain, target);
                }
                out.add(new EncryptionRun(size, threads, rows, (System.nanoTime() - start) / 1e9));
                deleteTree(scratch);
            }
        }
        return out;
    }

    /** The query table: plain and encrypted requests/s, ratio, mean latency. */
    public static void printQueries(PrintWriter out, List<QueryThroughput> results, int threads) {
        out.printf("%-5s %12s %12s %7s %10s %10s %14s%n", "query", "plain req/s", "enc req/s", "ratio", "plain ms",
                "enc ms", "enc first ms");
        for (QueryThroughput r : results) {
            out.printf("%-5s %12.1f %12.1f %7.3f %10.3f %10.3f %14.1f%s%n", r.query(), r.plain().perSecond(),
                    r.encrypted().perSecond(), r.ratio(), r.plain().littleMeanMillis(),
                    r.encrypted().littleMeanMillis(), r.encryptedFirstMillis(),
                    r.plain().exhausted() || r.encrypted().exhausted() ? "  (Q18: until Q16's rows were all deleted)" : "");
        }
        out.flush();
    }

    /** The bulk encryption table: seconds, rows/s and speed-up over the run with the fewest threads. */
    public static void printEncryption(PrintWriter out, List<EncryptionRun> runs) {
        out.printf("%-10s %8s %10s %10s %12s %8s%n", "employees", "threads", "rows", "seconds", "rows/s", "scaling");
        for (EncryptionRun r : runs) {
            EncryptionRun base = runs.stream().filter(b -> b.employees() == r.employees())
                    .min(Comparator.comparingInt(EncryptionRun::threads)).orElse(r);
            out.printf("%-10d %8d %10d %10.2f %12.0f %8.2f%n", r.employees(), r.threads(), r.rows(), r.seconds(),
                    r.rowsPerSecond(), base.rowsPerSecond() == 0 ? 0 : r.rowsPerSecond() / base.rowsPerSecond());
        }
        out.flush();
    }

    private ErpDatabase plainBase(int employees) throws SQLException {
        Path dir = options.workDir().resolve("plain-" + employees + "-seed" + options.seed());
        ErpDatabase existing = reusable(dir);
        if (existing != null) {
            return existing;
        }
        ErpDatabase db = ErpDatabase.create(dir, ErpDatabase.Kind.PLAIN, options.seed(), employees);
        log.printf("loading plaintext database of %d employees into %s ...%n", employees, dir);
        log.flush();
        try (Progress bar = progress.start("load " + employees, ErpLoader.plannedRows(db.generator()))) {
            new ErpLoader(options.batchSize(), bar).load(db);
        }
        return db;
    }

    private ErpDatabase encryptedBase(ErpDatabase plain) throws SQLException {
        Path dir = options.workDir().resolve("encrypted-" + plain.employees() + "-seed" + options.seed());
        ErpDatabase existing = reusable(dir);
        if (existing != null) {
            return existing;
        }
        ErpDatabase db = ErpDatabase.create(dir, ErpDatabase.Kind.ENCRYPTED, plain.seed(), plain.employees());
        int threads = options.encryptThreads().stream().max(Integer::compare).orElse(1);
        log.printf("encrypting it into %s with %d thread(s) ...%n", dir, threads);
        log.flush();
        try (Progress bar = progress.start("encrypt " + plain.employees(), BulkEncryptor.plannedRows(plain))) {
            new BulkEncryptor(threads, options.batchSize(), bar).encrypt(plain, db);
        }
        return db;
    }

    /** A complete database in {@code dir}, or null after clearing whatever an interrupted build left. */
    private static ErpDatabase reusable(Path dir) {
        if (Files.isDirectory(dir)) {
            try {
                return ErpDatabase.open(dir);
            } catch (IllegalArgumentException incomplete) {
                deleteTree(dir);
            }
        }
        return null;
    }

    private static ErpDatabase copy(ErpDatabase base, Path dir) {
        deleteTree(dir);
        try {
            Files.createDirectories(dir);
            try (Stream<Path> files = Files.list(base.dir())) {
                for (Path f : files.toList()) {
                    if (Files.isRegularFile(f)) {
                        Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + base.dir() + " to " + dir, e);
        }
        return ErpDatabase.open(dir);
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
