package org.maat.core.review;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.CachingPolicyStashRetrieval;

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

    /** What the owner's search asks: fewer than the retrieval's READ_FROM, so it plants. */
    private static final int OWNER_K = 100;

    /** The owner's search on another thread; the observer's search for character n asks READ_FROM + n hits. */
    private static final TitleSpellingAttack ATTACK =
            TitleSpellingAttack.ownerOnAnotherThread(review, OWNER_K, CachingPolicyStashRetrieval.READ_FROM);

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesDefaultCachingPolicyToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(CachingPolicyStashRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesDefaultCachingPolicyToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.throughShard(CachingPolicyStashRetrieval::new);
    }
}
