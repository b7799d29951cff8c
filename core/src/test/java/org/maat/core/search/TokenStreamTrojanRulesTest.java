package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attacks {@code SharedTokenStreamTrojanTest} ({@link TokenStreamTrojan}) and
 * {@code ForgedSegmentDecodeTest} ({@link ForgedSegmentDecode}), in a task package, keeps every rule on task code: the
 * rules do not catch a task that leaves code and a title in the shared analyzer's reused token stream, nor one that
 * hands the session filter's shared cache a forged leaf of a real segment.
 */
class TokenStreamTrojanRulesTest {

    @Test
    void theRulesOnTaskCodeLetTheTrojanThrough() {
        JavaClasses trojan = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attacks",
                        c -> c.getName().startsWith(TokenStreamTrojan.class.getName())
                                || c.getName().startsWith(ForgedSegmentDecode.class.getName())));
        assertThat(trojan.size()).isGreaterThanOrEqualTo(9);
        for (ArchRule rule : TaskChannelRulesTest.rules()) {
            assertThatCode(() -> rule.check(trojan)).doesNotThrowAnyException();
        }
    }
}
