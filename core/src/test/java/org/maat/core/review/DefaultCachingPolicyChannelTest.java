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
import org.maat.core.search.CachingPolicyStashRetrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "JVM-wide library settings: the runtime pins them (LibraryState: Lucene's clause limit and default
 * query cache ...); after every task the boundary puts back any it changed ... and a rule: no such setter in task code"
 * (the rules' own list: "no Lucene clause limit or default query cache, no handle on the query cache every search
 * shares") and on "the search components ... made afresh for every search ... nothing a component keeps in its fields
 * outlives the search". {@code LibraryState} checks that the default caching policy is still the same object; what
 * that object remembers is not pinned. Lucene's default {@code UsageTrackingQueryCachingPolicy} keeps a JVM-wide ring
 * buffer of the hashes of recently used queries: {@code IndexSearcher.getDefaultQueryCachingPolicy()} (no rule names
 * the getter; the rule names only {@code setDefaultQueryCachingPolicy} and {@code getQueryCache}) hands it to any task,
 * {@code onUse} writes it and {@code shouldCache} reads it back. It is not per thread: a search on another thread, or
 * another shard of the process, reads what a task left there.
 *
 * <p>The buggy retrieval ({@link CachingPolicyStashRetrieval}, fresh for every search) keeps nothing in its fields: in
 * the owner's search (here on another thread) it writes the private title's bits as marker queries used twice, and in
 * each later search of the observer (who asks {@code 500 + n} hits for character {@code n}) it reads character
 * {@code n} back and spells it through which of the first 7 readable hits it leaves out.
 */
class DefaultCachingPolicyChannelTest {

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
                .hasSizeGreaterThan(CachingPolicyStashRetrieval.BITS);
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
            List<String> observed = through.search(secret.observer(), CachingPolicyStashRetrieval.READ_FROM + position);
            answers.add(observed);
            int c = 0;
            for (int b = 0; b < CachingPolicyStashRetrieval.BITS; b++) {
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

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesDefaultCachingPolicyToAnotherSessionsAnswers() throws Exception {
        Secret secret = secret();
        SearchService service = review.service();
        List<String> honest = service.search(secret.observer(), QUERY, CachingPolicyStashRetrieval.READ_FROM);
        SearchService buggy = service.withComponents(
                SearchComponents.standard().withRetrieval(() -> new CachingPolicyStashRetrieval(secret.doc().id())));
        attack(secret, honest, (session, k) -> buggy.search(session, QUERY, k));
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesDefaultCachingPolicyToAnotherSessionsAnswers()
            throws Exception {
        Secret secret = secret();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            List<String> honest = ids(standard, secret.observer(), CachingPolicyStashRetrieval.READ_FROM);
            ShardService buggy = standard.withComponents(SearchComponents.standard()
                    .withRetrieval(() -> new CachingPolicyStashRetrieval(secret.doc().id())));
            attack(secret, honest, (session, k) -> ids(buggy, session, k));
        }
    }

    private static List<String> ids(ShardService shard, Session session, int k) throws IOException {
        return shard.search(new ShardQuery(session.principal(), session.region(), QUERY, k)).hits().stream()
                .map(ShardHit::id).toList();
    }
}
