package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.maat.core.index.IndexFields;
import org.maat.core.task.RankedId;
import org.maat.core.task.ShardSearchers;

/** Runs a query over the shards and returns the conduit ids of the top hits, best first. */
@FunctionalInterface
public interface Retrieval {

    List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException;

    /**
     * The top hits with their scores, best first. A retrieval that only ranks (this default) scores
     * the i-th id {@code 1 / (1 + i)}: decreasing, so the order survives a merge by score.
     */
    default List<RankedId> topRanked(ShardSearchers shards, Query query, int k) throws IOException {
        List<String> ids = topIds(shards, query, k);
        List<RankedId> ranked = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            ranked.add(new RankedId(ids.get(i), 1f / (1 + i)));
        }
        return ranked;
    }

    /**
     * The top {@code k} of every shard ({@link TopHits}: a session filter is checked as hits are
     * collected), merged by score ({@link TopDocs#merge}: ties go to the lower
     * shard, then the lower document number), so the order depends only on the index and the query.
     */
    static Retrieval standard() {
        return new Retrieval() {
            @Override
            public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
                return topRanked(shards, query, k).stream().map(RankedId::id).toList();
            }

            @Override
            public List<RankedId> topRanked(ShardSearchers shards, Query query, int k) throws IOException {
                TopDocs[] perShard = new TopDocs[shards.shards()];
                for (int shard = 0; shard < perShard.length; shard++) {
                    perShard[shard] = TopHits.search(shards.searcher(shard), query, k);
                    for (ScoreDoc hit : perShard[shard].scoreDocs) {
                        hit.shardIndex = shard;
                    }
                }
                List<RankedId> ranked = new ArrayList<>();
                for (ScoreDoc hit : TopDocs.merge(k, perShard).scoreDocs) {
                    String id = shards.searcher(hit.shardIndex).storedFields()
                            .document(hit.doc, Set.of(IndexFields.ID)).get(IndexFields.ID);
                    ranked.add(new RankedId(id, hit.score));
                }
                return ranked;
            }
        };
    }
}
