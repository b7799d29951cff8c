package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code SharedAnalyzerStoredValueChannelTest} ({@link AnalyzerStashRetrieval}
 * and its nested classes), in a task package, is caught by the rules on task code: no reuse strategy of its own, no
 * call reaching an analyzer's per-thread stored value. At run time the task boundary empties the shared analyzer's
 * stored value after every task too, which the channel test shows for code that slipped past the rules.
 */
class AnalyzerStashRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheBuggyRetrieval() {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(AnalyzerStashRetrieval.class.getName())
                                || c.getName().startsWith(AnalyzerStashRetrieval.class.getName() + "$")));
        assertThat(buggy.size()).isGreaterThanOrEqualTo(3);
        assertThatThrownBy(() -> TaskChannelRulesTest.noSharedLibraryState().check(buggy))
                .hasMessageContaining("Stash").hasMessageContaining("ReuseStrategy")
                .hasMessageContaining("getStoredValue").hasMessageContaining("setStoredValue");
    }
}
