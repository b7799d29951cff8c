package org.maat.core.search;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maat.core.task.AccessCaches;

/**
 * How the parts of a search task that decide what it returns are made: a query composer, an access filter and a
 * retrieval, made afresh for every search by {@link #newSearch} (the runtime calls it once per search task). Those
 * parts are confined task code that may be buggy; an object that served one session's search never serves
 * another's, so nothing one of them keeps in its fields reaches a later session's answer. The filter is made from
 * the runtime's {@link AccessCaches} (what the standard filter shares across searches, owned by the runtime). The
 * standard parts filter by the session; fault-injection tests swap in broken ones to show that the monitor stops
 * what they leak.
 */
public record SearchComponents(Supplier<QueryComposer> composer, Function<AccessCaches, AccessFilter> filter,
                               Supplier<Retrieval> retrieval) {

    public SearchComponents {
        Objects.requireNonNull(composer, "composer");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(retrieval, "retrieval");
    }

    /** The parts of one search, made for it alone. */
    public record Parts(QueryComposer composer, AccessFilter filter, Retrieval retrieval) {
        public Parts {
            Objects.requireNonNull(composer, "composer");
            Objects.requireNonNull(filter, "filter");
            Objects.requireNonNull(retrieval, "retrieval");
        }
    }

    /** Filtered by the session ({@link SessionFilter} over the runtime's caches). */
    public static SearchComponents standard() {
        return new SearchComponents(QueryComposer::standard, SessionFilter::new, Retrieval::standard);
    }

    /** Raw Lucene: the same parts without a filter (every matching document, as the index ranks it). */
    public static SearchComponents plain() {
        return new SearchComponents(QueryComposer::standard, caches -> AccessFilter.none(), Retrieval::standard);
    }

    /** Fresh parts for one search, the filter over {@code caches}. */
    public Parts newSearch(AccessCaches caches) {
        return new Parts(composer.get(), filter.apply(caches), retrieval.get());
    }

    public SearchComponents withComposer(Supplier<QueryComposer> composer) {
        return new SearchComponents(composer, filter, retrieval);
    }

    /** Another filter, made for each search from the runtime's caches (which it may ignore). */
    public SearchComponents withFilter(Function<AccessCaches, AccessFilter> filter) {
        return new SearchComponents(composer, filter, retrieval);
    }

    public SearchComponents withRetrieval(Supplier<Retrieval> retrieval) {
        return new SearchComponents(composer, filter, retrieval);
    }
}
