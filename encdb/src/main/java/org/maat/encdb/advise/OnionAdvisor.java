package org.maat.encdb.advise;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import org.maat.encdb.onion.Onion;

/**
 * Chooses each column's onions from the queries that will run over it, so that the driver encrypts
 * (and stores) only onions some query can use:
 *
 * <ul>
 *   <li><b>Eq</b> always (the driver requires it; equality, joins, GROUP BY and decryption use it);</li>
 *   <li><b>Ord</b> for numbers and dates compared by a range ({@code <}, {@code <=}, {@code >}, {@code >=},
 *       BETWEEN) with a constant, a parameter or an uncorrelated subquery, sorted by ORDER BY, or under
 *       MIN/MAX; a range between two columns is left to the client (two columns are under different OPE
 *       keys);</li>
 *   <li><b>Search</b> for text that a positive LIKE conjunct of a WHERE or ON filters (NOT LIKE, LIKE
 *       under OR or inside CASE are checked by the client, which Search cannot narrow for): keyword mode
 *       when every pattern holds a whole word bounded by the value's ends or non-alphanumeric characters,
 *       else {@code substring(k,k)} with k the shortest of the patterns' longest literal runs, at most 5;</li>
 *   <li><b>Add</b> (Paillier, the dominant cost of loading) only for a number, not part of a key, that a
 *       SUM or AVG takes bare in a query block H2 can otherwise run wholly over onions: elsewhere the
 *       client sums decrypted values and the Add onion would never be read.</li>
 * </ul>
 *
 * A column already annotated {@code maat:...} keeps its annotation. The result is advice, not a guarantee
 * that the driver runs every query: that depends on the driver's planner.
 */
public final class OnionAdvisor {

    /** Longest n-gram the advisor asks of a substring Search onion (each value yields about L of them). */
    static final int MAX_GRAM = 5;

    private OnionAdvisor() {
    }

    /**
     * @param createTables CREATE TABLE statements (H2 syntax), in creation order
     * @param workload     label (e.g. {@code Q6}) to SELECT statement, in any order
     * @throws SQLException a statement that cannot be parsed (42000) or a column type the onions do not know
     */
    public static AnnotatedSchema advise(List<String> createTables, Map<String, String> workload) throws SQLException {
        SchemaTables schema = new SchemaTables(createTables);
        WorkloadUsage usage = new WorkloadUsage(schema);
        for (Map.Entry<String, String> q : workload.entrySet()) {
            usage.add(q.getKey(), q.getValue());
        }
        List<String> ddl = new ArrayList<>();
        List<ColumnAdvice> advice = new ArrayList<>();
        for (SchemaTables.Table t : schema.tables()) {
            for (SchemaTables.Column c : t.columns().values()) {
                ColumnAdvice a = decide(c, usage.of(c));
                advice.add(a);
                if (a.annotation() != null) {
                    annotate(c.definition(), a.annotation());
                }
            }
            ddl.add(t.statement().toString());
        }
        return new AnnotatedSchema(ddl, advice);
    }

    private static ColumnAdvice decide(SchemaTables.Column c, ColumnNeeds n) {
        String type = c.type() == null ? c.definition().getColDataType().toString() : c.type().ddl();
        List<String> why = new ArrayList<>();
        if (c.declared() != null) {
            why.add("annotated " + c.declared() + " in the DDL: kept");
            return new ColumnAdvice(c.table(), c.name(), type, Set.of(), null, null, why);
        }
        Set<Onion> onions = EnumSet.of(Onion.EQ);
        why.add("eq: always" + (n.equality.isEmpty() ? "" : " (" + String.join(", ", n.equality) + ")"));
        if (!n.ord.isEmpty()) {
            onions.add(Onion.ORD);
            why.add("ord: " + String.join(", ", n.ord));
        }
        String search = "none";
        if (c.type().isText() && !n.search.isEmpty()) {
            onions.add(Onion.SEARCH);
            search = SearchMode.of(n.likePatterns, MAX_GRAM);
            why.add("search=" + search + ": " + String.join(", ", n.search));
        }
        if (!n.add.isEmpty()) {
            if (c.key()) {
                why.add("no add: a key column (the driver gives keys none) despite " + String.join(", ", n.add));
            } else if (c.type().isExactNumber()) {
                onions.add(Onion.ADD);
                why.add("add: " + String.join(", ", n.add));
            }
        }
        if (!n.clientOnly.isEmpty()) {
            why.add("client: " + String.join(", ", n.clientOnly));
        }
        String annotation = "maat:onions=" + new ColumnAdvice(c.table(), c.name(), type, onions, search, "", List.of())
                .onionList() + (c.type().isText() ? ";search=" + search : "");
        return new ColumnAdvice(c.table(), c.name(), type, onions, c.type().isText() ? search : null, annotation, why);
    }

    /** Adds {@code COMMENT 'annotation'} to a column definition (replacing a comment that is not Maat's). */
    private static void annotate(ColumnDefinition cd, String annotation) {
        List<String> specs = cd.getColumnSpecs() == null ? new ArrayList<>() : new ArrayList<>(cd.getColumnSpecs());
        for (int i = 0; i + 1 < specs.size(); i++) {
            if (specs.get(i).equalsIgnoreCase("COMMENT")) {
                specs.remove(i + 1);
                specs.remove(i);
                break;
            }
        }
        specs.add("COMMENT");
        specs.add("'" + annotation + "'");
        cd.setColumnSpecs(specs);
    }
}
