package org.maat.core.review;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.ReaderRefCountRetrieval;

/**
 * Review attack on "buggy search code cannot leak" and "objects Lucene's shared segment readers hand out" (whose
 * stated limit says a task's change of the shared reader's reference count "changes no answer"): a shard's
 * {@code TaskReader}, shared by every task and session, has a reference count any task reads with
 * {@code getRefCount()} and raises for good with {@code new MultiReader(new IndexReader[] {reader}, false)} (the
 * constructor calls {@code incRef}, which the rules refuse only by name). A retrieval made fresh per search, in the
 * owner's search (on another thread), raises the count until it is, modulo 128, a character of a private title;
 * another session's search reads it and spells it through which readable ids it leaves out. The test fails when the
 * title is recovered.
 */
class ReaderRefCountChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final TitleSpellingAttack ATTACK = TitleSpellingAttack.ownerBeforeEachCharacter(review,
            ReaderRefCountRetrieval.PLANT_FROM, ReaderRefCountRetrieval.READ_FROM);

    @Test
    void aFreshRetrievalCannotCarryATitleThroughTheSharedReadersReferenceCountToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.inProcess(ReaderRefCountRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughTheSharedReadersReferenceCountToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.throughShard(ReaderRefCountRetrieval::new);
    }
}
