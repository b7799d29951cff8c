package org.maat.core.review;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.RandomIdCounterRetrieval;

/**
 * Review attack on "buggy search code cannot leak" and "static state": Lucene's {@code StringHelper.randomId()} hands
 * out the next value of a JVM-wide counter that lives in a private static field ({@code StringHelper.nextId}), so
 * neither the static-state rules (task code reads no static field) nor the boundary's put-back (public static fields
 * only) nor {@code LibraryState} see it. A retrieval made fresh per search, in the owner's search (on another thread),
 * draws ids until the next one's low 7 bits are a character of a private title; another session's search draws the
 * next id and spells those bits through which readable ids it leaves out. The test fails when the title is recovered.
 */
class RandomIdCounterChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final TitleSpellingAttack ATTACK = TitleSpellingAttack.ownerBeforeEachCharacter(review,
            RandomIdCounterRetrieval.PLANT_FROM, RandomIdCounterRetrieval.READ_FROM);

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesIdCounterToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(RandomIdCounterRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesIdCounterToAnotherSessionsAnswers() throws Exception {
        ATTACK.throughShard(RandomIdCounterRetrieval::new);
    }
}
