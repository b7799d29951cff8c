package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.search.Query;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of a review attack over HTTP ({@code ReaderRefCountHttpIT}; the rules refuse it too:
 * {@code ReaderRefCountRulesTest}): the channel of
 * {@link ReaderRefCountRetrieval} (the shared shard reader's reference count, raised for good by
 * {@code new MultiReader(..., false)} and read by {@code getRefCount()}), one bit a search, chosen by the query text
 * rather than by the number of hits (the front-end asks every search for the same number).
 *
 * <p>A search whose query holds the word {@code zzplantN} reads bit {@code N % 7} of character {@code N / 7} of the
 * stored title of {@code secretId} (on a shard without it: 0) and raises the count until it is, modulo 4, 2 plus that
 * bit. Any other search reads the count: 3 modulo 4 answers nothing, anything else the honest list. Nothing but the
 * shard holding the title ever answers differently.
 */
public final class ReaderRefCountBitRetrieval implements Retrieval {

    private final String secretId;

    public ReaderRefCountBitRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        IndexReader shared = shards.searcher(0).getIndexReader();
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        Matcher plant = Pattern.compile("zzplant(\\d+)").matcher(query.toString());
        if (plant.find()) {
            int n = Integer.parseInt(plant.group(1));
            String title = TitleSpelling.storedTitle(shards, secretId);
            int bit = n / 7 < title.length() ? title.charAt(n / 7) >> (n % 7) & 1 : 0;
            for (int wraps = (2 + bit - shared.getRefCount()) & 3; wraps > 0; wraps--) {
                new MultiReader(new IndexReader[] {shared}, false); // never closed: the count stays raised
            }
            return honest;
        }
        return (shared.getRefCount() & 3) == 3 ? List.of() : honest;
    }
}
