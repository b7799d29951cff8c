package org.maat.core.runtime;

import java.io.IOException;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermStatistics;

/**
 * A searcher of one shard for one query of a session in a region: the shard's shared searcher
 * (reader, similarity, query cache) whose ranking statistics are the region's readable ones
 * ({@link ReadableStatistics}) instead of the whole shard's, and whose collection stops at the
 * query's deadline ({@link IndexSearcher#timedOut()} then says so). Made per query: it costs an object.
 */
final class RegionSearcher extends IndexSearcher {

    private final ReadableStatistics.Region statistics;

    RegionSearcher(IndexSearcher shared, ReadableStatistics.Region statistics, QueryDeadline deadline) {
        super(shared.getIndexReader());
        this.statistics = statistics;
        setSimilarity(shared.getSimilarity());
        setQueryCache(shared.getQueryCache());
        setQueryCachingPolicy(shared.getQueryCachingPolicy());
        setTimeout(deadline);
    }

    /** The region's readable statistics; the counts Lucene passes in are the whole shard's and are ignored. */
    @Override
    public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) throws IOException {
        return statistics.term(term);
    }

    @Override
    public CollectionStatistics collectionStatistics(String field) throws IOException {
        return statistics.collection(field);
    }
}
