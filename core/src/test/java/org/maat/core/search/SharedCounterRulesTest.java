package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * Whether the rules on task code catch the buggy task code of the review attacks on Lucene's id counter
 * ({@link RandomIdCounterRetrieval}: Lucene's JVM-wide id counter, a private static field advanced by
 * {@code StringHelper.randomId()}) and ({@link GlobalCounterRetrieval}: the JVM-wide
 * counter {@code TimeLimitingCollector.getGlobalCounter()} hands out, whose call also starts a thread). Some rule must
 * refuse each; the tests fail while every rule admits them.
 */
class SharedCounterRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheIdCounterRetrieval() {
        assertCaught(RandomIdCounterRetrieval.class);
    }

    @Test
    void theRulesOnTaskCodeCatchTheGlobalTimerCounterRetrieval() {
        assertCaught(GlobalCounterRetrieval.class);
    }

    /** {@code Math.random()}: the JDK's JVM-wide generator, a private static ({@link MathRandomRetrieval}). */
    @Test
    void theRulesOnTaskCodeCatchTheMathRandomRetrieval() {
        assertCaught(MathRandomRetrieval.class);
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
