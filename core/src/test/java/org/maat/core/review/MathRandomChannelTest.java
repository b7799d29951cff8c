package org.maat.core.review;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.MathRandomRetrieval;

/**
 * Review attack on "buggy search code cannot leak" and "everything else in the JVM": {@code Math.random()} (of the
 * allowed {@code java.lang.Math}) draws from one JVM-wide generator kept in a private static field of the JDK, whose
 * 48-bit state a task recovers from two draws. A retrieval made fresh per search, in the owner's search (on another
 * thread), draws until the next draw encodes a character of a private title; another session's search draws once and
 * spells it through which readable ids it leaves out. The test fails when the title is recovered.
 */
class MathRandomChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final TitleSpellingAttack ATTACK = TitleSpellingAttack.ownerBeforeEachCharacter(review,
            MathRandomRetrieval.PLANT_FROM, MathRandomRetrieval.READ_FROM);

    @Test
    void aFreshRetrievalCannotCarryATitleThroughTheJvmsMathRandomToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(MathRandomRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughTheJvmsMathRandomToAnotherSessionsAnswers() throws Exception {
        ATTACK.throughShard(MathRandomRetrieval::new);
    }
}
