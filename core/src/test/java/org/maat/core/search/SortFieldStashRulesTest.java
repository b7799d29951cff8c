package org.maat.core.search;

import org.junit.jupiter.api.Test;

/**
 * Whether the rules on task code catch the buggy task code of the review attack {@code SortFieldStashChannelTest}
 * ({@link SortFieldStashRetrieval} and its nested classes, in a task package): it reaches the JVM-wide
 * {@code SortField.FIELD_SCORE} through {@code new Sort().getSort()[0]} and hangs an object of its own on it; and of
 * its siblings {@code EmptyTopDocsStashChannelTest} ({@code TopDocsCollector.EMPTY_TOPDOCS}, handed out by an empty
 * collector's {@code topDocs()}) and {@code ComponentConstructorChannelTest} (a part's constructor that throws what it
 * found there). Some rule must refuse each; the tests fail while every rule admits them.
 */
class SortFieldStashRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheBuggyRetrieval() {
        BuggyTaskCode.assertRulesRefuse(SortFieldStashRetrieval.class);
    }

    /** The same hole through {@code TopDocsCollector.EMPTY_TOPDOCS}, which an empty collector's topDocs() hands out. */
    @Test
    void theRulesOnTaskCodeCatchTheEmptyTopDocsRetrieval() {
        BuggyTaskCode.assertRulesRefuse(EmptyTopDocsStashRetrieval.class);
    }

    /** The retrieval whose constructor throws a stashed title as a timeout (ComponentConstructorChannelTest). */
    @Test
    void theRulesOnTaskCodeCatchTheConstructorTimeoutRetrieval() {
        BuggyTaskCode.assertRulesRefuse(ConstructorTimeoutRetrieval.class);
    }
}
