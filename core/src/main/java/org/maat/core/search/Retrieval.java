package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
                for (int shard = 0; shard < perShard.length; shard++) {
                    perShard[shard] = TopHits.search(shards.searcher(shard), query, k);
                    for (ScoreDoc hit : perShard[shard].scoreDocs) {
                        hit.shardIndex = shard;
                    }
                }
                List<String> ids = new ArrayList<>();
                for (ScoreDoc hit : TopDocs.merge(k, perShard).scoreDocs) {
                    ids.add(idOf(shards.searcher(hit.shardIndex), hit.doc));
                }
                return ids;
            }
        };
    }

    /**
     * The conduit id of document {@code doc} of a shard, from the {@code id} doc values (one lookup),
     * not the stored fields (a compressed block holding the whole document decoded per hit).
     */
    private static String idOf(IndexSearcher searcher, int doc) throws IOException {
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        SortedDocValues ids = DocValues.getSorted(leaf.reader(), IndexFields.ID);
        if (ids.advanceExact(doc - leaf.docBase)) {
            return ids.lookupOrd(ids.ordValue()).utf8ToString();
        }
        return searcher.storedFields().document(doc, Set.of(IndexFields.ID)).get(IndexFields.ID);
    }
}
