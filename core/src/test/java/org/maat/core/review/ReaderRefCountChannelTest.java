package org.maat.core.review;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.ReaderRefCountRetrieval;

/**
 * Review attack on "buggy search code cannot leak" through a shard reader's reference count: a task reads it with
 * {@code getRefCount()} and raises it for good with {@code new MultiReader(new IndexReader[] {reader}, false)} (the
 * constructor calls {@code incRef}). In the owner's search (on another thread) a retrieval made fresh per search
 * raises the count until it is, modulo 128, a character of a private title; another session's search reads it and
 * spells it through which readable ids it leaves out. Each task searches a task reader of its own
 * ({@code OpenIndex.taskReader}), so the count it reads is its own; the rules refuse the calls besides
 * ({@code ReaderRefCountRulesTest}). The test fails when the title is recovered.
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
