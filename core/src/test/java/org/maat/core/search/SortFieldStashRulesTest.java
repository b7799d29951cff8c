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
 * {@code SortField.FIELD_SCORE} through {@code new Sort().getSort()[0]} and hangs an object of its own on it; and of
 * its siblings {@code EmptyTopDocsStashChannelTest} ({@code TopDocsCollector.EMPTY_TOPDOCS}, handed out by an empty
 * collector's {@code topDocs()}) and {@code ComponentConstructorChannelTest} (a part's constructor that throws what it
 * found there). Some rule must refuse each; the tests fail while every rule admits them.
 */
class SortFieldStashRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheBuggyRetrieval() {
        assertCaught(SortFieldStashRetrieval.class);
    }

    /** The same hole through {@code TopDocsCollector.EMPTY_TOPDOCS}, which an empty collector's topDocs() hands out. */
    @Test
    void theRulesOnTaskCodeCatchTheEmptyTopDocsRetrieval() {
        assertCaught(EmptyTopDocsStashRetrieval.class);
    }

    /** The retrieval whose constructor throws a stashed title as a timeout (ComponentConstructorChannelTest). */
    @Test
    void theRulesOnTaskCodeCatchTheConstructorTimeoutRetrieval() {
        assertCaught(ConstructorTimeoutRetrieval.class);
    }

    private static void assertCaught(Class<?> offender) {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(offender.getName())
                                || c.getName().startsWith(offender.getName() + "$")));
        assertThat(buggy.size()).isGreaterThanOrEqualTo(1);
        assertThatThrownBy(() -> {
            for (ArchRule rule : TaskChannelRulesTest.rules()) {
                rule.check(buggy);
            }
        }).as("some rule on task code refuses %s", offender.getSimpleName())
                .hasMessageContaining(offender.getSimpleName());
    }
}
