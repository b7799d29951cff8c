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
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;
import org.maat.bench.load.Latencies;
import org.maat.encdb.jdbc.H2Connections;
import org.maat.encdb.jdbc.MaatConnection;
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
 *
 * <p>The comparison is meant to be like for like: both sides have the same indexes (checked,
 * {@link PhysicalDesign}), H2's statistics are refreshed on both copies before a run and by the
 * encrypted layer after each peel, both databases stay open for the whole run (as under an
 * application's connection pool), both sides are warmed up before either is measured and then take
 * turns in half-second slices (a shared machine's load changes faster than a measuring period), and each
 * query's plans on both sides are recorded ({@link QueryPlans}), so a ratio above 1.05 can be traced
 * to the work that differs.
 */
public final class ErpBenchmark {

    /** What to measure. */
    public record Options(Path workDir, int employees, long seed, int threads, double warmupSeconds,
            double seconds, List<ErpQuery> queries, List<Integer> encryptSizes, List<Integer> encryptThreads,
            int batchSize, boolean reuseResults, int runs) {

        public Options {
            if (runs < 1) {
                throw new IllegalArgumentException("runs must be at least 1, got " + runs);
            }
        }
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

    /** About how long each side runs before the other takes its turn. */
    private static final double SLICE_SECONDS = 0.5;

    private final Options options;
    private final PrintWriter log;
    private final ProgressFactory progress;
    private final Map<ErpQuery, QueryPlans> plans = new LinkedHashMap<>();
    private List<String> designDifferences = List.of();

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

    /**
     * Measures every query {@link Options#runs()} times, each run on fresh copies of the base
     * databases, and returns each query's spread. The first run also records each query's plans
     * ({@link #plans()}) and the physical design's differences ({@link #designDifferences()}).
     */
    public List<QuerySpread> measureRuns() throws SQLException {
        Map<ErpQuery, List<QueryThroughput>> byQuery = new LinkedHashMap<>();
        for (int run = 0; run < options.runs(); run++) {
            if (options.runs() > 1) {
                log.printf("run %d of %d%n", run + 1, options.runs());
            }
            for (QueryThroughput t : measureQueries(run)) {
                byQuery.computeIfAbsent(t.query(), q -> new ArrayList<>()).add(t);
            }
        }
        List<QuerySpread> out = new ArrayList<>();
        byQuery.forEach((q, runs) -> out.add(new QuerySpread(q, runs)));
        return out;
    }

    /** One run ({@link #measureRuns()} with one run). */
    public List<QueryThroughput> measureQueries() throws SQLException {
        return measureQueries(0);
    }

    /**
     * Builds or reuses the base databases and measures every query on fresh copies. Both sides are
     * warmed up before either is measured (they share H2's code in this JVM, so the side measured
     * second would otherwise run on code the first side had compiled), then measured in alternating
     * slices; odd runs start with the encrypted side.
     */
    private List<QueryThroughput> measureQueries(int run) throws SQLException {
        ErpDatabase plainBase = plainBase(options.employees());
        ErpDatabase encBase = encryptedBase(plainBase);
        Path dir = options.workDir().resolve("run");
        ErpDatabase plain = copy(plainBase, dir.resolve("plain"));
        ErpDatabase enc = copy(encBase, dir.resolve("encrypted"));
        // Bases built before the loaders refreshed statistics: both sides start from full ones.
        plain.refreshStatistics();
        enc.refreshStatistics();
        HrGenerator g = plainBase.generator();
        QueryParameters chooser = new QueryParameters(g, options.seed());
        AtomicInteger plainInserted = new AtomicInteger(chooser.newEmployeeId());
        AtomicInteger encInserted = new AtomicInteger(chooser.newEmployeeId());
        int slices = Math.max(1, (int) Math.round(options.seconds() / SLICE_SECONDS));
        ClosedLoop slice = ClosedLoop.of(options.threads()).named("maat-erp-bench")
                .warmUp(Duration.ZERO).duration(ClosedLoop.seconds(options.seconds() / slices));
        ClosedLoop warmUp = slice.duration(ClosedLoop.seconds(options.warmupSeconds()));
        Properties settings = settings();
        List<QueryThroughput> out = new ArrayList<>();
        // An application holds its pool open; without these, closing a period's last connection closes the
        // database (H2's, and the encrypted layer's keys, plan cache, DET/OPE memos and Paillier randomness
        // with it), and every period would start cold.
        try (Connection plainOpen = plain.connect(settings); Connection encOpen = enc.connect(settings);
                Connection server = H2Connections.open(enc.h2Url(), settings)) {
            for (ErpQuery q : options.queries()) {
                if (run == 0 && q.modifies() && designDifferences.isEmpty()) {
                    // As the reads saw it: the writes' inserts start H2's automatic ANALYZE, which samples
                    // only some rows, and sooner on the side that writes faster.
                    designDifferences = design(plain, enc, server, settings);
                }
                log.printf("measuring %s (%s) ...%n", q, q.description());
                log.flush();
                ParameterStream plainParams = new ParameterStream(q, chooser, g, plainInserted);
                ParameterStream encParams = new ParameterStream(q, chooser, g, encInserted);
                Side p = new Side("plaintext", plain, plainParams, settings);
                Side e = new Side("encrypted", enc, encParams, settings);
                p.first(q);
                e.first(q);
                if (run == 0) {
                    plans.put(q, explain(q, QueryParameters.positional(q, chooser.values(q, Map.of())), plain, enc,
                            server, settings));
                }
                // Q18 deletes what Q16 inserted; a warm-up could use up that pool, and Q16/Q17 warmed the paths.
                if (q != ErpQuery.Q18 && options.warmupSeconds() > 0) {
                    p.measure(warmUp, q);
                    e.measure(warmUp, q);
                }
                // On a shared machine the load changes from second to second: the two sides take turns in
                // short slices (ABAB..., starting with the other side on odd runs) and each side's slices add up.
                List<ClosedLoop.Result> plainSlices = new ArrayList<>();
                List<ClosedLoop.Result> encSlices = new ArrayList<>();
                for (int i = 0; i < slices; i++) {
                    boolean encryptedFirst = (i + run) % 2 == 1;
                    for (Side side : encryptedFirst ? List.of(e, p) : List.of(p, e)) {
                        List<ClosedLoop.Result> into = side == p ? plainSlices : encSlices;
                        if (into.isEmpty() || !into.get(into.size() - 1).exhausted()) {
                            into.add(side.measure(slice, q));
                        }
                    }
                }
                out.add(new QueryThroughput(q, combined(plainSlices), combined(encSlices), p.firstMillis,
                        e.firstMillis));
            }
            if (run == 0 && designDifferences.isEmpty()) {
                designDifferences = design(plain, enc, server, settings);
            }
        }
        return out;
    }

    /**
     * One side's slices as one result: requests, failures, items and measured seconds added up, exhausted
     * when a slice was. Latency distributions are not merged (the table uses the mean by Little's law).
     */
    static ClosedLoop.Result combined(List<ClosedLoop.Result> slices) {
        long requests = 0;
        long failed = 0;
        long items = 0;
        double seconds = 0;
        boolean exhausted = false;
        for (ClosedLoop.Result r : slices) {
            requests += r.requests();
            failed += r.failed();
            items += r.items();
            seconds += r.seconds();
            exhausted |= r.exhausted();
        }
        return new ClosedLoop.Result(slices.get(0).clients(), requests, failed, items, seconds, exhausted,
                Latencies.of(new long[0]));
    }

    private Properties settings() {
        Properties settings = new Properties();
        if (!options.reuseResults()) {
            // H2 hands back the previous result of an identical query on unchanged tables; with fixed
            // parameters that would time a cache, not the query, on either side.
            settings.setProperty("OPTIMIZE_REUSE_RESULTS", "FALSE");
        }
        return settings;
    }

    /** One side of the comparison for one query: its database, parameter stream and first execution. */
    private final class Side {
        private final String name;
        private final ErpDatabase db;
        private final ParameterStream params;
        private final Properties settings;
        private double firstMillis;

        Side(String name, ErpDatabase db, ParameterStream params, Properties settings) {
            this.name = name;
            this.db = db;
            this.params = params;
            this.settings = settings;
        }

        void first(ErpQuery q) throws SQLException {
            try {
                firstMillis = ErpBenchmark.first(db, settings, q, params);
            } catch (SQLException ex) {
                throw new SQLException(q + " on the " + name + " database: " + ex.getMessage(), ex.getSQLState(), ex);
            }
        }

        ClosedLoop.Result measure(ClosedLoop l, ErpQuery q) throws SQLException {
            try {
                return ErpBenchmark.measure(l, () -> db.connect(settings), q, params, options.seed());
            } catch (SQLException ex) {
                throw new SQLException(q + " on the " + name + " database: " + ex.getMessage(), ex.getSQLState(), ex);
            }
        }
    }

    private static QueryPlans explain(ErpQuery q, List<Object> values, ErpDatabase plain, ErpDatabase enc,
            Connection server, Properties settings) throws SQLException {
        try (Connection p = plain.connect(settings); Connection e = enc.connect(settings)) {
            return QueryPlans.explain(q, values, p, e, server);
        }
    }

    private static List<String> design(ErpDatabase plain, ErpDatabase enc, Connection server, Properties settings)
            throws SQLException {
        try (Connection p = plain.connect(settings); Connection e = enc.connect(settings)) {
            PhysicalDesign plainDesign = PhysicalDesign.plain(p);
            PhysicalDesign encDesign = PhysicalDesign.encrypted(server, e.unwrap(MaatConnection.class).catalog());
            List<String> out = new ArrayList<>(plainDesign.differences(encDesign));
            out.add(0, plainDesign.indexes().size() + " indexes on the plaintext side, "
                    + encDesign.indexes().size() + " on the encrypted side");
            return out;
        }
    }

    /** The first run's plans of each query, in measuring order. */
    public Map<ErpQuery, QueryPlans> plans() {
        return Collections.unmodifiableMap(plans);
    }

    /**
     * After the first run's peels: the index counts, then every difference between the two sides'
     * physical designs ({@link PhysicalDesign#differences}); only the first line when they are the same.
     */
    public List<String> designDifferences() {
        return designDifferences;
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

    /**
     * The query table: per query the medians over the runs of plain and encrypted requests/s, the
     * median ratio with its range, mean latencies, the first encrypted execution, and a flag on each
     * ratio above {@link QuerySpread#EXPLAIN_ABOVE}; then each flagged comparison with what its plans
     * show ({@link QueryPlans#summary()}).
     */
    public static void printQueries(PrintWriter out, List<QuerySpread> results, Map<ErpQuery, QueryPlans> plans) {
        out.printf("%-5s %12s %12s %7s %13s %10s %10s %14s%n", "query", "plain req/s", "enc req/s", "ratio",
                "ratio range", "plain ms", "enc ms", "enc first ms");
        for (QuerySpread r : results) {
            out.printf("%-5s %12.1f %12.1f %7.3f %13s %10.3f %10.3f %14.1f%s%s%n", r.query(), r.medianPlainPerSecond(),
                    r.medianEncryptedPerSecond(), r.medianRatio(),
                    String.format("%.3f-%.3f", r.minRatio(), r.maxRatio()), r.medianPlainMillis(),
                    r.medianEncryptedMillis(), r.encryptedFirstMillis(),
                    r.toExplain() ? "  a comparison to explain" : "",
                    r.exhausted() ? "  (Q18: until Q16's rows were all deleted)" : "");
        }
        List<QuerySpread> flagged = results.stream().filter(QuerySpread::toExplain).toList();
        if (!flagged.isEmpty()) {
            out.printf("%nComparisons to explain (ratio above %.2f: the encrypted side cannot do the same work "
                    + "faster):%n", QuerySpread.EXPLAIN_ABOVE);
            for (QuerySpread r : flagged) {
                QueryPlans p = plans.get(r.query());
                out.printf("  %-5s %.3f: %s%n", r.query(), r.medianRatio(), p == null ? "no plans recorded" : p.summary());
            }
        }
        out.flush();
    }

    /** Each query's plans: plain H2's EXPLAIN, the driver's EXPLAIN, H2's EXPLAIN of the physical SQL. */
    public static void printPlans(PrintWriter out, Map<ErpQuery, QueryPlans> plans) {
        for (QueryPlans p : plans.values()) {
            out.printf("%n%s: %s%n", p.query(), p.summary());
            print(out, "plain H2 EXPLAIN", p.plain());
            print(out, "driver EXPLAIN", p.driver());
            print(out, "H2 EXPLAIN of the physical SQL (encrypted database)", p.server());
        }
        out.flush();
    }

    private static void print(PrintWriter out, String title, List<String> lines) {
        out.printf("  %s:%n", title);
        for (String l : lines) {
            out.printf("    %s%n", l);
        }
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
