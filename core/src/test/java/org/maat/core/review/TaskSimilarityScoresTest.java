package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.similarities.Similarity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.core.task.TaskFailedException;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "the scores a shard answers are the runtime's scores, never values the task chose": the
 * {@code RegionSearcher} a search task is handed is also where {@code TrustedRanking} takes the runtime's weight of the
 * query ({@code scoringWeight()}, built lazily with {@code getSimilarity()} of that same searcher). A buggy
 * {@link Retrieval} calls the public {@link IndexSearcher#setSimilarity} first (no rule on task code forbids it) with a
 * similarity whose body clause of "budget" scores a value it chose, here three characters of a title its session may not
 * read, then searches as the standard retrieval does. Its list is in the order those scores give, so the trusted
 * ranking certifies it, and the scores the shard answers u1 (which the front-end merges by and shows) spell the
 * title, three characters per query.
 */
class TaskSimilarityScoresTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final String QUERY = "parliament budget";

    /** The body clause of "budget" scores {@code value}, every other clause 0. */
    private static Similarity scoring(float value) {
        return new Similarity() {
            @Override
            public SimScorer scorer(float boost, CollectionStatistics collection, TermStatistics... terms) {
                float score = collection.field().equals(IndexFields.BODY) && terms.length == 1
                        && terms[0].term().utf8ToString().equals("budget") ? value : 0f;
                return new SimScorer() {
                    @Override
                    public float score(float freq, long norm) {
                        return score;
                    }
                };
            }
        };
    }

    @Test
    void aShardsBuggyRetrievalCannotChooseTheScoresTheShardAnswersItsOwnUser() throws IOException {
        Session u1 = Session.of("u1", "r0");
        Conduit secretDoc = review.unreadableOnShard0(u1);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        StringBuilder decoded = new StringBuilder();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            for (int offset = 0; offset < title.length(); offset += 3) {
                int at = offset;
                Retrieval buggy = (searchers, query, k) -> {
                    String t = ReviewAttacks.storedTitle(searchers, secretId);
                    int value = 1;
                    for (int i = 0; i < 3 && at + i < t.length(); i++) {
                        value += (t.charAt(at + i) & 0xFF) << (8 * i);
                    }
                    for (int s = 0; s < searchers.shards(); s++) {
                        searchers.searcher(s).setSimilarity(scoring(value)); // before the runtime's weight exists
                    }
                    return Retrieval.standard().topIds(searchers, query, k);
                };
                List<ShardHit> hits;
                try {
                    hits = standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy))
                            .search(new ShardQuery(u1.principal(), "r0", QUERY, 10)).hits(); // u1's answer
                } catch (TaskFailedException refusedSetting) {
                    hits = List.of(); // the searcher's similarity is the runtime's: the task fails, no scores
                }
                int value = (int) hits.stream().mapToDouble(ShardHit::score).max().orElse(0) - 1;
                for (int i = 0; i < 3; i++) {
                    char c = (char) (value >> (8 * i) & 0xFF);
                    if (c != 0) {
                        decoded.append(c);
                    }
                }
            }
        }
        assertThat(decoded.toString()).as("what u1 decodes from the runtime's scores shard 0 answers it; the title of "
                + "%s, which u1 may not read", secretId).doesNotContain(title.substring(0, 3));
    }
}
