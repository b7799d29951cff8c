package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FilterCollector;
import org.apache.lucene.search.FilterLeafCollector;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSet;
import org.apache.lucene.util.BitSetIterator;

/**
 * The top k hits of a query on one shard, the way plain Lucene's {@code IndexSearcher.search(query,
 * k)} finds them. A query of the shape {@code +q #filter...} (one scoring clause, non-scoring
 * filters) runs as {@code q} alone with the filters checked when a hit is collected: same hits,
 * scores and order as Lucene's conjunction (filters do not score; ties go to the lower document),
 * but {@code q} keeps Lucene's fastest top-k path (MaxScore pruning over a top-level disjunction),
 * which a conjunction loses. Any other query runs as it is.
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
        return searcher.search(scoring, new FilteredManager(top, filter));
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
    private record FilteredManager(TopScoreDocCollectorManager top, Weight filter)
            implements CollectorManager<FilteringCollector, TopDocs> {

        @Override
        public FilteringCollector newCollector() {
            return new FilteringCollector(top.newCollector(), filter);
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

        FilteringCollector(TopScoreDocCollector top, Weight filter) {
            super(top);
            this.top = top;
            this.filter = filter;
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
            if (scorer.iterator() instanceof BitSetIterator set) {
                // A bitset filter (the session filter) is checked with one bit read, in any order.
                BitSet bits = set.getBitSet();
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
}
