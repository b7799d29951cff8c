package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.maat.core.index.IndexFields;

/**
 * Buggy task code for the review attack {@code org.maat.core.review.ForgedSegmentDecodeTest}, in a task package: a
 * {@link Retrieval} that hands the session filter's weight, before any search, a leaf of its own making over each
 * real segment: Lucene's public {@code ExitableDirectoryReader.ExitableFilterAtomicReader} (whose core cache helper is
 * the segment's own, so the task never calls a cache-helper method) with a {@code template} doc values that skips
 * chosen documents. The runtime's per-segment cache the filter is handed ({@code AccessCaches}, keyed by the core
 * key) would keep such a decode for every later search of the segment, every user's.
 */
public final class ForgedSegmentDecode {

    private ForgedSegmentDecode() {
    }

    /** A retrieval that makes {@code hidden} (conduit ids) look template-less to the shared cache, then answers normally. */
    public static Retrieval hiding(Set<String> hidden) {
        return (shards, query, k) -> {
            Query filter = ((BooleanQuery) query).clauses().stream()
                    .filter(c -> c.getOccur() == BooleanClause.Occur.FILTER).findFirst().orElseThrow().getQuery();
            for (int s = 0; s < shards.shards(); s++) {
                IndexSearcher searcher = shards.searcher(s);
                Weight weight = searcher.createWeight(searcher.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1f);
                for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                    LeafReader forged = new Forged(leaf.reader(), docsOf(leaf.reader(), hidden));
                    weight.scorer(forged.getContext()); // the first decode of this segment: the forged one is kept
                }
            }
            return Retrieval.standard().topIds(shards, query, k);
        };
    }

    private static FixedBitSet docsOf(LeafReader reader, Set<String> ids) throws IOException {
        FixedBitSet docs = new FixedBitSet(Math.max(1, reader.maxDoc()));
        Terms terms = reader.terms(IndexFields.ID);
        TermsEnum te = terms.iterator();
        for (String id : ids) {
            if (te.seekExact(new BytesRef(id))) {
                PostingsEnum p = te.postings(null, PostingsEnum.NONE);
                for (int d = p.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = p.nextDoc()) {
                    docs.set(d);
                }
            }
        }
        return docs;
    }

    /** The segment as it is, except that its {@code template} doc values skip the hidden documents. */
    private static final class Forged extends ExitableDirectoryReader.ExitableFilterAtomicReader {
        private final FixedBitSet hidden;

        Forged(LeafReader in, FixedBitSet hidden) {
            super(in, () -> false);
            this.hidden = hidden;
        }

        @Override
        public SortedDocValues getSortedDocValues(String field) throws IOException {
            SortedDocValues real = super.getSortedDocValues(field);
            return real == null || !field.equals(IndexFields.TEMPLATE) ? real : new Skipping(real, hidden);
        }
    }

    private static final class Skipping extends SortedDocValues {
        private final SortedDocValues in;
        private final FixedBitSet hidden;

        Skipping(SortedDocValues in, FixedBitSet hidden) {
            this.in = in;
            this.hidden = hidden;
        }

        private int skip(int doc) throws IOException {
            while (doc != NO_MORE_DOCS && doc < hidden.length() && hidden.get(doc)) {
                doc = in.nextDoc();
            }
            return doc;
        }

        @Override
        public int nextDoc() throws IOException {
            return skip(in.nextDoc());
        }

        @Override
        public int advance(int target) throws IOException {
            return skip(in.advance(target));
        }

        @Override
        public boolean advanceExact(int target) throws IOException {
            return in.advanceExact(target) && !(target < hidden.length() && hidden.get(target));
        }

        @Override
        public int docID() {
            return in.docID();
        }

        @Override
        public long cost() {
            return in.cost();
        }

        @Override
        public int ordValue() throws IOException {
            return in.ordValue();
        }

        @Override
        public BytesRef lookupOrd(int ord) throws IOException {
            return in.lookupOrd(ord);
        }

        @Override
        public int getValueCount() {
            return in.getValueCount();
        }

        @Override
        public TermsEnum termsEnum() throws IOException {
            return in.termsEnum();
        }
    }
}
