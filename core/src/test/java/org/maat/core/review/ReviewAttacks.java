package org.maat.core.review;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.ShardSearchers;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/** What the review attacks share: picking a document no given session may read, and what a buggy task reads. */
final class ReviewAttacks {

    private ReviewAttacks() {
    }

    /** The {@code documents} none of {@code sessions} may read, as {@code service}'s monitor decides. */
    static List<Conduit> unreadableBy(SearchService service, List<Conduit> documents, Session... sessions) {
        List<Conduit> out = new ArrayList<>(documents);
        for (Session session : sessions) {
            try (Task checker = service.monitor().open(session, TaskMode.UNCONFINED)) {
                out.removeIf(checker::mayRead);
            }
        }
        return out;
    }

    /** What a buggy task does with the searchers it is given: the stored title of document {@code id}. */
    static String storedTitle(ShardSearchers shards, String id) throws IOException {
        for (int shard = 0; shard < shards.shards(); shard++) {
            IndexSearcher searcher = shards.searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, id)), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        throw new IllegalStateException("no document " + id);
    }
}
