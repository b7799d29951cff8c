package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

/**
 * Review: the buggy task code of {@code org.maat.core.review.TaskInterruptChannelTest}, placed in a task package,
 * against the rules on task code ({@link TaskChannelRulesTest#rules()}): some rule must catch it, or "stopped by
 * the rules on task code" does not hold for it. (The segments' {@code FieldInfo} setters need no rule: a task's
 * readers hand out copies of the field infos, so a setter changes nothing another task sees.)
 */
class TaskChannelRulesReviewTest {

    @Test
    void aTaskThatInterruptsItsOwnThreadIsCaughtBySomeRule() {
        assertThat(caughtBy(InterruptsItsThread.class)).as("rules that catch a self-cancelling FutureTask")
                .isPositive();
    }

    private static int caughtBy(Class<?> offender) {
        JavaClasses imported = new ClassFileImporter().importClasses(offender);
        int caught = 0;
        for (ArchRule rule : TaskChannelRulesTest.rules()) {
            if (rule.evaluate(imported).hasViolation()) {
                caught++;
            }
        }
        return caught;
    }

    static final class InterruptsItsThread {
        static void leak(boolean bit) {
            if (!bit) {
                return;
            }
            @SuppressWarnings("unchecked")
            FutureTask<Void>[] self = new FutureTask[1];
            self[0] = new FutureTask<>(() -> {
                self[0].cancel(true);
                return null;
            });
            self[0].run();
        }
    }
}
