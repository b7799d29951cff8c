package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import java.util.stream.Collectors;
import org.maat.core.search.QueryComposer;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardService;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "the shared readers and query cache: a task's searcher gives no handle on the query cache
 * every search shares". It needs none: {@code IndexSearcher.createWeight} wraps every non-scoring weight a task
 * asks for in the shared {@code LRUQueryCache}, and that cache keys an entry by {@code Weight.getQuery()} -- a
 * value the task's own {@code Weight} chooses. A buggy search task defines a query whose weight names, as its
 * query, the negated clause of another user's query ({@code -budg*}) and matches the documents it wants; it asks
 * for that weight a few times (the caching policy wants a clause seen 4 times) and the cache stores its
 * documents under the honest clause's key. Every later search with that clause, by any user, the runtime's own
 * trusted ranking included, then excludes what the task chose. No rule names it (no {@code getQueryCache}, no
 * listener, no static field), and nothing crosses the task's boundary.
 */
class SharedQueryCachePoisoningTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 28);
    private static Set<String> blockedInR0;

    private static final List<String> PREFIXES = List.of("budg", "fish", "coun", "ener", "trea", "farm", "wate",
            "tran", "righ", "mark", "tax", "safe", "vote", "comm", "repo", "agri", "heal", "clim", "trad", "parl",
            "budge", "fishi", "counc", "energ", "treat");

    @BeforeAll
    static void readTheBlacklist() throws IOException {
        blockedInR0 = review.service().data().engine().facts().neighbours("blocked", 0, "r0");
    }

    private static String storedTitle(TaskContext ctx, String id) throws IOException {
        return ReviewAttacks.storedTitle(ctx.searchers(), id);
    }

    private static String observerQuery(int round) {
        return "parliament + -" + PREFIXES.get(round) + "*";
    }

    /** The carriers, public knowledge: {@link PublicCarriers#firstInSegment} of shard 0 (they match "parliament"). */
    private static List<String[]> carriers(IndexSearcher searcher) throws IOException {
        return PublicCarriers.firstInSegment(searcher, blockedInR0);
    }

    /** The negated clause of {@code text} as Lucene's BooleanWeight asks the cache for it: rewritten, boosts unwrapped. */
    static Query negatedClause(IndexSearcher searcher, String text) throws IOException {
        Query rewritten = searcher.rewrite(QueryComposer.standard().compose(text, Optional.empty()));
        Query found = negatedIn(rewritten);
        if (found == null) {
            throw new IllegalStateException("no negated clause in " + rewritten);
        }
        return found;
    }

    private static Query negatedIn(Query q) {
        while (q instanceof BoostQuery b) {
            q = b.getQuery();
        }
        if (q instanceof BooleanQuery bq) {
            for (BooleanClause clause : bq.clauses()) {
                if (clause.getOccur() == BooleanClause.Occur.MUST_NOT) {
                    Query n = clause.getQuery();
                    while (n instanceof BoostQuery b) {
                        n = b.getQuery();
                    }
                    return n;
                }
                Query inner = negatedIn(clause.getQuery());
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** A query whose weight says it is {@code key} and matches {@code docs} (on the one segment it is asked about). */
    static final class Impersonating extends Query {
        private final Query key;
        private final FixedBitSet docs;

        Impersonating(Query key, FixedBitSet docs) {
            this.key = key;
            this.docs = docs;
        }

        @Override
        public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
            return new ConstantScoreWeight(key, 1f) {
                @Override
                public Scorer scorer(LeafReaderContext context) {
                    return new ConstantScoreScorer(this, 1f, scoreMode, new BitSetIterator(docs, docs.cardinality()));
                }

                @Override
                public boolean isCacheable(LeafReaderContext ctx) {
                    return true;
                }
            };
        }

        @Override
        public void visit(QueryVisitor visitor) {
            visitor.visitLeaf(this);
        }

        @Override
        public String toString(String field) {
            return "impersonating " + key;
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }

        @Override
        public int hashCode() {
            return Objects.hash(System.identityHashCode(this));
        }
    }

    /**
     * What the buggy task does on shard {@code searcher}: stores, under the key of the negated clause of
     * {@link #observerQuery(int) round}'s query, the clause's honest documents minus the carriers of the
     * 0-bits of {@code c}, plus those of its 1-bits.
     */
    static void poison(IndexSearcher searcher, int round, char c) throws IOException {
        LeafReaderContext leaf = searcher.getIndexReader().leaves().get(0);
        Query key = negatedClause(searcher, observerQuery(round));
        FixedBitSet docs = new FixedBitSet(leaf.reader().maxDoc());
        // (a scoring weight: the cache never sees it, so the honest documents are not cached first)
        Scorer honest = searcher.createWeight(key, ScoreMode.COMPLETE, 1f).scorer(leaf);
        if (honest != null) {
            DocIdSetIterator it = honest.iterator();
            for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
                docs.set(d);
            }
        }
        List<String[]> carrying = carriers(searcher);
        for (int b = 0; b < carrying.size(); b++) {
            int doc = Integer.parseInt(carrying.get(b)[0]);
            if ((c >> b & 1) == 1) {
                docs.set(doc);
            } else {
                docs.clear(doc);
            }
        }
        Query impersonating = new Impersonating(key, docs);
        for (int use = 0; use < 6; use++) { // the caching policy caches a clause seen 4 times
            searcher.createWeight(impersonating, ScoreMode.COMPLETE_NO_SCORES, 1f).scorer(leaf);
        }
    }

    @Test
    void aSearchTaskCannotPoisonTheSharedQueryCacheWithAPrivateTitle() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(0);
        String title = review.title(secretDoc.id());
        List<String[]> carriers = carriers(review.service().index().searcher(0)); // public documents: public knowledge
        assertThat(carriers).hasSize(PublicCarriers.BITS);
        assertThat(title.length()).isLessThanOrEqualTo(PREFIXES.size());
        String recovered = PublicCarriers.decode(title.length(), carriers, position -> {
            // u1's buggy search task: reads the title from the index, releases an ordinary (empty) list
            review.service().run(reader, "parliament", ctx -> {
                poison(ctx.searchers().searcher(0), position, storedTitle(ctx, secretDoc.id()).charAt(position));
                ctx.results().writeIds(List.of());
            });
            // u2's ordinary search ("parliament AND NOT <prefix>*"): which carriers are missing spells the character
            return new HashSet<>(review.service().search(observer, observerQuery(position), 1000));
        });
        assertThat(recovered).as("what u2 decoded from its own standard result lists; the title of %s, "
                + "which neither u1 nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }

    /**
     * The same at an in-process shard: a view of shard 0 whose retrieval is buggy serves u1; the shard's standard
     * search serves u2, and the hits of its {@link ShardResult} (what the shard server writes as its body and the
     * front-end merges) spell the title.
     */
    @Test
    void aShardsBuggyRetrievalCannotPoisonTheQueryCacheOfTheShardsOtherSearches() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        IndexSearcher shard0 = review.service().index().searcher(0);
        Conduit secretDoc = review.unreadableOnShard0(reader, observer);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        List<String[]> carriers = carriers(shard0); // public documents: public knowledge
        String recovered;
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            recovered = PublicCarriers.decode(title.length(), carriers, position -> {
                Retrieval buggy = (searchers, query, k) -> {
                    IndexSearcher searcher = searchers.searcher(0);
                    TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, secretId)), 1);
                    String read = searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
                    poison(searcher, position, read.charAt(position));
                    return Retrieval.standard().topIds(searchers, query, k);
                };
                standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy))
                        .search(new ShardQuery(reader.principal(), "r0", "parliament", 10));
                ShardResult seen = standard.search(new ShardQuery(observer.principal(), "r0", observerQuery(position),
                        1000));
                return seen.hits().stream().map(ShardHit::id).collect(Collectors.toSet());
            });
        }
        assertThat(recovered).as("what u2 decoded from shard 0's answers to its standard searches; the "
                + "title of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }
}
