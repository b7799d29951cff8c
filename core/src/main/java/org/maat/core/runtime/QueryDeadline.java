package org.maat.core.runtime;

import java.time.Duration;
import org.apache.lucene.index.QueryTimeout;

/** The moment a query's collection must stop: Lucene checks it while it scores ({@link QueryTimeout}). */
final class QueryDeadline implements QueryTimeout {

    private final long deadlineNanos;
    private final Duration budget;

    QueryDeadline(Duration budget) {
        this.budget = budget;
        this.deadlineNanos = System.nanoTime() + budget.toNanos();
    }

    @Override
    public boolean shouldExit() {
        return System.nanoTime() - deadlineNanos >= 0;
    }

    Duration budget() {
        return budget;
    }
}
