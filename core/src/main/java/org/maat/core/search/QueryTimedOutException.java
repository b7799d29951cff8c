package org.maat.core.search;

import java.time.Duration;

/**
 * A query stopped at its deadline: nothing it found is released (a partial list would be a ranking
 * of part of the index). Not the caller's fault and not a failure of the index: HTTP 503.
 */
public final class QueryTimedOutException extends RuntimeException {

    public QueryTimedOutException(Duration budget) {
        this("the query ran longer than its " + budget.toMillis() + " ms budget and was stopped; "
                + "simplify it (fewer fuzzy~ or prefix* terms) or try again");
    }

    /** A timeout a shard server reported, in the words of the runtime that received it (never the shard's text). */
    public QueryTimedOutException(String message) {
        super(message);
    }
}
