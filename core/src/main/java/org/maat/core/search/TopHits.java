package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BulkScorer;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FilterCollector;
import org.apache.lucene.search.FilterLeafCollector;
import org.apache.lucene.search.FilterWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.maat.core.task.ReadableDocsIterator;

/**
 * The top k hits of a query on one shard, the way plain Lucene's {@code IndexSearcher.search(query,
 * k)} finds them. A query of the shape {@code +q #filter...} (one scoring clause, non-scoring
 * filters) runs as {@code q} alone with the filters checked when a hit is collected: same hits,
 * scores and order as Lucene's conjunction (filters do not score; ties go to the lower document),
 * but {@code q} keeps Lucene's fastest top-k path (MaxScore pruning over a top-level disjunction),
 * which a conjunction loses. A filter that is a bitset on a segment (the session filter) is also
 * handed to {@code q}'s bulk scorer as the documents it may accept, beside the live ones, so Lucene
 * skips the others before scoring them fully, as it skips deleted documents. Any other query runs
 * as it is.
 */
final class TopHits {

    /** What {@code IndexSearcher.search(query, k)} uses: exact counts up to 1,000 hits, then pruning. */
    private static final int TOTAL_HITS_THRESHOLD = 1_000;

    private TopHits() {
    }

    static TopDocs search(IndexSearcher searcher, Query query, int k) throws IOException {
        Query scoring = query;
        List<Query> filters = new ArrayList<>();
        if (query instanceof BooleanQuery b && isScoringClauseWithFilters(b)) {
            for (BooleanClause clause : b.clauses()) {
                if (clause.getOccur() == Occur.MUST) {
                    scoring = clause.getQuery();
                } else {
                    filters.add(clause.getQuery());
                }
            }
        }
        TopScoreDocCollectorManager top = new TopScoreDocCollectorManager(k, null, TOTAL_HITS_THRESHOLD, false);
        if (filters.isEmpty()) {
            return searcher.search(scoring, top);
        }
        Query combined = filters.get(0);
        if (filters.size() > 1) {
            BooleanQuery.Builder all = new BooleanQuery.Builder();
            filters.forEach(f -> all.add(f, Occur.FILTER));
            combined = all.build();
        }
        Weight filter = searcher.createWeight(searcher.rewrite(combined), ScoreMode.COMPLETE_NO_SCORES, 1f);
        // The bitset filters of the leaves searched so far: the collector finds a leaf's filter before
        // Lucene asks for that leaf's bulk scorer. Leaf contexts have identity equality (one search).
        Map<LeafReaderContext, Bits> accepted = new ConcurrentHashMap<>();
        return searcher.search(new AcceptingOnly(scoring, accepted), new FilteredManager(top, filter, accepted));
    }

    private static boolean isScoringClauseWithFilters(BooleanQuery b) {
        if (b.getMinimumNumberShouldMatch() != 0) {
            return false;
        }
        int must = 0;
        for (BooleanClause clause : b.clauses()) {
            switch (clause.getOccur()) {
                case MUST -> must++;
                case FILTER -> { }
                default -> {
                    return false;
                }
            }
        }
        return must == 1 && b.clauses().size() > 1;
    }

    /** Top-k collectors that pass on only the hits the filter weight matches. */
    private record FilteredManager(TopScoreDocCollectorManager top, Weight filter, Map<LeafReaderContext, Bits> accepted)
            implements CollectorManager<FilteringCollector, TopDocs> {

        @Override
        public FilteringCollector newCollector() {
            return new FilteringCollector(top.newCollector(), filter, accepted);
        }

        @Override
        public TopDocs reduce(Collection<FilteringCollector> collectors) throws IOException {
            List<TopScoreDocCollector> inner = new ArrayList<>();
            collectors.forEach(c -> inner.add(c.top));
            return top.reduce(inner);
        }
    }

    private static final class FilteringCollector extends FilterCollector {
        private final TopScoreDocCollector top;
        private final Weight filter;
        private final Map<LeafReaderContext, Bits> accepted;

        FilteringCollector(TopScoreDocCollector top, Weight filter, Map<LeafReaderContext, Bits> accepted) {
            super(top);
            this.top = top;
            this.filter = filter;
            this.accepted = accepted;
        }

        @Override
        public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
            LeafCollector leaf = in.getLeafCollector(context);
            Scorer scorer = filter.scorer(context);
            if (scorer == null) {
                return new FilterLeafCollector(leaf) {
                    @Override
                    public void collect(int doc) {
                    }
                };
            }
            if (scorer.iterator() instanceof ReadableDocsIterator set) {
                // A bitset filter (the session filter) is checked with one bit read, in any order.
                Bits bits = set.bits();
                accepted.put(context, bits);
                return new FilterLeafCollector(leaf) {
                    @Override
                    public void collect(int doc) throws IOException {
                        if (bits.get(doc)) {
                            in.collect(doc);
                        }
                    }
                };
            }
            TwoPhaseIterator twoPhase = scorer.twoPhaseIterator();
            DocIdSetIterator candidates = twoPhase == null ? scorer.iterator() : twoPhase.approximation();
            return new FilterLeafCollector(leaf) {
                @Override
                public void collect(int doc) throws IOException {
                    // Hits arrive in increasing order within a leaf, so the filter only moves forward.
                    int at = candidates.docID() < doc ? candidates.advance(doc) : candidates.docID();
                    if (at == doc && (twoPhase == null || twoPhase.matches())) {
                        in.collect(doc);
                    }
                }
            };
        }
    }

    /**
     * The scoring query, whose bulk scorer on each leaf accepts only the live documents that the
     * leaf's bitset filter holds (when it has one). Scores, and so ranking, are the scoring query's:
     * the same weight, only fewer documents offered to it. The collector still checks the filter.
     */
    private static final class AcceptingOnly extends Query {
        private final Query scoring;
        private final Map<LeafReaderContext, Bits> accepted;

        AcceptingOnly(Query scoring, Map<LeafReaderContext, Bits> accepted) {
            this.scoring = scoring;
            this.accepted = accepted;
        }

        @Override
        public Query rewrite(IndexSearcher searcher) throws IOException {
            Query rewritten = searcher.rewrite(scoring);
            return rewritten == scoring ? this : new AcceptingOnly(rewritten, accepted);
        }

        @Override
        public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) throws IOException {
            Weight inner = searcher.createWeight(scoring, scoreMode, boost);
            return new FilterWeight(this, inner) {
                @Override
                public BulkScorer bulkScorer(LeafReaderContext context) throws IOException {
                    BulkScorer scorer = in.bulkScorer(context);
                    Bits bits = accepted.get(context);
                    if (scorer == null || bits == null) {
                        return scorer;
                    }
                    return new BulkScorer() {
                        @Override
                        public int score(LeafCollector collector, Bits live, int min, int max) throws IOException {
                            return scorer.score(collector, live == null ? bits : new Both(live, bits), min, max);
                        }

                        @Override
                        public long cost() {
                            return scorer.cost();
                        }
                    };
                }
            };
        }

        @Override
        public void visit(QueryVisitor visitor) {
            scoring.visit(visitor);
        }

        @Override
        public String toString(String field) {
            return scoring.toString(field);
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

    /** Documents in both sets. */
    private record Both(Bits first, Bits second) implements Bits {
        @Override
        public boolean get(int index) {
            return second.get(index) && first.get(index);
        }

        @Override
        public int length() {
            return first.length();
        }
    }
}
