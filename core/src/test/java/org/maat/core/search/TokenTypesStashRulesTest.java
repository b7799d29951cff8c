package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code TokenTypesStashChannelTest} ({@link TokenTypesStashRetrieval} and
 * its nested classes), in a task package, is caught by the rules on task code: it reads a library's static field
 * whose type is not provably immutable ({@code StandardTokenizer.TOKEN_TYPES}, an array). At run time the task
 * boundary puts the table back after every task ({@code WritableLibraryStatics}), which the channel test shows
 * for code that slipped past the rules.
 */
class TokenTypesStashRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheBuggyRetrieval() {
        JavaClasses buggy = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(TokenTypesStashRetrieval.class.getName())
                                || c.getName().startsWith(TokenTypesStashRetrieval.class.getName() + "$")));
        assertThat(buggy.size()).isGreaterThanOrEqualTo(1);
        assertThatThrownBy(() -> TaskChannelRulesTest.noSharedMutableStatics().check(buggy))
                .hasMessageContaining("TokenTypesStashRetrieval").hasMessageContaining("TOKEN_TYPES");
    }
}
