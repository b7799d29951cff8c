package org.maat.encdb.rewrite;

import java.sql.SQLException;

/**
 * The rows a write reads before it writes (the candidates of a row-by-row UPDATE/DELETE, the rows of
 * an INSERT ... SELECT): either a query the rewriter has planned onto the physical schema, or, when it
 * refuses to run the query wholly in H2, the application-level SELECT itself, which the driver runs
 * through its own query path (and so gets whatever that path can run, split between H2 and the client
 * included). Either way the values come back decrypted, in the query's column order.
 */
public sealed interface RowSource permits RowSource.Rewritten, RowSource.Application {

    /**
     * Opens an application-level query that asks for H2's physical row ids ({@code _ROWID_}), which a
     * row-by-row write needs to find its rows again. Without it, {@code _ROWID_} of a table whose plain-H2 row
     * id would be its (encrypted) integer primary key is refused: the physical row number differs from it.
     */
    String PHYSICAL_ROW_IDS = "/* maat:physical-rowid */ ";

    /** One method per kind of source. */
    interface Cases<R> {
        R rewritten(QueryPlan plan) throws SQLException;

        R application(String sql) throws SQLException;
    }

    <R> R accept(Cases<R> cases) throws SQLException;

    /** A query planned onto the physical schema, run by the connection's executor. */
    record Rewritten(QueryPlan plan) implements RowSource {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.rewritten(plan);
        }
    }

    /**
     * An application-level SELECT (plaintext SQL, the write's own {@code ?} parameters in the same
     * order), run through the driver as an application's query would be.
     */
    record Application(String sql) implements RowSource {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.application(sql);
        }
    }
}
