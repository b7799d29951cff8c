package org.maat.frontend.erp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maat.erp.ErpQuery;
import org.maat.erp.QueryResult;

/**
 * What one request's execution of an ERP query answered, in the values JSON and the pages show:
 * numbers stay numbers, dates become ISO text ({@code 2005-06-30}), everything else text. A write
 * query has no columns or rows and an {@code updateCount}; a read query has rows and no update count.
 *
 * @param query         the query's name, e.g. {@code Q10R}
 * @param backend       {@code plain} or {@code encrypted}
 * @param parameters    the values bound, by parameter name in SQL order (empty when nothing ran)
 * @param elapsedMillis the execution and the reading of its whole result, without the wait for a connection
 * @param note          why nothing ran (Q18 with no inserted employee left), or null
 */
public record ErpAnswer(String query, String backend, Map<String, Object> parameters, List<String> columns,
                        List<List<Object>> rows, int rowCount, Integer updateCount, double elapsedMillis,
                        String note) {

    public ErpAnswer {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        columns = List.copyOf(columns);
        rows = rows.stream().map(r -> Collections.unmodifiableList(new ArrayList<>(r))).toList();
    }

    static ErpAnswer of(QueryResult result, String backend, Map<String, Object> values) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        values.forEach((k, v) -> parameters.put(k, cell(v)));
        List<List<Object>> rows = new ArrayList<>(result.rows().size());
        for (List<Object> row : result.rows()) {
            List<Object> out = new ArrayList<>(row.size());
            row.forEach(v -> out.add(cell(v)));
            rows.add(out);
        }
        boolean write = result.query().modifies();
        return new ErpAnswer(result.query().name(), backend, parameters, result.columns(), rows, result.rowCount(),
                write ? result.updateCount() : null, result.millis(), null);
    }

    static ErpAnswer nothingRan(ErpQuery query, String backend, String why) {
        return new ErpAnswer(query.name(), backend, Map.of(), List.of(), List.of(), 0, query.modifies() ? 0 : null,
                0, why);
    }

    /** The JSON body, fields in the documented order. */
    public Map<String, Object> json() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("query", query);
        body.put("backend", backend);
        body.put("parameters", parameters);
        body.put("columns", columns);
        body.put("rows", rows);
        body.put("rowCount", rowCount);
        body.put("updateCount", updateCount);
        body.put("elapsedMillis", elapsedMillis);
        if (note != null) {
            body.put("note", note);
        }
        return body;
    }

    /** A value as JSON and the pages carry it: H2's and Maat's drivers return dates as different types. */
    static Object cell(Object value) {
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime().toString();
        }
        return value.toString(); // text, and java.time values in ISO form
    }
}
