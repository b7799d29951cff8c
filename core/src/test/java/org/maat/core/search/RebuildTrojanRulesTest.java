package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.core.index.RepeatingIndexer;
import org.maat.core.index.SkipCountingIndexer;

/**
 * The buggy indexers of the review attacks {@code BuggyRebuildTest} ({@link RepeatingIndexer}) and
 * {@code RescannedDamagedRecordTest} ({@link SkipCountingIndexer}),
 * in a task package, keep every rule on task code: the allow-list, the channel rules, the confinement rule and the writer
 * rule (the last two package-private in other test packages, reached by reflection from this test, not from the
 * trojans), so the runtime's refusal of their rebuilds is what stops them.
 */
class RebuildTrojanRulesTest {

    @Test
    void theRulesOnTaskCodeLetTheIndexersThrough() throws Exception {
        JavaClasses trojan = new ClassFileImporter().importClasses(RepeatingIndexer.class, SkipCountingIndexer.class);
        List<ArchRule> rules = new ArrayList<>(TaskChannelRulesTest.rules());
        rules.add(rule("org.maat.core.task.TaskCodeConfinementTest", "confinement"));
        rules.add(rule("org.maat.core.lucene.CheckedIndexSinkTest", "noWriterForTaskCode"));
        assertThat(rules).hasSizeGreaterThanOrEqualTo(10);
        for (ArchRule rule : rules) {
            assertThatCode(() -> rule.check(trojan)).as(rule.getDescription()).doesNotThrowAnyException();
        }
    }

    private static ArchRule rule(String className, String method) throws Exception {
        Method m = Class.forName(className).getDeclaredMethod(method);
        m.setAccessible(true);
        return (ArchRule) m.invoke(null);
    }
}
