package org.maat.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;
import org.maat.core.task.TaskCodeDependencies;

/**
 * The buggy reducer {@link TitleDroppingReducer}, in a task package, is
 * refused by the list of what task code may use: no Hadoop class is on it (task code is a document mapper; the
 * runtime's map and reduce tasks, which hold Hadoop's {@code Context}, its file systems and counters, are not task
 * code), so no task reaches a file system through the job's context.
 */
class TitleDroppingRulesTest {

    @Test
    void theListOfWhatTaskCodeMayUseRefusesTheReducer() {
        JavaClasses trojan = new ClassFileImporter().importClasses(TitleDroppingReducer.class);
        assertThat(trojan.get(TitleDroppingReducer.class).getPackageName()).isEqualTo("org.maat.core.index");
        assertThatThrownBy(() -> TaskCodeDependencies.onlyTheTaskApi().check(trojan))
                .hasMessageContaining("org.apache.hadoop.fs.FileSystem");
    }
}
