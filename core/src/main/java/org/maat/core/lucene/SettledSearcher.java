package org.maat.core.lucene;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.QueryTimeout;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.QueryCache;
import org.apache.lucene.search.QueryCachingPolicy;
import org.apache.lucene.search.similarities.Similarity;
import org.maat.core.task.LibraryState;

/**
 * A searcher whose similarity, query cache (none), caching policy (one that keeps nothing) and timeout are fixed when the runtime makes it.
 * Task code holds the searchers of its shards, and the runtime scores and searches through the same objects (the
 * trusted ranking takes its weight from a task's region searcher; the shared task searchers serve every task): a
 * setter called by a task would let it choose the scores the runtime certifies, or carry a choice into later
 * searches. Every such setter throws once the searcher is made.
 */
public class SettledSearcher extends IndexSearcher {

    /** False only while the constructor configures this searcher. */
    private final boolean settled;

    /** @param timeout the searches' deadline, or null for none */
    public SettledSearcher(IndexReader reader, Similarity similarity, QueryTimeout timeout) {
        super(reader);
        super.setSimilarity(similarity);
        // No query cache, not even Lucene's JVM-wide default: Lucene's cache is keyed by what a Weight says its
        // query is, and task code builds weights, so a cache would let one task store documents of its choosing
        // under another search's clause.
        super.setQueryCache(null);
        // and a caching policy that keeps nothing: the one Lucene's constructor copied may be its JVM-wide default,
        // a ring buffer of queries any holder of the searcher could write and another task read back
        super.setQueryCachingPolicy(LibraryState.cachingPolicy());
        if (timeout != null) {
            super.setTimeout(timeout);
        }
        settled = true;
    }

    @Override
    public final void setSimilarity(Similarity similarity) {
        refuseOnceSettled("similarity");
        super.setSimilarity(similarity);
    }

    @Override
    public final void setQueryCache(QueryCache queryCache) {
        refuseOnceSettled("query cache");
        super.setQueryCache(queryCache);
    }

    @Override
    public final void setQueryCachingPolicy(QueryCachingPolicy queryCachingPolicy) {
        refuseOnceSettled("query caching policy");
        super.setQueryCachingPolicy(queryCachingPolicy);
    }

    @Override
    public final void setTimeout(QueryTimeout queryTimeout) {
        refuseOnceSettled("timeout");
        super.setTimeout(queryTimeout);
    }

    private void refuseOnceSettled(String setting) {
        if (settled) {
            throw new UnsupportedOperationException("this searcher's " + setting + " is the runtime's");
        }
    }
}
