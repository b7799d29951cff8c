package org.maat.core.search;

import java.util.Objects;

/**
 * The parts of a search task that decide what it returns. The standard parts filter by the
 * session; fault-injection tests swap in broken ones to show that the monitor stops what they leak.
 */
public record SearchComponents(QueryComposer composer, AccessFilter filter, Retrieval retrieval) {

    public SearchComponents {
        Objects.requireNonNull(composer, "composer");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(retrieval, "retrieval");
    }

    /** Filtered by the session ({@link SessionFilter}). */
    public static SearchComponents standard() {
        return new SearchComponents(QueryComposer.standard(), new SessionFilter(), Retrieval.standard());
    }

    /** Raw Lucene: the same parts without a filter (every matching document, as the index ranks it). */
    public static SearchComponents plain() {
        return new SearchComponents(QueryComposer.standard(), AccessFilter.none(), Retrieval.standard());
    }

    public SearchComponents withComposer(QueryComposer composer) {
        return new SearchComponents(composer, filter, retrieval);
    }

    public SearchComponents withFilter(AccessFilter filter) {
        return new SearchComponents(composer, filter, retrieval);
    }

    public SearchComponents withRetrieval(Retrieval retrieval) {
        return new SearchComponents(composer, filter, retrieval);
    }
}
