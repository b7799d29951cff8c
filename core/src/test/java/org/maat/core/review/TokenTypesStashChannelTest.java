package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.TokenTypesStashRetrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "buggy search code cannot leak", "static state: a rule: every static field of task code is final,
 * and holds a value no task can change ... so two tasks cannot meet in a static final collection, array or object",
 * and "everything else in the JVM: a rule, as a list of what is allowed ... Lucene's analysis ... packages". Lucene's
 * analysis package (allowed) has a JVM-wide mutable array, {@code StandardTokenizer.TOKEN_TYPES}
 * ({@code public static final String[]}): the static-state rule looks only at task code's own fields, no rule names it,
 * {@code LibraryState} does not pin it and the boundary does not put it back. A retrieval made fresh per search plants
 * the private title there in the owner's search and spells it, in later searches of another session, through which
 * readable ids it leaves out. The test fails when the title is recovered.
 */
class TokenTypesStashChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final String QUERY = "parliament";
    /** What the owner's search asks: fewer than the retrieval's READ_FROM, so it plants. */
    private static final int OWNER_K = 100;

    @FunctionalInterface
    private interface Searching {
        List<String> search(Session session, int k) throws IOException;
    }

    private record Secret(Conduit doc, Session owner, Session observer) {
    }

    private static Secret secret() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit doc = review.unreadableOnShard0(observer);
        return new Secret(doc, Session.of(doc.owner(), "r0"), observer);
    }

    private static void attack(Secret secret, List<String> honest, Searching through) throws Exception {
        assertThat(honest).as("the observer's honest answer has a hit per bit")
                .hasSizeGreaterThan(TokenTypesStashRetrieval.BITS);
        String title = review.title(secret.doc().id());
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            other.submit(() -> through.search(secret.owner(), OWNER_K)).get(); // the owner's search, on another thread
        } catch (ExecutionException e) {
            throw new AssertionError("the owner's search failed", e.getCause());
        } finally {
            other.shutdownNow();
        }
        List<List<String>> answers = new ArrayList<>();
        StringBuilder recovered = new StringBuilder();
        for (int position = 0; position < title.length(); position++) {
            List<String> observed = through.search(secret.observer(), TokenTypesStashRetrieval.READ_FROM + position);
            answers.add(observed);
            int c = 0;
            for (int b = 0; b < TokenTypesStashRetrieval.BITS; b++) {
                if (!observed.contains(honest.get(b))) {
                    c |= 1 << b;
                }
            }
            recovered.append((char) c);
        }
        assertThat(recovered.toString()).as("what %s decoded from its own answers; the title of %s, which it may "
                + "not read", secret.observer().principal(), secret.doc().id()).isNotEqualTo(title);
        assertThat(answers).as("the observer's answers through the buggy retrieval").allSatisfy(
                answer -> assertThat(answer).isEqualTo(honest));
    }

    @org.junit.jupiter.api.AfterEach
    void putBackTheTokenTypes() {
        org.apache.lucene.analysis.standard.StandardTokenizer.TOKEN_TYPES[
                org.apache.lucene.analysis.standard.StandardTokenizer.EMOJI] = "<EMOJI>";
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesTokenTypesArrayToAnotherSessionsAnswers() throws Exception {
        Secret secret = secret();
        SearchService service = review.service();
        List<String> honest = service.search(secret.observer(), QUERY, TokenTypesStashRetrieval.READ_FROM);
        SearchService buggy = service.withComponents(
                SearchComponents.standard().withRetrieval(() -> new TokenTypesStashRetrieval(secret.doc().id())));
        attack(secret, honest, (session, k) -> buggy.search(session, QUERY, k));
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesTokenTypesArrayToAnotherSessionsAnswers()
            throws Exception {
        Secret secret = secret();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            List<String> honest = ids(standard, secret.observer(), TokenTypesStashRetrieval.READ_FROM);
            ShardService buggy = standard.withComponents(SearchComponents.standard()
                    .withRetrieval(() -> new TokenTypesStashRetrieval(secret.doc().id())));
            attack(secret, honest, (session, k) -> ids(buggy, session, k));
        }
    }

    private static List<String> ids(ShardService shard, Session session, int k) throws IOException {
        return shard.search(new ShardQuery(session.principal(), session.region(), QUERY, k)).hits().stream()
                .map(ShardHit::id).toList();
    }
}
