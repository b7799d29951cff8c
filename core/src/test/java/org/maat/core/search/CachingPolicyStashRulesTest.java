package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code DefaultCachingPolicyChannelTest} ({@link CachingPolicyStashRetrieval}
 * and its nested classes), in a task package, is caught by the rules on task code: no static getter or setter of
 * Lucene's searcher defaults. At run time the default caching policy the runtime pins keeps nothing
 * ({@code LibraryState}), which the channel test shows for code that slipped past the rules.
 */
class CachingPolicyStashRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheBuggyRetrieval() {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(CachingPolicyStashRetrieval.class.getName())
                                || c.getName().startsWith(CachingPolicyStashRetrieval.class.getName() + "$")));
        assertThat(buggy.size()).isGreaterThanOrEqualTo(1);
        assertThatThrownBy(() -> TaskChannelRulesTest.noSharedLibraryState().check(buggy))
                .hasMessageContaining("CachingPolicyStashRetrieval").hasMessageContaining("getDefaultQueryCachingPolicy");
    }
}
