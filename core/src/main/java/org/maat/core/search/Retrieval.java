package org.maat.core.search;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.maat.core.index.IndexFields;
import org.maat.core.task.ShardSearchers;

/**
 * Runs a query over the shards and returns the conduit ids of the top hits, best first: ids only,
 * since scores are computed by trusted code outside the task ({@link org.maat.core.task.ReleaseRanking}).
 */
@FunctionalInterface
public interface Retrieval {

    List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException;

    /**
     * The top {@code k} of every shard ({@link TopHits}: a session filter is checked as hits are
     * collected), merged by score ({@link TopDocs#merge}: ties go to the lower
     * shard, then the lower document number), so the order depends only on the index and the query.
     */
    static Retrieval standard() {
        return new Retrieval() {
            @Override
            public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
                TopDocs[] perShard = new TopDocs[shards.shards()];
                IndexSearcher[] searchers = new IndexSearcher[perShard.length];
                for (int shard = 0; shard < perShard.length; shard++) {
                    searchers[shard] = shards.searcher(shard);
                    perShard[shard] = TopHits.search(searchers[shard], query, k);
                    for (ScoreDoc hit : perShard[shard].scoreDocs) {
                        hit.shardIndex = shard;
                    }
                }
                ScoreDoc[] top = TopDocs.merge(k, perShard).scoreDocs;
                String[] ids = new String[top.length];
                // Ids from the ID doc values, not the stored fields: a stored-field read decompresses a
                // whole block of documents per hit. Doc values are read forward, so in (shard, doc) order.
                Integer[] order = new Integer[top.length];
                Arrays.setAll(order, i -> i);
                Arrays.sort(order, Comparator.comparingInt((Integer i) -> top[i].shardIndex).thenComparingInt(i -> top[i].doc));
                int leafShard = -1;
                LeafReaderContext leaf = null;
                SortedDocValues values = null;
                for (int i : order) {
                    ScoreDoc hit = top[i];
                    List<LeafReaderContext> leaves = searchers[hit.shardIndex].getIndexReader().leaves();
                    LeafReaderContext at = leaves.get(ReaderUtil.subIndex(hit.doc, leaves));
                    if (hit.shardIndex != leafShard || at != leaf) {
                        leafShard = hit.shardIndex;
                        leaf = at;
                        values = DocValues.getSorted(at.reader(), IndexFields.ID);
                    }
                    if (!values.advanceExact(hit.doc - at.docBase)) {
                        throw new IllegalStateException("document " + hit.doc + " of shard " + hit.shardIndex + " has no id");
                    }
                    ids[i] = values.lookupOrd(values.ordValue()).utf8ToString();
                }
                return Arrays.asList(ids);
            }
        };
    }
}
