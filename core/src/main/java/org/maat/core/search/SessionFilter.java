package org.maat.core.search;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.search.Query;
import org.maat.core.task.AccessCaches;
import org.maat.core.task.Blacklist;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * The access filter of the standard document templates, computed from the session and the facts
 * and applied inside Lucene as a non-scoring clause, so a search returns the top k readable
 * documents in plain-Lucene order (no over-fetch, no second round). A document K's session may
 * read matches when
 * <pre>
 *   (template public
 *    or owner = K                                   -- any standard template admits its owner
 *    or (template friends|fof|mal and friend(owner, K))
 *    or (template fof and friend(owner, F) and friend(F, K))
 *    or (template mal or +mal, employee(K) and logged(K, id)))
 *   and not (+censorship and blocked(R, id))          -- R: the session's region
 * </pre>
 * A document whose policy is not a standard template never matches: the filter does not know its
 * rules.
 *
 * <p>Chosen over post-filtering with over-fetch, and over a query of term clauses: the filter is
 * a bitset per segment ({@link SessionAccessQuery}) that {@link TopHits} hands to Lucene's bulk
 * scorer as the documents it may accept (unreadable ones are skipped like deleted ones, before full
 * scoring) and checks again as hits are collected, so it never needs a second round when many top
 * hits are unreadable, and gives exactly the plain order minus unreadable documents. Building it costs a copy of the
 * region's shared public set and a few hash lookups, and only for a session that may read
 * documents beyond the public ones in that segment. What is shared is the runtime's
 * ({@link AccessCaches}, handed to the filter made for each search): cached per segment (decoded
 * once, dropped when the segment closes) and per region's blacklist (rebuilt when the blocked ids
 * change); what depends on the session (friends, MAL entries) is read from the facts at every
 * search, so a fact change shows in the next search. The filter itself keeps nothing.
 */
public final class SessionFilter implements AccessFilter {

    private final AccessCaches caches;

    /** A filter over the runtime's caches, the ones every search's filter is handed. */
    public SessionFilter(AccessCaches caches) {
        this.caches = Objects.requireNonNull(caches, "caches");
    }

    /** A filter over caches of its own (a filter used on its own, as in a test). */
    public SessionFilter() {
        this(new AccessCaches());
    }

    @Override
    public Optional<Query> filter(Session session, FactSource facts) {
        String me = session.principal();
        Set<String> friends = me == null ? Set.of() : facts.neighbours("friend", 1, me);
        Set<String> logged = me != null && facts.contains("employee", List.of(me))
                ? facts.neighbours("logged", 0, me) : Set.of();
        Blacklist blocked = session.region() == null ? Blacklist.NONE : caches.blacklist(session.region(), facts);
        return Optional.of(new SessionAccessQuery(me, session.region(), friends, logged, blocked, facts, caches));
    }

    /** The segments whose access data is cached (for tests: closed segments are dropped). */
    int cachedSegments() {
        return caches.cachedSegments();
    }
}
