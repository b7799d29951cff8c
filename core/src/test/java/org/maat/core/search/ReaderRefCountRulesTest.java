package org.maat.core.search;

import org.junit.jupiter.api.Test;

/**
 * Whether the rules on task code catch the buggy task code of the review attack on the reference count
 * ({@link ReaderRefCountRetrieval}: raises the shared shard reader's reference count through {@code new
 * MultiReader(..., false)} and reads it back with {@code getRefCount()}). Some rule must refuse it; the test fails
 * while every rule admits it.
 */
class ReaderRefCountRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheReferenceCountRetrieval() {
        BuggyTaskCode.assertRulesRefuse(ReaderRefCountRetrieval.class);
    }

    /** The one-bit-a-search variant, the one that works over HTTP through the front-end. */
    @Test
    void theRulesOnTaskCodeCatchTheReferenceCountBitRetrieval() {
        BuggyTaskCode.assertRulesRefuse(ReaderRefCountBitRetrieval.class);
    }
}
