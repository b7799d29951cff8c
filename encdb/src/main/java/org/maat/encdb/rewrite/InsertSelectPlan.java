package org.maat.encdb.rewrite;

/**
 * {@code INSERT INTO t [(columns)] SELECT ...}: the query's rows, decrypted on the client, are written
 * as one batch of the VALUES insert (every onion encrypted afresh for the target columns).
 *
 * @param parameters the application's parameters (those of the query)
 */
public record InsertSelectPlan(QueryPlan select, WritePlan insert, int parameters) implements Plan {

    @Override
    public <R> R accept(Cases<R> cases) throws java.sql.SQLException {
        return cases.insertSelect(this);
    }

    @Override
    public boolean cacheable() {
        return true;
    }
}
