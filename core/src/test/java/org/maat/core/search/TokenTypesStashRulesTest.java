package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code TokenTypesStashChannelTest} ({@link TokenTypesStashRetrieval} and its nested
 * classes), in a task package, keeps every rule on task code: the channel rules and the confinement rule (the latter
 * package-private in another test package, reached by reflection from this test, not from the trojan).
 */
class TokenTypesStashRulesTest {

    @Test
    void theRulesOnTaskCodeLetTheTaskThrough() throws Exception {
        JavaClasses trojan = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(TokenTypesStashRetrieval.class.getName())
                                || c.getName().startsWith(TokenTypesStashRetrieval.class.getName() + "$")));
        assertThat(trojan.size()).isGreaterThanOrEqualTo(1);
        List<ArchRule> rules = new ArrayList<>(TaskChannelRulesTest.rules());
        Method confinement = Class.forName("org.maat.core.task.TaskCodeConfinementTest").getDeclaredMethod("confinement");
        confinement.setAccessible(true);
        rules.add((ArchRule) confinement.invoke(null));
        for (ArchRule rule : rules) {
            assertThatCode(() -> rule.check(trojan)).as(rule.getDescription()).doesNotThrowAnyException();
        }
    }
}
