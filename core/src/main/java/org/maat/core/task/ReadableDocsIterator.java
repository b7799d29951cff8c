package org.maat.core.task;

import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;

/**
 * The iterator of a session's readable documents in one segment, over a bitset that may be shared by every
 * session of the region ({@link SegmentAccess.RegionDocs#readablePublic()}). Unlike Lucene's {@code BitSetIterator},
 * whose {@code getBitSet()} hands out the set itself, it gives its holder only reads: {@link #bits()} is a view that
 * cannot be cast back to the set. A search task holding it cannot change what another session's search reads.
 */
public final class ReadableDocsIterator extends DocIdSetIterator {

    private final FixedBitSet set;
    private final long cost;
    private int doc = -1;

    /** Over {@code set}, which the caller does not change while the iterator is in use; {@code cost} its cardinality. */
    public ReadableDocsIterator(FixedBitSet set, long cost) {
        this.set = set;
        this.cost = cost;
    }

    /** A read-only view of the documents: one bit read per check. */
    public Bits bits() {
        FixedBitSet read = set;
        return new Bits() {
            @Override
            public boolean get(int index) {
                return read.get(index);
            }

            @Override
            public int length() {
                return read.length();
            }
        };
    }

    @Override
    public int docID() {
        return doc;
    }

    @Override
    public int nextDoc() {
        return advance(doc + 1);
    }

    @Override
    public int advance(int target) {
        doc = target >= set.length() ? NO_MORE_DOCS : set.nextSetBit(target);
        return doc;
    }

    @Override
    public long cost() {
        return cost;
    }
}
