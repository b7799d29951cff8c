package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.TestData;
import org.maat.core.search.QueryComposer;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRefusedException;
import org.maat.core.shard.ShardService;
import org.maat.core.task.TaskFailedException;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "the scores a shard answers are the runtime's scores, never values the task chose" and "the
 * runtime refuses a list naming a document that does not match the query": {@code RegionSearcher.rewrite} hands a
 * task that rewrites a query equal to the runtime's own reading of the query text the runtime's very rewritten
 * {@link Query} object ({@code scoringRewritten}), from which {@code TrustedRanking}'s weight is built lazily. Its
 * {@link TermQuery} leaves hold {@link Term}s whose {@link Term#bytes()} is the term's own, mutable
 * {@link BytesRef}. A buggy {@link Retrieval} (public Lucene API only: {@code IndexSearcher.rewrite},
 * {@code Query.visit}, {@code BytesRef}'s public fields; no rule on task code forbids any) reads a title its
 * session may not read, picks one of 16 words by a nibble of it, rewrites the bytes of every {@code parliament} term
 * of the runtime's query (before the runtime's weight exists) and of its own query to that word, and releases what
 * its own search of the word finds. The runtime then scores and certifies the list with a weight of the word: u1's
 * answer to "parliament" is exactly (ids and scores) u1's honest answer to the chosen word, documents that do not
 * contain "parliament" included. u1 decodes the title, 4 bits per query.
 */
class ScoringQueryTermMutationTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 31);

    private static final String QUERY = "parliament";

    /** Rewrites, in place, the bytes of every title or body term {@code from} that {@code query} holds to {@code to}. */
    private static void retarget(Query query, String from, String to) {
        query.visit(new QueryVisitor() {
            @Override
            public void consumeTerms(Query q, Term... terms) {
                for (Term t : terms) {
                    if ((t.field().equals(IndexFields.TITLE) || t.field().equals(IndexFields.BODY))
                            && t.text().equals(from)) {
                        BytesRef b = t.bytes();
                        b.bytes = to.getBytes(StandardCharsets.UTF_8);
                        b.offset = 0;
                        b.length = b.bytes.length;
                    }
                }
            }
        });
    }

    @Test
    void aShardsBuggyRetrievalCannotMakeTheRuntimeScoreAnotherQuery() throws IOException {
        Session u1 = Session.of("u1", "r0");
        Conduit secretDoc = review.unreadableOnShard0(u1);
        String secretId = secretDoc.id();
        String title = review.title(secretId);

        StringBuilder decoded = new StringBuilder();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            // u1's own honest answers to 16 words: the code book.
            List<String> words = new ArrayList<>();
            Map<List<ShardHit>, Integer> book = new HashMap<>();
            for (String word : TestData.VOCABULARY) {
                List<ShardHit> honest = standard.search(new ShardQuery(u1.principal(), "r0", word, 10)).hits();
                if (!honest.isEmpty() && !book.containsKey(honest) && words.size() < 16) {
                    book.put(honest, words.size());
                    words.add(word);
                }
            }
            assertThat(words).hasSize(16);

            for (int nibble = 0; nibble < 2 * title.length(); nibble++) {
                int at = nibble;
                Retrieval buggy = (searchers, query, k) -> {
                    String t = ReviewAttacks.storedTitle(searchers, secretId); // taints the task
                    String chosen = words.get((t.charAt(at / 2) >> (4 * (at % 2))) & 0xF);
                    Query parsed = ((BooleanQuery) query).clauses().stream()
                            .filter(c -> c.getOccur() == BooleanClause.Occur.MUST).findFirst().orElseThrow().getQuery();
                    for (int s = 0; s < searchers.shards(); s++) {
                        // Equal to the runtime's reading of "parliament": the runtime's own rewritten query comes back.
                        Query runtimes = searchers.searcher(s).rewrite(QueryComposer.standard().compose(QUERY, Optional.empty()));
                        retarget(runtimes, QUERY, chosen);
                    }
                    retarget(parsed, QUERY, chosen); // the task's own query: now a search of the chosen word
                    return Retrieval.standard().topIds(searchers, query, k);
                };
                List<ShardHit> hits;
                try {
                    hits = standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy))
                            .search(new ShardQuery(u1.principal(), "r0", QUERY, 10)).hits(); // u1's answer
                } catch (TaskFailedException | org.maat.policy.monitor.PolicyViolation | ShardRefusedException refused) {
                    hits = List.of();
                }
                Integer value = book.get(hits);
                if (value == null) {
                    decoded.append('?');
                } else if (at % 2 == 0) {
                    decoded.append((char) (int) value);
                } else {
                    int last = decoded.length() - 1;
                    decoded.setCharAt(last, (char) (decoded.charAt(last) | value << 4));
                }
            }
        }
        assertThat(decoded.toString()).as("what u1 decodes from shard 0's answers (ids and runtime scores) to its query "
                + "\"%s\"; the title of %s, which u1 may not read", QUERY, secretId).isNotEqualTo(title);
    }
}
