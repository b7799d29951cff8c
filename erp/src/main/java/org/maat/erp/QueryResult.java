package org.maat.erp;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What one execution of an ERP query returned: column labels and rows for a SELECT, an update count
 * for Q16-Q18, and the wall-clock time. {@link #canonicalRows()} makes results from H2's driver and
 * Maat's comparable (numbers without trailing zeros, dates as ISO text; unordered queries sorted).
 */
public record QueryResult(ErpQuery query, List<String> columns, List<List<Object>> rows, int updateCount,
        long nanos) {

    public QueryResult {
        columns = List.copyOf(columns);
        rows = rows.stream().map(r -> Collections.unmodifiableList(new ArrayList<>(r))).toList();
    }

    public int rowCount() {
        return query.modifies() ? updateCount : rows.size();
    }

    public double millis() {
        return nanos / 1e6;
    }

    /** Rows as text in a driver-independent form; sorted unless the query fixes the order. */
    public List<String> canonicalRows() {
        List<String> out = new ArrayList<>();
        for (List<Object> row : rows) {
            out.add(row.stream().map(QueryResult::canonical).collect(Collectors.joining("|")));
        }
        if (!query.ordered()) {
            out.sort(null);
        }
        return out;
    }

    static String canonical(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof BigDecimal d) {
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return value.toString();
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        return value.toString().strip();
    }

    /** Prints a header, the rows separated by " | ", and a summary line with the time. */
    public void print(PrintWriter out, int maxRows) {
        if (query.modifies()) {
            out.printf("%s: %d row(s) affected in %.2f ms%n", query, updateCount, millis());
            return;
        }
        out.println(String.join(" | ", columns));
        int shown = 0;
        for (List<Object> row : rows) {
            if (shown++ == maxRows) {
                out.println("... (" + (rows.size() - maxRows) + " more)");
                break;
            }
            out.println(row.stream().map(v -> v == null ? "NULL" : v.toString()).collect(Collectors.joining(" | ")));
        }
        out.printf("%s: %d row(s) in %.2f ms%n", query, rows.size(), millis());
    }
}
