package org.maat.core.search;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.search.Query;
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
 * <p>Chosen over post-filtering with over-fetch, and over a query of term clauses: the filter is a
 * two-phase check ({@link SessionAccessQuery}) that reads a candidate's doc values only when the
 * user's query proposes it, so it costs a few lookups per scored candidate, never needs a second
 * round when many top hits are unreadable, and gives exactly the plain order minus unreadable
 * documents. The blacklist of a region is looked up once per fact version.
 */
public final class SessionFilter implements AccessFilter {

    private final Map<String, Blacklist> blacklists = new ConcurrentHashMap<>();
    private final DecodedLeaf.Cache leaves = new DecodedLeaf.Cache();

    private record Blacklist(long factVersion, Set<String> ids) {
    }

    @Override
    public Optional<Query> filter(Session session, FactSource facts) {
        String me = session.principal();
        Set<String> friends = me == null ? Set.of() : facts.neighbours("friend", 1, me);
        Set<String> logged = me != null && facts.contains("employee", List.of(me))
                ? facts.neighbours("logged", 0, me) : Set.of();
        Set<String> blocked = session.region() == null ? Set.of() : blacklist(session.region(), facts);
        return Optional.of(new SessionAccessQuery(me, friends, logged, blocked, facts, leaves));
    }

    private Set<String> blacklist(String region, FactSource facts) {
        long version = facts.version();
        Blacklist known = blacklists.get(region);
        if (known == null || known.factVersion() != version) {
            known = new Blacklist(version, Set.copyOf(facts.neighbours("blocked", 0, region)));
            blacklists.put(region, known);
        }
        return known.ids();
    }
}
