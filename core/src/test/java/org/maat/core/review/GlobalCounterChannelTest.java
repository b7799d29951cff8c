package org.maat.core.review;

import org.apache.lucene.search.TimeLimitingCollector;
import org.apache.lucene.util.Counter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.GlobalCounterRetrieval;

/**
 * Review attack on "buggy search code cannot leak", "static state" and "threads that outlive the task": Lucene's
 * {@code TimeLimitingCollector.getGlobalCounter()} hands out the JVM-wide counter of its timer thread (held in a
 * static field of a package-private holder, not a public static field, so the boundary's put-back does not cover it)
 * and starts that thread; a counter's {@code addAndGet} takes any value. A retrieval made fresh per search, in the
 * owner's search (on another thread), sets the counter's high bits to a character of a private title; another
 * session's search reads them and spells them through which readable ids it leaves out. The test fails when the title
 * is recovered.
 */
class GlobalCounterChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final TitleSpellingAttack ATTACK = TitleSpellingAttack.ownerBeforeEachCharacter(review,
            GlobalCounterRetrieval.PLANT_FROM, GlobalCounterRetrieval.READ_FROM);

    /** The bits the attack sets, cleared (the timer's ticks never reach them). */
    @AfterEach
    void clearTheCountersHighBits() {
        Counter shared = TimeLimitingCollector.getGlobalCounter();
        shared.addAndGet(-(shared.get() & (0x7fL << GlobalCounterRetrieval.SHIFT)));
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesGlobalTimerCounterToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(GlobalCounterRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesGlobalTimerCounterToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.throughShard(GlobalCounterRetrieval::new);
    }
}
