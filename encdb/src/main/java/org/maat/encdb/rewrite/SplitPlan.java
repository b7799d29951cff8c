package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.util.List;

/**
 * A SELECT that H2 cannot run whole over the onions, split in two: <em>scans</em>, application-level
 * single-table queries each planned by the rewriter (so constants are encrypted and layers peeled as for
 * any query) whose decrypted rows are loaded into the connection's private client H2, and the
 * application's own statement, which that client H2 then runs over the loaded rows. Because the client
 * engine is H2 over the same rows, the answer is plain H2's; pushed filters only ever remove rows the
 * statement could not use.
 *
 * <p>Holds no run-time values: it depends only on the SQL text and the catalog version (cacheable).
 */
public final class SplitPlan implements Plan {

    /**
     * One column of a client table: its name, the logical type H2 declares it with (null: the type the
     * server's table declares, for a plaintext column) and whether it may hold NULL (NOT NULL as declared,
     * so result metadata reports nullability as plain H2 does).
     */
    public record ClientColumn(String name, String type, boolean nullable) {
    }

    /**
     * How a scan reads its table on H2. {@code query} is the rewritten single-table query (or reducer join);
     * {@code parameterMap[i]} is the 0-based application parameter of its parameter i. {@code unfiltered} is
     * the same scan without pushed conditions (null when none were pushed), run when H2 refuses a pushed
     * condition for the values of one execution. When {@code rowId}, the query's first column is the physical
     * {@code _ROWID_}. {@code reducedBy} names the reducer join the query runs with (null: none); its rows are
     * then deduplicated by row id on the client.
     */
    public record Read(QueryPlan query, int[] parameterMap, boolean rowId, QueryPlan unfiltered, String reducedBy) {
        public Read {
            parameterMap = parameterMap.clone();
        }
    }

    /**
     * What EXPLAIN shows of a scan: the rows it is estimated to ship of the table's, the conditions pushed to
     * H2 and those left to the client.
     */
    public record Estimate(double rows, double tableRows, List<String> pushed, List<String> clientLeft) {
        public Estimate {
            pushed = List.copyOf(pushed);
            clientLeft = List.copyOf(clientLeft);
        }
    }

    /**
     * One scan: the client table {@code table} with {@code columns} that its rows fill, how H2 reads them
     * ({@link Read}), and its {@link Estimate}. When the read carries the row id, it is loaded as the
     * invisible client column {@code "maat$rowid"}, the client table's primary key, so the client's
     * {@code _ROWID_} is it.
     */
    public record Scan(String table, List<ClientColumn> columns, Read read, Estimate estimate) {
        public Scan {
            columns = List.copyOf(columns);
        }

        /** The scan's parameter values, taken from the application's. */
        public Object[] parameters(Object[] applicationParameters) {
            int[] map = read.parameterMap();
            Object[] out = new Object[map.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = applicationParameters[map[i]];
            }
            return out;
        }
    }

    private final List<Scan> scans;
    private final List<String> clientDdl;
    private final String clientSql;
    private final int parameters;
    private final List<String> explain;

    /**
     * @param clientDdl statements run on the client H2 after the scans are loaded (indexes, views), in order
     * @param clientSql the application's statement as the client H2 runs it
     * @param explain the lines EXPLAIN shows for this plan
     */
    public SplitPlan(List<Scan> scans, List<String> clientDdl, String clientSql, int parameters, List<String> explain) {
        this.scans = List.copyOf(scans);
        this.clientDdl = List.copyOf(clientDdl);
        this.clientSql = clientSql;
        this.parameters = parameters;
        this.explain = List.copyOf(explain);
    }

    public List<Scan> scans() {
        return scans;
    }

    public List<String> clientDdl() {
        return clientDdl;
    }

    public String clientSql() {
        return clientSql;
    }

    public List<String> explain() {
        return explain;
    }

    @Override
    public int parameters() {
        return parameters;
    }

    @Override
    public boolean cacheable() {
        return true;
    }

    @Override
    public <R> R accept(Cases<R> cases) throws SQLException {
        return cases.split(this);
    }
}
