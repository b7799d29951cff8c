package org.maat.core.search;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.FixedBitSet;
import org.maat.core.index.AccessTemplate;
import org.maat.core.task.AccessCaches;
import org.maat.core.task.Blacklist;
import org.maat.core.task.ReadableDocsIterator;
import org.maat.core.task.SegmentAccess;
import org.maat.policy.facts.FactSource;

/**
 * The documents one session may read under the standard templates, as a bitset per segment: the
 * region's public documents not blocked there ({@link SegmentAccess.RegionDocs}, shared by every
 * session of the region), plus the few documents only this session may read -- its own, its
 * friends' friends-only, friend-of-friend and MAL ones, its friends' friends' friend-of-friend ones
 * (looked up only in a segment holding that template) and, for an employee, the MAL documents it
 * logged -- unless blocked. The iterator is a {@link ReadableDocsIterator} with an exact cost (reads only: the
 * region's set is shared), so a hit is checked with one bit read. Identity equality, never cached by Lucene: it belongs to one
 * session and one query (its shared part is cached by the runtime's {@link AccessCaches}).
 */
final class SessionAccessQuery extends Query {

    private final String principal;
    private final String region;
    private final Set<String> friends;
    private final Set<String> logged;
    private final Blacklist blacklist;
    private final FactSource facts;
    private final AccessCaches segments;
    /** Friends of friends, computed the first time a segment with a fof document is searched (rarely). */
    private Set<String> friendsOfFriends;

    /**
     * @param principal the session's principal, or null (then only public documents match)
     * @param region    the session's region, or null
     * @param friends   the owners X with {@code friend(X, principal)}
     * @param logged    the documents D with {@code logged(principal, D)}, when the principal is an employee
     * @param blacklist the documents blocked in the session's region
     */
    SessionAccessQuery(String principal, String region, Set<String> friends, Set<String> logged, Blacklist blacklist,
                       FactSource facts, AccessCaches segments) {
        this.principal = principal;
        this.region = region;
        this.friends = friends;
        this.logged = logged;
        this.blacklist = blacklist;
        this.facts = facts;
        this.segments = segments;
    }

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
        return new ConstantScoreWeight(this, boost) {
            @Override
            public Scorer scorer(LeafReaderContext context) throws IOException {
                LeafReader reader = context.reader();
                SegmentAccess segment = segments.segment(reader);
                SegmentAccess.RegionDocs shared = segment.region(reader, region, blacklist);
                Personal personal = new Personal(segment, shared);
                if (principal != null) {
                    personal.addOwned(reader);
                }
                long cost = shared.readablePublicCount() + personal.added;
                if (cost == 0) {
                    return null;
                }
                ReadableDocsIterator readable = personal.bits == null ? shared.readablePublic()
                        : new ReadableDocsIterator(personal.bits, cost);
                return new ConstantScoreScorer(this, score(), scoreMode, readable);
            }

            @Override
            public boolean isCacheable(LeafReaderContext ctx) {
                return false;
            }
        };
    }

    /** The documents of one segment readable by this session only, added to a copy of the shared set. */
    private final class Personal {
        private final SegmentAccess segment;
        private final SegmentAccess.RegionDocs shared;
        FixedBitSet bits;
        int added;

        Personal(SegmentAccess segment, SegmentAccess.RegionDocs shared) {
            this.segment = segment;
            this.shared = shared;
        }

        void addOwned(LeafReader reader) throws IOException {
            // Any standard template admits its owner.
            for (int doc : segment.personalDocs(principal)) {
                add(doc);
            }
            for (String friend : friends) {
                for (int doc : segment.personalDocs(friend)) {
                    String base = segment.templateOf(doc).base();
                    if (base.equals("friends") || base.equals("fof") || base.equals("mal")) {
                        add(doc);
                    }
                }
            }
            if (segment.hasFriendOfFriend()) {
                for (String owner : friendsOfFriends()) {
                    for (int doc : segment.personalDocs(owner)) {
                        if (segment.templateOf(doc).base().equals("fof")) {
                            add(doc);
                        }
                    }
                }
            }
            for (String id : logged) {
                SegmentAccess.docsWithId(reader, id, doc -> {
                    AccessTemplate template = segment.templateOf(doc);
                    if (template != null && template.mal() && !template.base().equals(AccessTemplate.OTHER)) {
                        add(doc);
                    }
                });
            }
        }

        private void add(int doc) {
            if (shared.isBlocked(doc)) {
                return;
            }
            if (bits == null) {
                bits = shared.copyOfReadablePublic();
            }
            if (!bits.getAndSet(doc)) {
                added++;
            }
        }
    }

    private synchronized Set<String> friendsOfFriends() {
        if (friendsOfFriends == null) {
            Set<String> owners = new HashSet<>();
            for (String friend : friends) {
                owners.addAll(facts.neighbours("friend", 1, friend));
            }
            friendsOfFriends = owners;
        }
        return friendsOfFriends;
    }

    @Override
    public void visit(QueryVisitor visitor) {
        visitor.visitLeaf(this);
    }

    @Override
    public String toString(String field) {
        return "SessionAccess(" + principal + ")";
    }

    @Override
    public boolean equals(Object other) {
        return this == other;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
