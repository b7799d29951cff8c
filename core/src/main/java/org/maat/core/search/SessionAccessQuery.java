package org.maat.core.search;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.policy.facts.FactSource;

/**
 * The documents one session may read under the standard templates, decided per candidate hit from
 * the doc values {@code template}, {@code owner} and {@code id}. It only verifies (a two-phase
 * check): the user's query leads and proposes candidates, so the cost grows with the candidates
 * Lucene actually scores, not with the index, and each check is a few array reads and hash
 * lookups on segments decoded once ({@link DecodedLeaf}). Identity equality, never cached: it belongs to one session and one query.
 */
final class SessionAccessQuery extends Query {

    private final String principal;
    private final Set<String> friends;
    private final Set<String> logged;
    private final Set<String> blocked;
    private final FactSource facts;
    private final DecodedLeaf.Cache leaves;
    /** Friends of friends, computed the first time a fof document is a candidate (rarely). */
    private Set<String> friendsOfFriends;

    /**
     * @param principal the session's principal, or null (then only public documents match)
     * @param friends the owners X with {@code friend(X, principal)}
     * @param logged the documents D with {@code logged(principal, D)}, when the principal is an employee
     * @param blocked the documents blocked in the session's region
     */
    SessionAccessQuery(String principal, Set<String> friends, Set<String> logged, Set<String> blocked,
                       FactSource facts, DecodedLeaf.Cache leaves) {
        this.leaves = leaves;
        this.principal = principal;
        this.friends = friends;
        this.logged = logged;
        this.blocked = blocked;
        this.facts = facts;
    }

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
        return new ConstantScoreWeight(this, boost) {
            @Override
            public Scorer scorer(LeafReaderContext context) throws IOException {
                LeafReader reader = context.reader();
                DecodedLeaf decoded = leaves.of(reader);
                SortedDocValues templates = DocValues.getSorted(reader, IndexFields.TEMPLATE);
                SortedDocValues owners = DocValues.getSorted(reader, IndexFields.OWNER);
                SortedDocValues ids = DocValues.getSorted(reader, IndexFields.ID);
                DocIdSetIterator all = DocIdSetIterator.all(reader.maxDoc());
                TwoPhaseIterator check = new TwoPhaseIterator(all) {
                    @Override
                    public boolean matches() throws IOException {
                        int doc = all.docID();
                        if (!templates.advanceExact(doc)) {
                            return false;
                        }
                        AccessTemplate template = decoded.templateByOrd[templates.ordValue()];
                        return readable(template, doc) && !(template.censored() && isBlocked(doc));
                    }

                    private boolean readable(AccessTemplate template, int doc) throws IOException {
                        String base = template.base();
                        if (base.equals("public")) {
                            return true;
                        }
                        if (base.equals(AccessTemplate.OTHER) || principal == null || !owners.advanceExact(doc)) {
                            return false;
                        }
                        String owner = decoded.ownerByOrd[owners.ordValue()];
                        if (owner.equals(principal)) {
                            return true;
                        }
                        boolean friendly = base.equals("friends") || base.equals("fof") || base.equals("mal");
                        if (friendly && friends.contains(owner)) {
                            return true;
                        }
                        if (base.equals("fof") && friendsOfFriends().contains(owner)) {
                            return true;
                        }
                        return template.mal() && !logged.isEmpty() && logged.contains(id(doc));
                    }

                    private boolean isBlocked(int doc) throws IOException {
                        return !blocked.isEmpty() && blocked.contains(id(doc));
                    }

                    private String id(int doc) throws IOException {
                        return ids.advanceExact(doc) ? decoded.idByOrd[ids.ordValue()] : "";
                    }

                    @Override
                    public float matchCost() {
                        return 10;
                    }
                };
                return new ConstantScoreScorer(this, score(), scoreMode, check);
            }

            @Override
            public boolean isCacheable(LeafReaderContext ctx) {
                return false;
            }
        };
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
