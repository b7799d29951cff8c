package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code SharedTokenStreamTrojanTest} ({@link TokenStreamTrojan}, in a task
 * package) keeps every rule on task code: the rules do not catch a task that leaves code and a title in the shared
 * analyzer's reused token stream.
 */
class TokenStreamTrojanRulesTest {

    @Test
    void theRulesOnTaskCodeLetTheTrojanThrough() {
        JavaClasses trojan = new ClassFileImporter().importClasses(TokenStreamTrojan.class, TokenStreamTrojan.Trojan.class,
                TokenStreamTrojan.CarrierImpl.class, TokenStreamTrojan.ThrowerImpl.class, TokenStreamTrojan.Carrier.class,
                TokenStreamTrojan.Thrower.class);
        for (ArchRule rule : TaskChannelRulesTest.rules()) {
            assertThatCode(() -> rule.check(trojan)).doesNotThrowAnyException();
        }
    }
}
