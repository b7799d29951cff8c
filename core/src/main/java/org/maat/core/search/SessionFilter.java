package org.maat.core.search;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * The access filter of the standard document templates, computed from the session and the facts
 * and applied inside Lucene as a non-scoring clause, so a search returns the top k readable
 * documents in plain-Lucene order (no over-fetch, no second round). A document matches when
 * <pre>
 *   (access:public
 *    or owner:K                                          -- any standard template admits its owner
 *    or (access in {friends, fof, mal} and owner in {X : friend(X, K)})
 *    or (access:fof and owner in {X : friend(X, F) and friend(F, K)})
 *    or (mal:true and id in {D : logged(K, D)}, when employee(K)))
 *   and not (censored:true and id in {D : blocked(R, D)})   -- R: the session's region
 * </pre>
 * A document whose policy is not a standard template never matches: the filter does not know its
 * rules. The clauses repeat across queries (the public clause, a region's blacklist), so
 * Lucene's query cache keeps their bitsets; the per-region blacklist query is built once per fact
 * version.
 *
 * <p>Chosen over post-filtering with over-fetch: the filter costs a few term lookups per query and
 * never needs a second round when many top hits are unreadable, and it gives exactly the plain
 * order minus unreadable documents.
 */
public final class SessionFilter implements AccessFilter {

    private static final Query PUBLIC = new TermQuery(new Term(IndexFields.ACCESS, "public"));
    private static final Query NOT_OTHER = new TermQuery(new Term(IndexFields.ACCESS, AccessTemplate.OTHER));
    private static final Query FRIEND_BASES = new TermInSetQuery(IndexFields.ACCESS,
            List.of(new BytesRef("friends"), new BytesRef("fof"), new BytesRef("mal")));
    private static final Query FOF = new TermQuery(new Term(IndexFields.ACCESS, "fof"));
    private static final Query MAL = new TermQuery(new Term(IndexFields.MAL, "true"));
    private static final Query CENSORED = new TermQuery(new Term(IndexFields.CENSORED, "true"));

    private final Map<String, Blacklist> blacklists = new ConcurrentHashMap<>();

    private record Blacklist(long factVersion, Optional<Query> exclusion) {
    }

    @Override
    public Optional<Query> filter(Session session, FactSource facts) {
        String me = session.principal();
        BooleanQuery.Builder readable = new BooleanQuery.Builder().add(PUBLIC, Occur.SHOULD);
        if (me != null) {
            readable.add(new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(IndexFields.OWNER, me)), Occur.FILTER)
                    .add(NOT_OTHER, Occur.MUST_NOT).build(), Occur.SHOULD);
            Set<String> friends = facts.neighbours("friend", 1, me);
            if (!friends.isEmpty()) {
                readable.add(both(FRIEND_BASES, in(IndexFields.OWNER, friends)), Occur.SHOULD);
                Set<String> friendsOfFriends = new HashSet<>();
                for (String friend : friends) {
                    friendsOfFriends.addAll(facts.neighbours("friend", 1, friend));
                }
                readable.add(both(FOF, in(IndexFields.OWNER, friendsOfFriends)), Occur.SHOULD);
            }
            if (facts.contains("employee", List.of(me))) {
                Set<String> logged = facts.neighbours("logged", 0, me);
                if (!logged.isEmpty()) {
                    readable.add(both(MAL, in(IndexFields.ID, logged)), Occur.SHOULD);
                }
            }
        }
        Optional<Query> censored = session.region() == null ? Optional.empty() : blacklist(session.region(), facts);
        if (censored.isEmpty()) {
            return Optional.of(readable.build());
        }
        return Optional.of(new BooleanQuery.Builder()
                .add(readable.build(), Occur.FILTER)
                .add(censored.get(), Occur.MUST_NOT).build());
    }

    private Optional<Query> blacklist(String region, FactSource facts) {
        long version = facts.version();
        Blacklist known = blacklists.get(region);
        if (known == null || known.factVersion() != version) {
            Set<String> blocked = facts.neighbours("blocked", 0, region);
            known = new Blacklist(version, blocked.isEmpty() ? Optional.empty()
                    : Optional.of(both(CENSORED, in(IndexFields.ID, blocked))));
            blacklists.put(region, known);
        }
        return known.exclusion();
    }

    private static Query both(Query a, Query b) {
        return new BooleanQuery.Builder().add(a, Occur.FILTER).add(b, Occur.FILTER).build();
    }

    private static Query in(String field, Set<String> values) {
        return new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
    }
}
