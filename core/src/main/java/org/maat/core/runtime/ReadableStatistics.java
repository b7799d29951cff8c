package org.maat.core.runtime;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.maat.core.data.DataSet;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;
import org.maat.policy.facts.FactSource;

/**
 * The ranking statistics (BM25's document frequencies, term frequencies, document counts and
 * lengths) of one shard, taken only over the documents <em>every</em> session of a region may
 * read: a document counts when the policy store (not the index's own copy of the template, which a
 * faulty indexer may have written wrong) says its template is {@code public}, it is live, and, for a
 * template with censorship, it is not {@code blocked(region, id)}. So the scores and the order a
 * session receives are the same whether or not documents it may not read exist: no count includes
 * them. Documents a session may read but others may not (its own, its friends') are scored, never
 * counted.
 *
 * <p>Cost: the readable set of a region is found once per reader, region and fact version (one
 * catalog lookup per document, then one id lookup per blocked item); a field's collection statistics
 * once per region (one pass over the field's postings); a term's statistics once, then served from a
 * bounded LRU cache. A term found only in unreadable documents counts as if one readable document had
 * it once (Lucene's similarity needs a positive count; the value depends on readable documents alone).
 * Thread-safe.
 */
final class ReadableStatistics {

    private static final int TERMS_PER_REGION = 10_000;
    /** Regions remembered at once; a deployment has a handful. */
    private static final int MAX_REGIONS = 64;

    private final IndexReader reader;
    private final ConduitCatalog catalog;
    private final FactSource facts;
    private volatile FixedBitSet[] publicByLeaf;
    /** Live documents by conduit id (shard document numbers), built with {@link #publicByLeaf}. */
    private volatile Map<String, Integer> documentById;
    private final Map<String, Region> regions = new ConcurrentHashMap<>();

    /**
     * The statistics of one shard's {@code reader} over {@code stores}. A region depends on its
     * {@code blocked} facts, which live in the policy store; the MAL log's {@code logged} facts grow with
     * every mandatory access, so the engine's combined fact version would rebuild every region's
     * statistics on the next query after each entry.
     */
    static ReadableStatistics of(IndexReader reader, DataSet stores) {
        return new ReadableStatistics(reader, stores.policies(), stores.policies().facts());
    }

    ReadableStatistics(IndexReader reader, ConduitCatalog catalog, FactSource facts) {
        this.reader = reader;
        this.catalog = catalog;
        this.facts = facts;
    }

    /** The statistics for sessions of {@code region} (null: no region, so nothing is blocked). */
    Region region(String region) throws IOException {
        String key = region == null ? "" : region;
        long version = facts.version();
        Region known = regions.get(key);
        if (known == null || known.factVersion != version) {
            known = new Region(readable(region), version);
            if (regions.size() >= MAX_REGIONS) {
                // A caller naming ever new regions must not grow memory without bound: start over.
                regions.clear();
            }
            regions.put(key, known);
        }
        return known;
    }

    private FixedBitSet[] readable(String region) throws IOException {
        FixedBitSet[] open = publicDocuments();
        FixedBitSet[] readable = new FixedBitSet[open.length];
        for (int i = 0; i < open.length; i++) {
            readable[i] = open[i].clone();
        }
        if (region == null) {
            return readable;
        }
        for (String id : facts.neighbours("blocked", 0, region)) {
            Optional<Conduit> conduit = catalog.find(id);
            if (conduit.isEmpty() || !AccessTemplate.of(conduit.get()).censored()) {
                continue;
            }
            BytesRef bytes = new BytesRef(id);
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms ids = leaf.reader().terms(IndexFields.ID);
                TermsEnum te = ids == null ? null : ids.iterator();
                if (te != null && te.seekExact(bytes)) {
                    PostingsEnum docs = te.postings(null, PostingsEnum.NONE);
                    for (int d = docs.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = docs.nextDoc()) {
                        readable[leaf.ord].clear(d);
                    }
                }
            }
        }
        return readable;
    }

    /**
     * The shard document number of the live document with conduit id {@code id}, or -1: one hash
     * lookup (the map is built with the public set, once per reader).
     */
    int documentOf(String id) throws IOException {
        if (documentById == null) {
            publicDocuments();
        }
        return documentById.getOrDefault(id, -1);
    }

    /** The live documents whose conduit has the public template, per leaf; found once per reader. */
    private synchronized FixedBitSet[] publicDocuments() throws IOException {
        FixedBitSet[] known = publicByLeaf;
        if (known != null) {
            return known;
        }
        List<LeafReaderContext> leaves = reader.leaves();
        Map<String, Integer> byId = new java.util.HashMap<>();
        FixedBitSet[] found = new FixedBitSet[leaves.size()];
        for (LeafReaderContext leaf : leaves) {
            LeafReader r = leaf.reader();
            FixedBitSet bits = new FixedBitSet(Math.max(1, r.maxDoc()));
            Bits live = r.getLiveDocs();
            SortedDocValues ids = DocValues.getSorted(r, IndexFields.ID);
            for (int d = ids.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = ids.nextDoc()) {
                if (live != null && !live.get(d)) {
                    continue;
                }
                String id = ids.lookupOrd(ids.ordValue()).utf8ToString();
                byId.put(id, leaf.docBase + d);
                Optional<Conduit> conduit = catalog.find(id);
                if (conduit.isPresent() && AccessTemplate.of(conduit.get()).base().equals("public")) {
                    bits.set(d);
                }
            }
            found[leaf.ord] = bits;
        }
        documentById = byId;
        publicByLeaf = found;
        return found;
    }

    /** The statistics of one region at one fact version. */
    final class Region {
        private final FixedBitSet[] readable;
        private final long factVersion;
        private final int readableDocuments;
        private final Map<String, CollectionStatistics> fields = new ConcurrentHashMap<>();
        private final Map<Term, TermStatistics> terms = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Term, TermStatistics> eldest) {
                return size() > TERMS_PER_REGION;
            }
        };

        private Region(FixedBitSet[] readable, long factVersion) {
            this.readable = readable;
            this.factVersion = factVersion;
            int count = 0;
            for (FixedBitSet bits : readable) {
                count += bits.cardinality();
            }
            this.readableDocuments = count;
        }

        /** See {@link ReadableStatistics#documentOf}. */
        int documentOf(String id) throws IOException {
            return ReadableStatistics.this.documentOf(id);
        }

        /** The number of documents every session of the region may read. */
        int readableDocuments() {
            return readableDocuments;
        }

        CollectionStatistics collection(String field) throws IOException {
            CollectionStatistics known = fields.get(field);
            if (known == null) {
                known = countField(field);
                fields.put(field, known);
            }
            return known;
        }

        /**
         * The region's statistics of {@code asked}. The cache is shared by every session of the region and task code
         * may call this (it is {@link IndexSearcher#termStatistics}): a {@code Term}'s bytes can be changed after the
         * call, so the cache keeps and counts only its own copy, and hands out only copies of what it keeps.
         */
        TermStatistics term(Term asked) throws IOException {
            Term term = new Term(asked.field(), BytesRef.deepCopyOf(asked.bytes()));
            TermStatistics known;
            synchronized (terms) {
                known = terms.get(term);
            }
            if (known == null) {
                known = countTerm(term);
                synchronized (terms) {
                    terms.put(term, known);
                }
            }
            return new TermStatistics(BytesRef.deepCopyOf(known.term()), known.docFreq(), known.totalTermFreq());
        }

        private TermStatistics countTerm(Term term) throws IOException {
            long docFreq = 0;
            long totalTermFreq = 0;
            PostingsEnum postings = null;
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms field = leaf.reader().terms(term.field());
                if (field == null) {
                    continue;
                }
                TermsEnum te = field.iterator();
                if (!te.seekExact(term.bytes())) {
                    continue;
                }
                postings = te.postings(postings, PostingsEnum.FREQS);
                FixedBitSet bits = readable[leaf.ord];
                for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
                    if (bits.get(d)) {
                        docFreq++;
                        totalTermFreq += postings.freq();
                    }
                }
            }
            docFreq = Math.max(1, docFreq);
            return new TermStatistics(BytesRef.deepCopyOf(term.bytes()), docFreq, Math.max(docFreq, totalTermFreq));
        }

        private CollectionStatistics countField(String field) throws IOException {
            long docCount = 0;
            long sumDocFreq = 0;
            long sumTotalTermFreq = 0;
            PostingsEnum postings = null;
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms terms = leaf.reader().terms(field);
                if (terms == null) {
                    continue;
                }
                FixedBitSet bits = readable[leaf.ord];
                FixedBitSet withField = new FixedBitSet(bits.length());
                TermsEnum te = terms.iterator();
                for (BytesRef t = te.next(); t != null; t = te.next()) {
                    postings = te.postings(postings, PostingsEnum.FREQS);
                    for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
                        if (bits.get(d)) {
                            withField.set(d);
                            sumDocFreq++;
                            sumTotalTermFreq += postings.freq();
                        }
                    }
                }
                docCount += withField.cardinality();
            }
            // Lucene's statistics need at least one document; the clamp depends on readable ones alone.
            docCount = Math.max(1, docCount);
            sumDocFreq = Math.max(docCount, sumDocFreq);
            sumTotalTermFreq = Math.max(sumDocFreq, sumTotalTermFreq);
            return new CollectionStatistics(field, Math.max(docCount, readableDocuments), docCount, sumTotalTermFreq,
                    sumDocFreq);
        }
    }
}
