package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The spelling the buggy retrievals share ({@link TitleSpelling}) keeps every rule on task code, so each retrieval's
 * rules test ({@code AnalyzerStashRulesTest}, {@code CachingPolicyStashRulesTest}, {@code TokenTypesStashRulesTest})
 * still catches the retrieval by its own channel, not by what the spelling does.
 */
class TitleSpellingRulesTest {

    @Test
    void theSharedSpellingKeepsEveryRuleOnTaskCode() {
        JavaClasses spelling = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the spelling the buggy retrievals share",
                        c -> c.getName().equals(TitleSpelling.class.getName())
                                || c.getName().startsWith(TitleSpelling.class.getName() + "$")));
        assertThat(spelling.size()).isGreaterThanOrEqualTo(1);
        for (ArchRule rule : TaskChannelRulesTest.rules()) {
            rule.check(spelling);
        }
    }
}
