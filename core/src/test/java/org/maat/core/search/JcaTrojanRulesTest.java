package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;
import org.maat.core.task.TaskCodeDependencies;

/**
 * The buggy task code {@link JcaTrojan} (and its nested classes), in a task
 * package, is refused by the list of what task code may use: {@code java.security} is not on it, so no task installs
 * a provider the runtime's own cryptography (the shards' request signatures) would run.
 */
class JcaTrojanRulesTest {

    @Test
    void theListOfWhatTaskCodeMayUseRefusesTheProvider() {
        JavaClasses trojan = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().equals(JcaTrojan.class.getName())
                                || c.getName().startsWith(JcaTrojan.class.getName() + "$")));
        assertThat(trojan.size()).isGreaterThanOrEqualTo(3);
        assertThatThrownBy(() -> TaskCodeDependencies.onlyTheTaskApi().check(trojan))
                .hasMessageContaining("java.security");
    }
}
