package org.maat.encdb.sqllogictest;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * The standing differential fuzzer: random tables and queries ({@link QueryGenerator}) run on plain H2 and
 * through the encrypted layer ({@code jdbc:maat:h2:mem:}), compared value by value as the sqllogictest
 * runner renders them ({@link SltRunner#render}): in order when the query orders every column, else as a
 * multiset. Where H2 raises an error the layer must raise one with the same SQLState; a refusal (0A000) is
 * counted apart, by kind. Every mismatch is shrunk ({@link FuzzCase#shrunk}) to a small reproduction.
 */
public final class SqlFuzzer {

    /** One reproduction: the shrunk case and both answers. */
    public record Mismatch(FuzzCase shrunk, String h2, String driver) {
        @Override
        public String toString() {
            return shrunk.script() + "\n-- H2:     " + h2 + "\n-- driver: " + driver;
        }
    }

    /** What a run found. */
    public static final class Report {
        public int queries;
        public int agrees;
        public int h2Errors;
        /** Time spent creating and filling tables, running queries, and shrinking mismatches. */
        public long setupNanos;
        public long queryNanos;
        public long shrinkNanos;
        public final Map<String, Integer> refusals = new TreeMap<>();
        public final List<Mismatch> mismatches = new ArrayList<>();

        public int refused() {
            return refusals.values().stream().mapToInt(Integer::intValue).sum();
        }

        public String summary() {
            return queries + " queries: " + agrees + " identical (" + h2Errors + " of them the same error as H2), "
                    + refused() + " refused, " + mismatches.size() + " mismatches; " + String.format(java.util.Locale.ROOT,
                    "%.1f s setting up tables, %.1f s querying, %.1f s shrinking", setupNanos / 1e9, queryNanos / 1e9,
                    shrinkNanos / 1e9);
        }
    }

    /** An answer: the rendered rows, or an error's SQLState and first line. */
    private record Answer(List<String> rows, String state, String message) {
        boolean refused() {
            return "0A000".equals(state);
        }

        @Override
        public String toString() {
            return rows != null ? rows.toString() : "error " + state + " " + message;
        }
    }

    private static final AtomicLong DATABASES = new AtomicLong();
    /** Queries asked of one schema before the next: filling the tables costs more than a query. */
    private static final int QUERIES_PER_SCHEMA = 100;

    private final Path keyFile;

    /** A fuzzer whose encrypted databases use the key in {@code keyFile} (created if absent). */
    public SqlFuzzer(Path keyFile) {
        this.keyFile = keyFile;
    }

    /**
     * Runs queries from {@code seed} until {@code maxQueries} have run or {@code deadlineNanos} (of
     * {@link System#nanoTime}) has passed; each shrunk mismatch goes to {@code onMismatch} as it is found.
     */
    public Report run(long seed, int maxQueries, long deadlineNanos, Consumer<Mismatch> onMismatch) throws Exception {
        Random r = new Random(seed);
        QueryGenerator gen = new QueryGenerator(r);
        Report report = new Report();
        // One pair of databases for the whole run, each schema's tables dropped before the next are made: a
        // new encrypted database would generate its Paillier key pair and precompute its tables again, which
        // costs more than filling a schema. Shrinking still runs on fresh databases.
        Databases db = null;
        try {
            while (report.queries < maxQueries && System.nanoTime() < deadlineNanos) {
                List<FuzzCase.Table> tables = gen.tables();
                long t0 = System.nanoTime();
                db = fill(db, new FuzzCase(tables, null));
                report.setupNanos += System.nanoTime() - t0;
                if (!db.filled) {
                    continue; // the layer refused the schema or rows: nothing to compare on
                }
                for (int i = 0; i < QUERIES_PER_SCHEMA && report.queries < maxQueries; i++) {
                    FuzzCase c = new FuzzCase(tables, gen.query(tables));
                    report.queries++;
                    long q0 = System.nanoTime();
                    Answer h2 = answer(db.h2, c.query());
                    Answer driver = answer(db.driver, c.query());
                    report.queryNanos += System.nanoTime() - q0;
                    if (driver.refused()) {
                        report.refusals.merge(SltRunner.kind(new SQLException(driver.message(), driver.state())), 1,
                                Integer::sum);
                    } else if (agree(h2, driver)) {
                        report.agrees++;
                        report.h2Errors += h2.rows() == null ? 1 : 0;
                    } else {
                        long s0 = System.nanoTime();
                        FuzzCase small = c.shrunk(this::mismatches);
                        Answer[] both = answers(small);
                        report.shrinkNanos += System.nanoTime() - s0;
                        // Not reproduced on fresh databases: the schemas dropped before this one matter.
                        Mismatch m = both == null || agree(both[0], both[1]) ? new Mismatch(c, String.valueOf(h2),
                                driver + " (only in the run's database, after earlier schemas were dropped)")
                                : new Mismatch(small, String.valueOf(both[0]), String.valueOf(both[1]));
                        report.mismatches.add(m);
                        onMismatch.accept(m);
                    }
                }
            }
        } finally {
            if (db != null) {
                db.close();
            }
        }
        return report;
    }

    /**
     * {@code c}'s tables in {@code db} once the last schema's are dropped (on both sides alike), or in
     * fresh databases when {@code db} is null or the drop did not run alike. The databases are kept when the
     * layer refuses a schema or a row ({@code filled} false): only its tables are dropped next time.
     */
    private Databases fill(Databases db, FuzzCase c) throws Exception {
        if (db != null) {
            for (String table : db.tables) {
                if ((execute(db.h2, "DROP TABLE " + table) == null) != (execute(db.driver, "DROP TABLE " + table) == null)) {
                    db.close();
                    return open(c);
                }
            }
            db.tables.clear();
            db.filled = setUp(db, c);
            return db;
        }
        return open(c);
    }

    private static boolean agree(Answer h2, Answer driver) {
        if (h2.rows() == null || driver.rows() == null) {
            return h2.rows() == null && driver.rows() == null && Objects.equals(h2.state(), driver.state());
        }
        return h2.rows().equals(driver.rows());
    }

    /** Whether {@code c} still gives different answers (not a refusal) on fresh databases. */
    boolean mismatches(FuzzCase c) {
        try {
            Answer[] a = answers(c);
            return a != null && !a[1].refused() && !agree(a[0], a[1]);
        } catch (Exception e) {
            return false;
        }
    }

    /** Whether the layer refuses {@code c}'s query (0A000) on fresh databases. */
    boolean refused(FuzzCase c) throws Exception {
        Answer[] a = answers(c);
        return a == null || a[1].refused();
    }

    private Answer[] answers(FuzzCase c) throws Exception {
        try (Databases db = open(c)) {
            if (!db.filled) {
                return null;
            }
            return new Answer[] {answer(db.h2, c.query()), answer(db.driver, c.query())};
        }
    }

    /** Two fresh databases holding {@code c}'s tables ({@code filled} false when the setup did not run alike). */
    private Databases open(FuzzCase c) throws Exception {
        long n = DATABASES.incrementAndGet();
        Connection h2 = DriverManager.getConnection("jdbc:h2:mem:fuzz" + n + "-plain");
        Connection driver;
        try {
            driver = MaatDriver.connect("jdbc:h2:mem:fuzz" + n + "-enc", KeyFile.createIfAbsent(keyFile));
        } catch (SQLException | RuntimeException e) {
            h2.close();
            throw e;
        }
        Databases db = new Databases(h2, driver);
        db.filled = setUp(db, c);
        return db;
    }

    /** Creates and fills {@code c}'s tables on both sides; false when a statement does not run alike. */
    private static boolean setUp(Databases db, FuzzCase c) {
        for (FuzzCase.Table t : c.tables()) {
            db.tables.add(t.name()); // dropped before the next schema, even if it was not made
        }
        for (String sql : c.setup()) {
            SQLException a = execute(db.h2, sql);
            SQLException b = execute(db.driver, sql);
            if ((a == null) != (b == null)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The plain and the encrypted database, the tables of the schema they hold now, and whether that schema's
     * setup ran alike on both.
     */
    private static final class Databases implements AutoCloseable {
        final Connection h2;
        final Connection driver;
        final List<String> tables = new ArrayList<>();
        boolean filled;

        Databases(Connection h2, Connection driver) {
            this.h2 = h2;
            this.driver = driver;
        }

        @Override
        public void close() throws SQLException {
            try (h2; driver) {
                // both closed, the in-memory databases dropped
            }
        }
    }

    private static SQLException execute(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    private static Answer answer(Connection c, FuzzCase.Query q) {
        List<String> rows = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(q.sql())) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    row.append(i > 1 ? " | " : "").append(SltRunner.render(rs.getObject(i), 'T'));
                }
                rows.add(row.toString());
            }
        } catch (SQLException e) {
            return new Answer(null, e.getSQLState(), String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        } catch (RuntimeException e) {
            return new Answer(null, "runtime", e.toString()); // never equal to H2's: a bug of the layer
        }
        if (!q.ordered()) {
            rows.sort(String::compareTo);
        }
        return new Answer(rows, null, null);
    }
}
