package org.maat.core.search;

import org.junit.jupiter.api.Test;

/**
 * Whether the rules on task code catch the buggy task code of the review attacks on JVM-wide counters
 * (Lucene's id counter, {@link RandomIdCounterRetrieval}: a private static field advanced by
 * {@code StringHelper.randomId()}; the timer counter, {@link GlobalCounterRetrieval}: the JVM-wide
 * counter {@code TimeLimitingCollector.getGlobalCounter()} hands out, whose call also starts a thread). Some rule must
 * refuse each; the tests fail while every rule admits them.
 */
class SharedCounterRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheIdCounterRetrieval() {
        BuggyTaskCode.assertRulesRefuse(RandomIdCounterRetrieval.class);
    }

    @Test
    void theRulesOnTaskCodeCatchTheGlobalTimerCounterRetrieval() {
        BuggyTaskCode.assertRulesRefuse(GlobalCounterRetrieval.class);
    }

    /** {@code Math.random()}: the JDK's JVM-wide generator, a private static ({@link MathRandomRetrieval}). */
    @Test
    void theRulesOnTaskCodeCatchTheMathRandomRetrieval() {
        BuggyTaskCode.assertRulesRefuse(MathRandomRetrieval.class);
    }
}
