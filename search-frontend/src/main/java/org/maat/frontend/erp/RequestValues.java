package org.maat.frontend.erp;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.maat.erp.ErpQuery;
import org.maat.erp.HrGenerator;
import org.maat.erp.ParameterStream;
import org.maat.erp.QueryParameters;
import org.maat.frontend.app.RequestException;

/**
 * Chooses the values one web request's execution of an ERP query binds: the parameters the request
 * names, and for the rest encdb's choices, never values of its own.
 * <ul>
 *   <li>Q7-Q15: the database's seeded defaults ({@link QueryParameters#values}), so a bare request is
 *       the same query every time (the evaluation's static requests);</li>
 *   <li>Q10R: Q10's defaults with new random salary bounds for every request
 *       ({@link QueryParameters#randomized});</li>
 *   <li>Q16, Q17, Q18 without {@code employee_id}: the next values of a {@link ParameterStream}
 *       shared by every request: Q16 a fresh id each time, Q17 a random existing employee, Q18 an
 *       employee an earlier Q16 inserted (none left: nothing to execute). With {@code employee_id}
 *       they take the seeded defaults.</li>
 * </ul>
 * Given values always win. A parameter the query does not have, or a value not of its type, is a
 * 400 naming the parameter. Thread-safe.
 */
public final class RequestValues {

    private final QueryParameters chooser;
    private final AtomicInteger inserted;
    private final Map<ErpQuery, Map<String, Object>> defaults = new EnumMap<>(ErpQuery.class);
    private final Map<ErpQuery, ParameterStream> streams = new EnumMap<>(ErpQuery.class);

    /**
     * @param generator the generator of the served database's data
     * @param seed      the seed choosing the defaults (the database's own: {@code maat erp query} uses it too)
     */
    public RequestValues(HrGenerator generator, long seed) {
        this.chooser = new QueryParameters(generator, seed);
        this.inserted = new AtomicInteger(chooser.newEmployeeId());
        for (ErpQuery q : ErpQuery.values()) {
            defaults.put(q, Map.copyOf(withoutNulls(chooser.values(q, Map.of()))));
            if (q.modifies()) {
                streams.put(q, new ParameterStream(q, chooser, generator, inserted));
            }
        }
    }

    /**
     * The values to bind, by parameter name in SQL order; empty when Q18 has nothing left to delete.
     *
     * @param given the request's parameters by name, blank ones already left out
     * @throws RequestException 400 naming a parameter {@code query} does not have or a malformed value
     */
    public Optional<Map<String, Object>> choose(ErpQuery query, Map<String, String> given, SplittableRandom rnd) {
        Map<String, Object> parsed = parse(query, given);
        Map<String, Object> values;
        if (drawsId(query, given)) {
            List<Object> next = streams.get(query).next(rnd);
            if (next == null) {
                return Optional.empty();
            }
            values = new LinkedHashMap<>();
            for (int i = 0; i < next.size(); i++) {
                values.put(query.params().get(i).name(), next.get(i));
            }
        } else {
            values = chooser.values(query, Map.of());
            if (query == ErpQuery.Q10R) {
                values = chooser.randomized(values, rnd);
            }
        }
        values.putAll(parsed);
        return Optional.of(values);
    }

    /** Whether {@code query} takes its {@code employee_id} from the shared stream for this request. */
    public boolean drawsId(ErpQuery query, Map<String, String> given) {
        return query.modifies() && !given.containsKey("employee_id");
    }

    /**
     * Q16 found the fresh id {@code taken} already in the table (rows left by an earlier server on the
     * same database, or inserted with an explicit id): later ids skip past it, by a step that doubles
     * with each consecutive {@code attempt}, so a long run of taken ids costs few retries.
     */
    public void skipTaken(int taken, int attempt) {
        int step = 1 << Math.min(attempt, 20);
        inserted.accumulateAndGet(taken + step, Math::max);
    }

    /** The seeded default of each parameter (absent when it is SQL NULL), as a bare request would bind it. */
    public Map<String, Object> defaults(ErpQuery query) {
        return defaults.get(query);
    }

    private static Map<String, Object> parse(ErpQuery query, Map<String, String> given) {
        Map<String, Object> parsed = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            try {
                parsed.put(e.getKey(), query.param(e.getKey()).parse(e.getValue()));
            } catch (IllegalArgumentException ex) {
                throw RequestException.badRequest(ex.getMessage());
            }
        }
        return parsed;
    }

    private static Map<String, Object> withoutNulls(Map<String, Object> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v != null) {
                out.put(k, v);
            }
        });
        return out;
    }
}
