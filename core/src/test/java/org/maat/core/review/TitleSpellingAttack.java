package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.search.TitleSpelling;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * The review attacks in which a buggy retrieval carries a private title from its owner's search to another session's
 * answers and spells it there ({@link TitleSpelling}): a private document on shard 0 and an observer who may not read
 * it, the observer's honest answer, the owner's search once, then one search of the observer per character of the
 * title. The attack fails the test when the observer decodes the title, or when any of its answers through the buggy
 * retrieval is not the honest one. Run in process ({@link #inProcess}) and through an in-process shard
 * ({@link #throughShard}); the attacks differ in how many hits each search asks and on which thread the owner's runs.
 */
final class TitleSpellingAttack {

    private static final String QUERY = "parliament";

    /** One search of a session, asking {@code k} hits, through the service or shard under attack; the ids answered. */
    @FunctionalInterface
    private interface Searching {
        List<String> search(Session session, int k) throws IOException;
    }

    /** A private document of a user with documents, and the observer who may not read it. */
    private record Secret(Conduit doc, Session owner, Session observer) {
    }

    private final ReviewIndex review;
    private final int ownerK;
    private final int observerK;
    private final boolean observerKCountsCharacters;
    private final boolean ownerOnAnotherThread;
    private final Runnable beforeOwnersSearch;
    private final boolean ownerBeforeEachCharacter;

    private TitleSpellingAttack(ReviewIndex review, int ownerK, int observerK, boolean observerKCountsCharacters,
                                boolean ownerOnAnotherThread, Runnable beforeOwnersSearch) {
        this(review, ownerK, observerK, observerKCountsCharacters, ownerOnAnotherThread, beforeOwnersSearch, false);
    }

    private TitleSpellingAttack(ReviewIndex review, int ownerK, int observerK, boolean observerKCountsCharacters,
                                boolean ownerOnAnotherThread, Runnable beforeOwnersSearch,
                                boolean ownerBeforeEachCharacter) {
        this.review = review;
        this.ownerK = ownerK;
        this.observerK = observerK;
        this.observerKCountsCharacters = observerKCountsCharacters;
        this.ownerOnAnotherThread = ownerOnAnotherThread;
        this.beforeOwnersSearch = beforeOwnersSearch;
        this.ownerBeforeEachCharacter = ownerBeforeEachCharacter;
    }

    /**
     * The owner searches before each of the observer's searches, on another thread: for character {@code n} it asks
     * {@code plantFrom + n} hits (the character the buggy retrieval plants), and the observer then asks
     * {@code readFrom} (a channel that holds one character at a time, such as a JVM-wide counter).
     */
    static TitleSpellingAttack ownerBeforeEachCharacter(ReviewIndex review, int plantFrom, int readFrom) {
        return new TitleSpellingAttack(review, plantFrom, readFrom, false, true, () -> { }, true);
    }

    /** Every search asks {@code k} hits, the owner's on the test's thread. */
    static TitleSpellingAttack asking(ReviewIndex review, int k) {
        return new TitleSpellingAttack(review, k, k, false, false, () -> { });
    }

    /**
     * The owner's search asks {@code ownerK} hits, on another thread; the observer's honest answer asks
     * {@code readFrom}, and its search for character {@code n} asks {@code readFrom + n} (the character the buggy
     * retrieval reads).
     */
    static TitleSpellingAttack ownerOnAnotherThread(ReviewIndex review, int ownerK, int readFrom) {
        return new TitleSpellingAttack(review, ownerK, readFrom, true, true, () -> { });
    }

    /** The same attack, running {@code step} on the test's thread just before the owner's search. */
    TitleSpellingAttack beforeOwnersSearch(Runnable step) {
        return new TitleSpellingAttack(review, ownerK, observerK, observerKCountsCharacters, ownerOnAnotherThread,
                step, ownerBeforeEachCharacter);
    }

    /** Through the search service, its retrieval made by {@code buggy} from the private document's id. */
    void inProcess(Function<String, Retrieval> buggy) throws IOException, InterruptedException {
        Secret secret = secret();
        SearchService service = review.service();
        List<String> honest = service.search(secret.observer(), QUERY, observerK);
        SearchService attacked = service.withComponents(
                SearchComponents.standard().withRetrieval(() -> buggy.apply(secret.doc().id())));
        attack(secret, honest, (session, k) -> attacked.search(session, QUERY, k));
    }

    /** Through shard 0 of the index, its retrieval made by {@code buggy} from the private document's id. */
    void throughShard(Function<String, Retrieval> buggy) throws IOException, InterruptedException {
        Secret secret = secret();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            List<String> honest = ids(standard, secret.observer(), observerK);
            ShardService attacked = standard.withComponents(
                    SearchComponents.standard().withRetrieval(() -> buggy.apply(secret.doc().id())));
            attack(secret, honest, (session, k) -> ids(attacked, session, k));
        }
    }

    /** On shard 0, so that a retrieval given that shard alone can read it too. */
    private Secret secret() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit doc = review.unreadableOnShard0(observer);
        return new Secret(doc, Session.of(doc.owner(), "r0"), observer);
    }

    /**
     * The owner searches once (the buggy retrieval reads the secret title then), the observer searches once per
     * character; checks that the observer did not decode the title and that every answer it got was the honest one.
     */
    private void attack(Secret secret, List<String> honest, Searching through) throws IOException,
            InterruptedException {
        assertThat(honest).as("the observer's honest answer has a hit per bit").hasSizeGreaterThan(TitleSpelling.BITS);
        String title = review.title(secret.doc().id());
        beforeOwnersSearch.run();
        if (!ownerBeforeEachCharacter) {
            ownersSearch(secret, through, ownerK);
        }
        List<List<String>> answers = new ArrayList<>();
        StringBuilder recovered = new StringBuilder();
        for (int position = 0; position < title.length(); position++) {
            if (ownerBeforeEachCharacter) {
                ownersSearch(secret, through, ownerK + position);
            }
            List<String> observed = through.search(secret.observer(),
                    observerKCountsCharacters ? observerK + position : observerK);
            answers.add(observed);
            recovered.append(TitleSpelling.read(honest, observed));
        }
        assertThat(recovered.toString()).as("what %s decoded from its own answers; the title of %s, which it may "
                + "not read", secret.observer().principal(), secret.doc().id()).isNotEqualTo(title);
        assertThat(answers).as("the observer's answers through the buggy retrieval").allSatisfy(
                answer -> assertThat(answer).isEqualTo(honest));
    }

    private void ownersSearch(Secret secret, Searching through, int k) throws IOException, InterruptedException {
        if (!ownerOnAnotherThread) {
            through.search(secret.owner(), k);
            return;
        }
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            other.submit(() -> through.search(secret.owner(), k)).get();
        } catch (ExecutionException e) {
            // The boundary may fail the owner's task for what it planted (a JVM-wide value put back): the attack is
            // then judged on what the observer sees. Any other failure means the attack did not run as meant.
            if (!(e.getCause() instanceof org.maat.core.task.TaskFailedException)) {
                throw new AssertionError("the owner's search failed", e.getCause());
            }
        } finally {
            other.shutdownNow();
        }
    }

    private static List<String> ids(ShardService shard, Session session, int k) throws IOException {
        return shard.search(new ShardQuery(session.principal(), session.region(), QUERY, k)).hits().stream()
                .map(ShardHit::id).toList();
    }
}
