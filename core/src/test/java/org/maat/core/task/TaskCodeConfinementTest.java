package org.maat.core.task;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * Confined task code reaches data only through its {@link TaskContext}: the task packages and the
 * handles themselves use no file, path or network API and never open an {@code FSDirectory}; the
 * trusted runtime ({@code core.lucene}, {@code core.runtime}, the CLI) does that for them.
 */
class TaskCodeConfinementTest {

    static final String[] TASK_PACKAGES = {"org.maat.core.index..", "org.maat.core.search..", "org.maat.core.task.."};

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.maat.core");

    @Test
    void taskCodeUsesNoFileNetworkOrFsDirectoryApi() {
        ArchRule rule = noClasses().that().resideInAnyPackage(TASK_PACKAGES)
                .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
                .orShould().dependOnClassesThat().areAssignableTo(org.apache.lucene.store.FSDirectory.class)
                .because("confined code must reach data only through TaskContext handles (ARCHITECTURE.md section 3)");
        rule.check(CORE);
    }

    @Test
    void theRuleCatchesAViolation() {
        JavaClasses offender = new ClassFileImporter().importClasses(OffendingTask.class);
        ArchRule rule = noClasses().should().dependOnClassesThat().resideInAnyPackage("java.nio.file..");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> rule.check(offender))
                .hasMessageContaining("OffendingTask");
    }

    /** What the rule exists to catch: task code that reads a file behind the monitor's back. */
    static final class OffendingTask {
        static byte[] sneak() throws java.io.IOException {
            return java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/etc/hostname"));
        }
    }
}
