package org.maat.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The buggy reducer of the review attack {@code ReducerFileSystemChannelTest} ({@link TitleDroppingReducer}), in a task
 * package, keeps every rule on task code: the channel rules ({@code TaskChannelRulesTest.rules()}), the confinement
 * rule ({@code TaskCodeConfinementTest.confinement()}: no file, path or network API, no {@code FSDirectory}) and the
 * writer rule ({@code CheckedIndexSinkTest.noWriterForTaskCode()}). The rules are core's test code, package-private
 * in three packages: this test reaches them by reflection (test code, not the trojan).
 */
class TitleDroppingRulesTest {

    @Test
    void theRulesOnTaskCodeLetTheReducerThrough() throws Exception {
        JavaClasses trojan = new ClassFileImporter().importClasses(TitleDroppingReducer.class);
        assertThat(trojan.get(TitleDroppingReducer.class).getPackageName()).isEqualTo("org.maat.core.index");
        List<ArchRule> rules = new ArrayList<>();
        for (Object rule : (List<?>) rule("org.maat.core.search.TaskChannelRulesTest", "rules")) {
            rules.add((ArchRule) rule);
        }
        rules.add((ArchRule) rule("org.maat.core.task.TaskCodeConfinementTest", "confinement"));
        rules.add((ArchRule) rule("org.maat.core.lucene.CheckedIndexSinkTest", "noWriterForTaskCode"));
        assertThat(rules).hasSizeGreaterThanOrEqualTo(10);
        for (ArchRule rule : rules) {
            assertThatCode(() -> rule.check(trojan)).as(rule.getDescription()).doesNotThrowAnyException();
        }
    }

    private static Object rule(String className, String method) throws Exception {
        Method m = Class.forName(className).getDeclaredMethod(method);
        m.setAccessible(true);
        return m.invoke(null);
    }
}
