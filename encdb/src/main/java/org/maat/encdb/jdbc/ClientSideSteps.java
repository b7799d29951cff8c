package org.maat.encdb.jdbc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.schema.SqlValues;

/**
 * The client-side steps of a query, on its decrypted rows, in SQL's order: the LIKE re-check of SEARCH
 * candidates (a row is a candidate when every keyword matched; the pattern decides), DISTINCT on the
 * visible columns, ORDER BY with H2's NULL placement, then OFFSET and LIMIT. They produce the rows H2
 * would have returned on plaintext.
 */
final class ClientSideSteps {

    private ClientSideSteps() {
    }

    /** Whether a decrypted row passes every LIKE re-check of {@code plan}. */
    static boolean matches(QueryPlan plan, Object[] row, Object[] params) throws SQLException {
        for (QueryPlan.LikeFilter f : plan.filters()) {
            if (!f.matches(row[f.column()], params)) {
                return false;
            }
        }
        return true;
    }

    /** DISTINCT, ORDER BY, OFFSET and LIMIT of {@code plan} over the rows that passed {@link #matches}. */
    static List<Object[]> apply(QueryPlan plan, List<Object[]> rows, Object[] params) throws SQLException {
        if (plan.clientDistinct()) {
            Set<List<Object>> seen = new HashSet<>();
            rows.removeIf(r -> !seen.add(Arrays.asList(Arrays.copyOf(r, plan.visible()))));
        }
        if (!plan.clientSort().isEmpty()) {
            rows.sort(comparator(plan.clientSort()));
        }
        int from = 0;
        if (plan.offset() != null) {
            from = (int) Math.min(rows.size(), Math.max(0, toLong(plan.offset().value(params))));
        }
        int to = rows.size();
        if (plan.limit() != null) {
            Object l = plan.limit().value(params);
            if (l != null) {
                to = (int) Math.min(rows.size(), from + Math.max(0, toLong(l)));
            }
        }
        return new ArrayList<>(rows.subList(from, to));
    }

    private static long toLong(Object v) {
        return SqlValues.toBigDecimal(v).longValue();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparator<Object[]> comparator(List<QueryPlan.SortKey> keys) {
        return (a, b) -> {
            for (QueryPlan.SortKey k : keys) {
                Object x = a[k.column()];
                Object y = b[k.column()];
                int c;
                if (x == null || y == null) {
                    if (x == y) {
                        continue;
                    }
                    return (x == null) == k.nullsFirst() ? -1 : 1; // NULL placement ignores ASC/DESC
                }
                if (x instanceof BigDecimal d && y instanceof BigDecimal e) {
                    c = d.compareTo(e);
                } else {
                    c = ((Comparable) x).compareTo(y);
                }
                if (!k.ascending()) {
                    c = -c;
                }
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }
}
