package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
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
        assertCaught(ReaderRefCountRetrieval.class);
    }

    /** The one-bit-a-search variant, the one that works over HTTP through the front-end. */
    @Test
    void theRulesOnTaskCodeCatchTheReferenceCountBitRetrieval() {
        assertCaught(ReaderRefCountBitRetrieval.class);
    }

    private static void assertCaught(Class<?> offender) {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(offender.getName())));
        assertThat(buggy.size()).isEqualTo(1);
        assertThatThrownBy(() -> {
            for (ArchRule rule : TaskChannelRulesTest.rules()) {
                rule.check(buggy);
            }
        }).as("some rule on task code refuses %s", offender.getSimpleName())
                .hasMessageContaining(offender.getSimpleName());
    }
}
