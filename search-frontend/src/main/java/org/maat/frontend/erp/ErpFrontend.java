package org.maat.frontend.erp;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpQuery;
import org.maat.erp.QueryParameters;
import org.maat.erp.QueryResult;
import org.maat.frontend.app.RequestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ERP application the front-end serves: encdb's queries Q7-Q18 and Q10R over one ERP database
 * directory, plain H2 or the encrypted layer (whichever its {@code erp.properties} says), through a
 * bounded connection pool. Each request holds one connection for one execution. Values come from
 * {@link RequestValues}; the SQL is encdb's ({@link ErpQuery}), run by encdb's {@code QueryRunner}.
 *
 * <p>Errors are {@link RequestException}s a page can show: 404 for an unknown query, 400 naming a
 * bad parameter, 409 when the database refuses the values (a key or constraint violation, e.g. an
 * explicit {@code employee_id} that exists), 500 with H2's one-line message for any other database
 * failure (logged with its trace), 503 when no connection comes free in time. Thread-safe;
 * {@link #close} closes every connection, so the database is closed when it returns (or when the
 * last running request ends).
 */
public final class ErpFrontend implements AutoCloseable {

    /** How long a request waits for a free connection before 503. */
    public static final Duration CONNECTION_WAIT = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger(ErpFrontend.class);

    /** Retries of Q16 after a fresh id was taken; with doubling skips they cover 2^32 taken ids. */
    private static final int MAX_ID_SKIPS = 32;

    private final ErpDatabase database;
    private final String backend;
    private final RequestValues values;
    private final RunnerPool pool;

    ErpFrontend(ErpDatabase database, int connections, Duration wait) {
        this.database = database;
        this.backend = database.kind().name().toLowerCase(Locale.ROOT);
        this.values = new RequestValues(database.generator(), database.seed());
        Properties settings = new Properties();
        // As 'maat bench erp' does by default: H2 would hand back the previous result of an identical
        // query on unchanged tables, and a load of repeated requests would time that cache, not the query.
        settings.setProperty("OPTIMIZE_REUSE_RESULTS", "FALSE");
        this.pool = new RunnerPool(database, settings, connections, wait);
    }

    /**
     * Opens the ERP database in {@code dir} with a pool of {@code connections}, and connects once, so
     * a wrong directory or key fails here rather than at the first request. An encrypted database's
     * master key comes from {@code keySource} (a {@code org.maat.keys.KeySources} spec), or from
     * {@code DIR/maat.key} when it is null.
     *
     * @throws IllegalArgumentException naming the directory if it is not a complete ERP database, or
     *                                  the key source is malformed, missing or not this database's
     * @throws org.maat.keys.KeyUnavailableException if the key cannot be had
     * @throws SQLException             if it cannot be opened (e.g. in use by another process)
     */
    public static ErpFrontend open(Path dir, String keySource, int connections) throws SQLException {
        ErpFrontend erp = new ErpFrontend(ErpDatabase.open(dir, keySource), connections, CONNECTION_WAIT);
        try {
            erp.pool.with(runner -> null);
        } catch (SQLException | RuntimeException e) {
            erp.close();
            throw e;
        }
        return erp;
    }

    /** {@code plain} or {@code encrypted}. */
    public String backend() {
        return backend;
    }

    public ErpDatabase database() {
        return database;
    }

    /**
     * The query a URL path segment names ({@code q7} ... {@code q18}, {@code q10r}, any case).
     *
     * @throws RequestException 404 listing the known ones
     */
    public static ErpQuery query(String segment) {
        for (ErpQuery q : ErpQuery.values()) {
            // Exactly the path segment (lower case): one spelling per query, the one the web routes list.
            if (path(q).equals(segment)) {
                return q;
            }
        }
        throw RequestException.notFound("no ERP query '" + segment + "' (known: "
                + Arrays.stream(ErpQuery.values()).map(ErpFrontend::path).collect(Collectors.joining(", ")) + ")");
    }

    /** The URL path segment of {@code query}, e.g. {@code q10r}. */
    public static String path(ErpQuery query) {
        return query.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Executes {@code query} once with the request's parameters ({@code given}, blank ones left out).
     *
     * @throws RequestException as the class comment says
     */
    public ErpAnswer execute(ErpQuery query, Map<String, String> given) {
        SplittableRandom rnd = new SplittableRandom();
        try {
            return pool.with(runner -> {
                for (int attempt = 0; ; attempt++) {
                    Optional<Map<String, Object>> chosen = values.choose(query, given, rnd);
                    if (chosen.isEmpty()) {
                        return ErpAnswer.nothingRan(query, backend, "no employee inserted by Q16 is left to delete");
                    }
                    Map<String, Object> v = chosen.get();
                    try {
                        QueryResult result = runner.run(query, QueryParameters.positional(query, v));
                        return ErpAnswer.of(result, backend, v);
                    } catch (SQLException e) {
                        if (query == ErpQuery.Q16 && values.drawsId(query, given) && isConstraintViolation(e)
                                && attempt < MAX_ID_SKIPS) {
                            values.skipTaken((Integer) v.get("employee_id"), attempt);
                            continue;
                        }
                        throw e;
                    }
                }
            });
        } catch (SQLException e) {
            if (isConstraintViolation(e)) {
                throw new RequestException(409, "conflict", query + ": the database refused these values: "
                        + oneLine(e));
            }
            LOG.error("{} on the {} ERP database failed", query, backend, e);
            throw new RequestException(500, "database", query + " failed in the database: " + oneLine(e));
        }
    }

    /** Every query's form, with nothing given. */
    public List<QueryForm> forms() {
        List<QueryForm> out = new ArrayList<>();
        for (ErpQuery q : ErpQuery.values()) {
            out.add(form(q, Map.of()));
        }
        return out;
    }

    /** {@code query}'s form, its fields holding what {@code given} names. */
    public QueryForm form(ErpQuery query, Map<String, String> given) {
        Map<String, Object> defaults = values.defaults(query);
        List<QueryForm.Field> fields = new ArrayList<>();
        for (ErpQuery.Param p : query.params()) {
            Object def = defaults.get(p.name());
            String placeholder = drawnPerRequest(query, p.name())
                    .orElse(def == null ? "NULL" : String.valueOf(ErpAnswer.cell(def)));
            fields.add(new QueryForm.Field(p.name(), p.type().name().toLowerCase(Locale.ROOT),
                    given.getOrDefault(p.name(), ""), placeholder));
        }
        return new QueryForm(query.name(), path(query), query.description(), query.modifies(), fields);
    }

    /** For a page: how a blank field is filled when the value is drawn anew per request (see {@link RequestValues}). */
    private static Optional<String> drawnPerRequest(ErpQuery query, String param) {
        String how = switch (query) {
            case Q10R -> param.startsWith("salary_") ? "random, within the job's salary range" : null;
            case Q16 -> param.equals("employee_id") ? "a fresh id" : param.equals("email") ? "made from the id" : null;
            case Q17 -> param.equals("employee_id") ? "a random employee"
                    : param.equals("salary") ? "random, within the job's salary range" : null;
            case Q18 -> param.equals("employee_id") ? "an employee inserted by Q16" : null;
            default -> null;
        };
        return Optional.ofNullable(how);
    }

    /** SQLState class 23: a key, unique, foreign key or check constraint refused the values. */
    private static boolean isConstraintViolation(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith("23");
    }

    /** H2's message without the statement it quotes and the error code suffix. */
    private static String oneLine(SQLException e) {
        String m = String.valueOf(e.getMessage());
        int cut = m.indexOf("; SQL statement:");
        if (cut >= 0) {
            m = m.substring(0, cut);
        }
        m = m.lines().findFirst().orElse("").strip();
        return m.length() > 300 ? m.substring(0, 300) + "..." : m;
    }

    @Override
    public void close() {
        pool.close();
    }
}
