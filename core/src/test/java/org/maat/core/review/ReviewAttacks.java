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
import org.maat.core.search.Retrieval;
import org.maat.core.task.ShardSearchers;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/**
 * What the review attacks share: picking a document no given session may read, what a buggy task reads, and the
 * buggy code of the one-bit attacks ({@link TitleBits}): a search task or a shard's retrieval that plants bit
 * {@code position} of a title in every shard it is given, by whatever {@link Plant} the attack names.
 */
final class ReviewAttacks {

    /** What the buggy code of a one-bit attack does to one shard: leaves {@code bit} in state later searches use. */
    @FunctionalInterface
    interface Plant {
        void plant(IndexSearcher searcher, boolean bit) throws IOException;
    }

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

    /**
     * {@code session}'s buggy search task of round {@code position}: reads bit {@code position} of the title of
     * {@code secretId} ({@code force} instead at {@link TitleBits#CALIBRATION}, the title unread), plants it in every
     * shard, releases nothing. Whatever the runtime says of the task goes to {@code session} alone and is dropped.
     */
    static void runPlantingTask(SearchService service, Session session, String query, String secretId, int position,
            boolean force, Plant plant) {
        try {
            service.run(session, query, (TaskContext ctx) -> {
                boolean bit = position >= 0 ? TitleBits.bit(storedTitle(ctx.searchers(), secretId), position) : force;
                for (int shard = 0; shard < ctx.searchers().shards(); shard++) {
                    plant.plant(ctx.searchers().searcher(shard), bit);
                }
                ctx.results().writeIds(List.of());
            });
        } catch (IOException | RuntimeException e) {
            // whatever the runtime says of the buggy task, its own user's only
        }
    }

    /**
     * A shard's buggy retrieval of round {@code position}: plants bit {@code position} of the title of {@code secretId}
     * (0 at {@link TitleBits#CALIBRATION}, the title unread) in every shard it is given, and answers its own user as
     * the standard retrieval does.
     */
    static Retrieval plantingRetrieval(String secretId, int position, Plant plant) {
        return (searchers, query, k) -> {
            boolean bit = position >= 0 && TitleBits.bit(storedTitle(searchers, secretId), position);
            for (int s = 0; s < searchers.shards(); s++) {
                plant.plant(searchers.searcher(s), bit);
            }
            return Retrieval.standard().topIds(searchers, query, k);
        };
    }
}
