package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;

/** The buggy task code of a review attack (a class of this task package and its nested classes), before the rules. */
final class BuggyTaskCode {

    private BuggyTaskCode() {
    }

    /** Asserts that some rule on task code ({@link TaskChannelRulesTest#rules}) refuses {@code offender}. */
    static void assertRulesRefuse(Class<?> offender) {
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
