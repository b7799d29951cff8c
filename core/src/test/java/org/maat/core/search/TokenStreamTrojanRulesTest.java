package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of {@code SharedTokenStreamTrojanTest} ({@link TokenStreamTrojan}) and
 * {@code ForgedSegmentDecodeTest} ({@link ForgedSegmentDecode}), in a task package, keeps every rule on task code, so
 * those tests show the runtime's own defences (the analyzer keeps no token stream, the segment decode cache takes only
 * the runtime's segments) stopping code no rule refuses. Should a rule come to refuse it, those tests would no longer
 * attack the runtime and need a trojan that keeps the rules.
 */
class TokenStreamTrojanRulesTest {

    @Test
    void theTrojansKeepEveryRuleSoTheRuntimeIsWhatStopsThem() {
        JavaClasses trojan = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attacks",
                        c -> isOrIsNestedIn(c.getName(), TokenStreamTrojan.class)
                                || isOrIsNestedIn(c.getName(), ForgedSegmentDecode.class)));
        assertThat(trojan.size()).isGreaterThanOrEqualTo(9);
        for (ArchRule rule : TaskChannelRulesTest.rules()) {
            assertThatCode(() -> rule.check(trojan)).doesNotThrowAnyException();
        }
    }

    private static boolean isOrIsNestedIn(String name, Class<?> type) {
        return name.equals(type.getName()) || name.startsWith(type.getName() + "$");
    }
}
