package org.maat.core.task;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;

/**
 * Confined task code reaches data only through its {@link TaskContext}: the task packages and the
 * handles themselves use no file, path or network API and never open an {@code FSDirectory}; the
 * trusted runtime ({@code core.lucene}, {@code core.runtime}, the CLI) does that for them.
 *
 * <p>One rule, {@link #confinement()}, is checked against the production classes and shown to catch
 * each kind of offence it names, so that what is proven to catch a leak is what guards the code.
 */
class TaskCodeConfinementTest {

    static final String[] TASK_PACKAGES = {"org.maat.core.index..", "org.maat.core.search..", "org.maat.core.task.."};

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.maat.core");

    /** The confinement rule (ARCHITECTURE.md section 3, "Interposition"). */
    static ArchRule confinement() {
        return noClasses().that().resideInAnyPackage(TASK_PACKAGES)
                .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
                .orShould().dependOnClassesThat().areAssignableTo(FSDirectory.class)
                .because("confined code must reach data only through TaskContext handles (ARCHITECTURE.md section 3)");
    }

    @Test
    void taskCodeUsesNoFileNetworkOrFsDirectoryApi() {
        confinement().check(CORE);
    }

    @Test
    void theRuleCatchesTaskCodeThatReadsAPath() {
        assertCaught(ReadsAPath.class, "java.nio.file.Files");
    }

    @Test
    void theRuleCatchesTaskCodeThatOpensASocket() {
        assertCaught(OpensASocket.class, "java.net.Socket");
    }

    @Test
    void theRuleCatchesTaskCodeThatUsesJavaIoFile() {
        assertCaught(UsesJavaIoFile.class, "java.io.File");
    }

    @Test
    void theRuleCatchesTaskCodeThatHoldsAnFsDirectory() {
        assertCaught(HoldsAnFsDirectory.class, FSDirectory.class.getName());
    }

    @Test
    void theRuleLetsTaskCodeUseItsHandlesAndStreams() {
        assertThatCode(() -> confinement().check(new ClassFileImporter().importClasses(UsesItsContext.class)))
                .doesNotThrowAnyException();
    }

    @Test
    void theRuleLeavesTheTrustedRuntimeAlone() {
        // The same offence outside the task packages (the runtime opens files for the tasks) is no violation.
        assertThatCode(() -> confinement().check(new ClassFileImporter()
                .importClasses(org.maat.core.lucene.IndexLayout.class, UsesItsContext.class)))
                .doesNotThrowAnyException();
    }

    private static void assertCaught(Class<?> offender, String forbidden) {
        JavaClasses imported = new ClassFileImporter().importClasses(offender);
        assertThatThrownBy(() -> confinement().check(imported))
                .hasMessageContaining(offender.getSimpleName()).hasMessageContaining(forbidden);
    }

    // What the rule exists to catch: task code (this package is a task package) that reaches data
    // behind the monitor's back, one kind of offence each.

    static final class ReadsAPath {
        static byte[] sneak() throws IOException {
            return java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/etc/hostname"));
        }
    }

    static final class OpensASocket {
        static void sneak() throws IOException {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", 9)) {
                s.getOutputStream().write(1);
            }
        }
    }

    static final class UsesJavaIoFile {
        static long sneak() {
            return new java.io.File("/etc/hostname").length();
        }
    }

    static final class HoldsAnFsDirectory {
        static String[] sneak(FSDirectory index) throws IOException {
            return index.listAll();
        }
    }

    static final class UsesItsContext {
        static long count(TaskContext context, java.io.InputStream in) throws IOException {
            return context.hashCode() + in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
