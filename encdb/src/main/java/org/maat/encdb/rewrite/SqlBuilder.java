package org.maat.encdb.rewrite;

import java.util.ArrayList;
import java.util.List;

/**
 * The physical statement being written: its text, with numbered parameters {@code ?1, ?2, ...}, and
 * the binders that fill them from the application's parameters at each execution.
 */
final class SqlBuilder {

    final StringBuilder sql = new StringBuilder();
    final List<ParameterBinder> binders;
    private final int[] counters; // [0] next physical parameter, [1] highest application parameter

    SqlBuilder() {
        this.binders = new ArrayList<>();
        this.counters = new int[] {1, 0};
    }

    private SqlBuilder(SqlBuilder parent) {
        this.binders = parent.binders;
        this.counters = parent.counters;
    }

    /** A builder for another clause of the same statement: own text, shared parameters and binders. */
    SqlBuilder fork() {
        return new SqlBuilder(this);
    }

    /** Reserves a physical parameter, writes {@code ?n} and returns n. */
    int parameter() {
        int n = counters[0]++;
        sql.append('?').append(n);
        return n;
    }

    SqlBuilder append(String s) {
        sql.append(s);
        return this;
    }

    void bind(ParameterBinder binder) {
        binders.add(binder);
    }

    /** Records that the application's statement has a parameter number {@code index} (1-based). */
    void sawAppParameter(int index) {
        counters[1] = Math.max(counters[1], index);
    }

    int appParameters() {
        return counters[1];
    }

    @Override
    public String toString() {
        return sql.toString();
    }
}
