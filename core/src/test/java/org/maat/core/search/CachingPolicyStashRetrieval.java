package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryCachingPolicy;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.DefaultCachingPolicyChannelTest}, in a task
 * package so that the rules on task code apply to it ({@code CachingPolicyStashRulesTest}). A retrieval made afresh
 * for every search that keeps nothing in its fields: it keeps what it read in Lucene's JVM-wide default query caching
 * policy ({@link IndexSearcher#getDefaultQueryCachingPolicy()}, a {@code UsageTrackingQueryCachingPolicy}), whose ring
 * buffer of recently used query hashes any holder writes with {@link QueryCachingPolicy#onUse} and reads back with
 * {@link QueryCachingPolicy#shouldCache} (a costly query is "worth caching" once it was used twice). The runtime pins
 * a default policy that remembers nothing ({@code LibraryState}), and the rules refuse the getter
 * ({@code CachingPolicyStashRulesTest}).
 *
 * <p>A search asking fewer than {@link #READ_FROM} hits (another user's: any search task may read the index's stored
 * title) plants the private title of {@code secretId}: bit {@code b} of character {@code n} set is a marker query used
 * twice. A search asking {@code READ_FROM + n} hits (another session's, on any thread) reads character {@code n} back
 * with {@code shouldCache} and spells it through which of the first {@value TitleSpelling#BITS} readable hits it leaves out
 * ({@link TitleSpelling}).
 */
public final class CachingPolicyStashRetrieval implements Retrieval {

    /** Bits a character: the titles are ASCII. */
    private static final int BITS = TitleSpelling.BITS;
    /** A search asking at least this many hits reads character {@code k - READ_FROM}; a smaller one plants. */
    public static final int READ_FROM = 500;
    /** Enough once-used queries to push every earlier entry out of the policy's ring buffer (256 entries). */
    private static final int FLUSH = 300;

    private final String secretId;

    public CachingPolicyStashRetrieval(String secretId) {
        this.secretId = secretId;
    }

    private static Query marker(int position, int bit) {
        return new PrefixQuery(new Term("stash", position + ":" + bit));
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        QueryCachingPolicy shared = IndexSearcher.getDefaultQueryCachingPolicy();
        if (k < READ_FROM) {
            String title = TitleSpelling.storedTitle(shards, secretId);
            for (int i = 0; i < FLUSH; i++) {
                shared.onUse(new PrefixQuery(new Term("flush", Integer.toString(i))));
            }
            for (int n = 0; n < title.length(); n++) {
                for (int b = 0; b < BITS; b++) {
                    if ((title.charAt(n) >> b & 1) == 1) {
                        shared.onUse(marker(n, b));
                        shared.onUse(marker(n, b));
                    }
                }
            }
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        int position = k - READ_FROM;
        int c = 0;
        for (int b = 0; b < BITS; b++) {
            if (shared.shouldCache(marker(position, b))) {
                c |= 1 << b;
            }
        }
        return TitleSpelling.spell(honest, c);
    }
}
