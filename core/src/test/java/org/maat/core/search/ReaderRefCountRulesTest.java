package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * Whether the rules on task code catch the buggy task code of the review attack {@code ReaderRefCountChannelTest}
 * ({@link ReaderRefCountRetrieval}: raises the shared shard reader's reference count through {@code new
 * MultiReader(..., false)} and reads it back with {@code getRefCount()}). Some rule must refuse it; the test fails
 * while every rule admits it.
 */
class ReaderRefCountRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheReferenceCountRetrieval() {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(ReaderRefCountRetrieval.class.getName())));
        assertThat(buggy.size()).isEqualTo(1);
        assertThatThrownBy(() -> {
            for (ArchRule rule : TaskChannelRulesTest.rules()) {
                rule.check(buggy);
            }
        }).as("some rule on task code refuses ReaderRefCountRetrieval")
                .hasMessageContaining(ReaderRefCountRetrieval.class.getSimpleName());
    }
}
