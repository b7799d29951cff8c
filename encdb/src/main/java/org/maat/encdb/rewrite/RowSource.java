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
