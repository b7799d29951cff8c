package org.maat.bench.tpch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.maat.core.progress.Progress;
import org.maat.encdb.advise.AnnotatedSchema;
import org.maat.encdb.advise.OnionAdvisor;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.jdbc.ShippingStats;

/**
 * TPC-H through the encrypted layer against plain H2, in one run: generates the 8 tables at a scale factor,
 * has {@link OnionAdvisor} choose the onions from the 22 queries, loads plain H2 and the driver (both H2
 * files under the work directory, which is deleted at the end), then runs each selected query on both
 * (warm-up runs, then timed runs whose median is kept), compares the results exactly
 * ({@link ResultComparison}) and records what H2 shipped to the driver's client side. A refusal (0A000) or
 * error of one query is recorded and the run goes on. H2's reuse of repeated results is off on both sides.
 */
public final class TpchBenchmark {

    /**
     * @param scaleFactor TPC-H scale factor (0.01 = 10 MB of raw data)
     * @param runs        timed runs per query and side (median kept)
     * @param warmups     untimed runs before them (the driver's first peels onion layers)
     * @param queries     query numbers 1-22 to run
     * @param workDir     where the two databases are created (must not exist or be empty); deleted at the end
     * @param batch       rows per INSERT batch
     * @param storage     H2 files under the work directory (the benchmark) or in-memory databases (tests)
     */
    public record Options(double scaleFactor, int runs, int warmups, List<Integer> queries, Path workDir, int batch,
            Storage storage) {

        public Options {
            if (!(scaleFactor > 0) || scaleFactor > 300) {
                throw new IllegalArgumentException("scale factor must be above 0 and at most 300, not " + scaleFactor);
            }
            if (runs < 1 || warmups < 0 || batch < 1) {
                throw new IllegalArgumentException("runs and batch must be at least 1, warm-ups at least 0");
            }
            for (int q : queries) {
                if (q < 1 || q > 22) {
                    throw new IllegalArgumentException("TPC-H has queries 1 to 22, not " + q);
                }
            }
            queries = List.copyOf(queries);
        }
    }

    /** Where the two H2 databases keep their data; the key file is in the work directory either way. */
    public enum Storage {
        /** H2 files under the work directory: what the benchmark measures. */
        FILES,
        /** Named in-memory databases, gone when closed: small scale factors in tests. */
        MEMORY
    }

    private final Options options;
    private final Progress.Factory progress;
    private final Consumer<String> log;

    public TpchBenchmark(Options options, Progress.Factory progress, Consumer<String> log) {
        this.options = options;
        this.progress = progress;
        this.log = log;
    }

    /** The default work directory: a fresh directory under the system temp directory. */
    public static Path defaultWorkDir() {
        return Path.of(System.getProperty("java.io.tmpdir")).resolve("maat-tpch-bench-" + ProcessHandle.current().pid());
    }

    public TpchReport run(String command) throws SQLException {
        long start = System.nanoTime();
        List<TpchQuery> all = TpchQuery.all(options.scaleFactor());
        Map<String, String> workload = new LinkedHashMap<>();
        all.forEach(q -> workload.put(q.label(), q.sql()));
        AnnotatedSchema schema = OnionAdvisor.advise(TpchSchema.CREATE_TABLES, workload);
        Path work = options.workDir().toAbsolutePath();
        try {
            if (Files.isDirectory(work)) {
                try (Stream<Path> s = Files.list(work)) {
                    if (s.findAny().isPresent()) {
                        throw new IllegalArgumentException("work directory " + work + " is not empty");
                    }
                }
            }
            Files.createDirectories(work);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the work directory " + work, e);
        }
        boolean files = options.storage() == Storage.FILES;
        String memory = "mem:tpch-" + java.util.UUID.randomUUID();
        try (Connection plain = DriverManager.getConnection("jdbc:h2:" + (files ? "file:" + work.resolve("plain/tpch")
                : memory + "-plain") + ";OPTIMIZE_REUSE_RESULTS=FALSE");
                Connection maat = DriverManager.getConnection("jdbc:maat:h2:" + (files ? "file:" + work.resolve("maat/tpch")
                        : memory + "-maat") + ";OPTIMIZE_REUSE_RESULTS=FALSE", keyProperties(work))) {
            TpchLoader loader = new TpchLoader(options.scaleFactor(), options.batch());
            OptionalLong estimate = OptionalLong.of(Math.round(TpchLoader.ROWS_AT_SF1 * options.scaleFactor()));
            long t0 = System.nanoTime();
            Map<String, Long> rows;
            try (Progress p = progress.start("load plain H2", "rows", estimate)) {
                rows = loader.load(plain, TpchSchema.CREATE_TABLES, p);
            }
            long t1 = System.nanoTime();
            try (Progress p = progress.start("load through the driver", "rows", estimate)) {
                loader.load(maat, schema.ddl(), p);
            }
            long t2 = System.nanoTime();
            long total = rows.values().stream().mapToLong(Long::longValue).sum();
            log.accept(String.format(java.util.Locale.ROOT, "loaded %,d rows: plain H2 %.1f s, driver %.1f s (%,.0f rows/s)",
                    total, (t1 - t0) / 1e9, (t2 - t1) / 1e9, total / ((t2 - t1) / 1e9)));
            List<QueryOutcome> outcomes = new ArrayList<>();
            try (Progress p = progress.start("queries", "queries", OptionalLong.of(options.queries().size()))) {
                for (int n : options.queries()) {
                    TpchQuery q = all.get(n - 1);
                    p.describe(q.label());
                    QueryOutcome o = query(q, plain, maat);
                    log.accept(q.label() + ": " + o.status() + (o.detail().isEmpty() ? "" : " " + o.detail()));
                    outcomes.add(o);
                    p.step();
                }
            }
            return new TpchReport(command, options, rows, loader.skipped() / 2, (t1 - t0) / 1e9, (t2 - t1) / 1e9, schema, outcomes,
                    System.nanoTime() - start);
        } finally {
            delete(work);
        }
    }

    private static Properties keyProperties(Path work) {
        Properties p = new Properties();
        p.setProperty("maat.keyFile", work.resolve("tpch.key").toString());
        p.setProperty("maat.createKey", "true");
        return p;
    }

    private QueryOutcome query(TpchQuery q, Connection plain, Connection maat) {
        ResultRows expected;
        double plainMs;
        try {
            double[] times = new double[options.runs()];
            expected = timed(plain, q.sql(), times, null);
            plainMs = median(times);
        } catch (SQLException e) {
            return new QueryOutcome(q.label(), QueryOutcome.Status.PLAIN_ERROR, Double.NaN, Double.NaN, 0, 0, 0,
                    "plain H2 failed: " + e.getMessage(), q.changes());
        }
        ShippingStats stats;
        try {
            stats = maat.unwrap(MaatConnection.class).shippingStats();
            stats.countBytes(true); // the report gives the bytes H2 shipped
        } catch (SQLException e) {
            throw new IllegalStateException("the driver's connection is no MaatConnection", e);
        }
        try {
            double[] times = new double[options.runs()];
            ResultRows actual = timed(maat, q.sql(), times, stats);
            String diff = ResultComparison.difference(expected, actual, q.orderColumns());
            return new QueryOutcome(q.label(), diff == null ? QueryOutcome.Status.IDENTICAL : QueryOutcome.Status.MISMATCH,
                    plainMs, median(times), stats.rows(), stats.bytes(), expected.rows().size(),
                    diff == null ? "" : diff, q.changes());
        } catch (SQLException e) {
            boolean refused = e instanceof SQLFeatureNotSupportedException || "0A000".equals(e.getSQLState());
            return new QueryOutcome(q.label(), refused ? QueryOutcome.Status.REFUSED : QueryOutcome.Status.ERROR,
                    plainMs, Double.NaN, 0, 0, expected.rows().size(), firstLine(e.getMessage()), q.changes());
        }
    }

    /** Warm-ups, then timed runs into {@code times}; the last run's rows. Shipping counts only the last run. */
    private ResultRows timed(Connection c, String sql, double[] times, ShippingStats stats) throws SQLException {
        ResultRows last = null;
        try (Statement st = c.createStatement()) {
            for (int i = -options.warmups(); i < times.length; i++) {
                if (stats != null) {
                    stats.reset();
                }
                long t = System.nanoTime();
                try (ResultSet rs = st.executeQuery(sql)) {
                    last = ResultRows.read(rs);
                }
                if (i >= 0) {
                    times[i] = (System.nanoTime() - t) / 1e6;
                }
            }
        }
        return last;
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the work directory " + dir, e);
        }
    }
}
