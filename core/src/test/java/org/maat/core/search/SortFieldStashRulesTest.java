package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * Whether the rules on task code catch the buggy task code of the review attack {@code SortFieldStashChannelTest}
 * ({@link SortFieldStashRetrieval} and its nested classes, in a task package): it reaches the JVM-wide
 * {@code SortField.FIELD_SCORE} through {@code new Sort().getSort()[0]} and hangs an object of its own on it. Some rule
 * must refuse it; the test fails while every rule admits it.
 */
class SortFieldStashRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheBuggyRetrieval() {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(SortFieldStashRetrieval.class.getName())
                                || c.getName().startsWith(SortFieldStashRetrieval.class.getName() + "$")));
        assertThat(buggy.size()).isGreaterThanOrEqualTo(1);
        assertThatThrownBy(() -> {
            for (ArchRule rule : TaskChannelRulesTest.rules()) {
                rule.check(buggy);
            }
        }).as("some rule on task code refuses the retrieval").hasMessageContaining("SortFieldStashRetrieval");
    }
}
