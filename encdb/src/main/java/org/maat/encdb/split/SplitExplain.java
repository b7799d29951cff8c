package org.maat.encdb.split;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;

/**
 * The text EXPLAIN shows: for a split, each scan (table, columns, estimate, what was pushed to H2 and
 * on which onions, the physical SQL, what is left to the client) and what the client H2 runs; for a
 * statement H2 runs whole, the physical SQL, the onions and layers of the columns it touches and the
 * client-side steps.
 */
public final class SplitExplain {

    private SplitExplain() {
    }

    static List<String> lines(List<SplitPlan.Scan> scans, List<String> ddl, String clientSql, StatementShape shape) {
        List<String> out = new ArrayList<>();
        int n = 0;
        for (SplitPlan.Scan s : scans) {
            List<String> cols = new ArrayList<>();
            s.columns().forEach(c -> cols.add(c.name()));
            if (s.read().rowId()) {
                cols.add(0, "_ROWID_");
            }
            out.add(String.format(Locale.ROOT, "H2 scan %d: %s cols %s est. %,.0f of %,.0f rows", ++n, s.table(),
                    cols.isEmpty() ? "(none)" : String.join(", ", cols), s.estimate().rows(), s.estimate().tableRows()));
            out.add("  pushed: " + (s.estimate().pushed().isEmpty() ? "(nothing)"
                    : String.join(" AND ", s.estimate().pushed())));
            out.add("  physical: " + s.read().query().sql());
            steps(s.read().query()).forEach(step -> out.add("  client step: " + step));
            if (!s.estimate().clientLeft().isEmpty()) {
                out.add("  client left: " + String.join("; ", s.estimate().clientLeft())
                        + "  (why: the rewriter cannot run it in H2, or it reads other tables)");
            }
        }
        List<String> idx = ddl.stream().filter(d -> d.startsWith("CREATE INDEX")).toList();
        out.add("client: load " + scans.size() + " table" + (scans.size() == 1 ? "" : "s")
                + (idx.isEmpty() ? "" : " (indexes on " + String.join(", ",
                        idx.stream().map(d -> d.substring(d.indexOf(" ON ") + 4)).toList()) + ")")
                + (ddl.size() > idx.size() ? ", " + (ddl.size() - idx.size()) + " view(s)" : "")
                + ", run: " + clientSql.strip().replaceAll("\\s+", " "));
        return out;
    }

    /** EXPLAIN of a statement H2 runs whole. */
    public static List<String> whole(QueryPlan plan, CatalogSnapshot catalog, String sql) {
        List<String> out = new ArrayList<>();
        out.add("strategy: H2");
        out.add("physical: " + plan.sql());
        String upper = sql.toUpperCase(Locale.ROOT);
        for (EncryptedTable t : catalog.tables().values().stream()
                .sorted((a, b) -> a.name().compareTo(b.name())).toList()) {
            if (!upper.matches("(?s).*\\b" + java.util.regex.Pattern.quote(t.name()) + "\\b.*")) {
                continue;
            }
            for (EncryptedColumn c : t.columns()) {
                if (c.plaintext() || !upper.matches("(?s).*\\b" + java.util.regex.Pattern.quote(c.name()) + "\\b.*")) {
                    continue;
                }
                StringBuilder b = new StringBuilder("  column " + c.qualifiedName() + ":");
                for (Onion o : Onion.values()) {
                    if (c.has(o)) {
                        b.append(' ').append(o).append('=').append(c.layer(o));
                    }
                }
                out.add(b.toString());
            }
        }
        steps(plan).forEach(s -> out.add("client step: " + s));
        return out;
    }

    private static List<String> steps(QueryPlan plan) {
        List<String> out = new ArrayList<>();
        if (!plan.filters().isEmpty()) {
            out.add("LIKE re-checked on decrypted values (" + plan.filters().size() + ")");
        }
        if (plan.clientDistinct()) {
            out.add("DISTINCT");
        }
        if (!plan.clientSort().isEmpty()) {
            out.add("ORDER BY on decrypted values");
        }
        if (plan.limit() != null || plan.offset() != null) {
            out.add("LIMIT/OFFSET");
        }
        return out;
    }
}
