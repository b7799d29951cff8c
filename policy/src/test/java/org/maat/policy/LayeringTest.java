package org.maat.policy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The policy module's packages form layers: facts and lang at the bottom, then eval and
 * templates, then monitor, store and mal, and the demo on top; no cycles, and nothing reaches up.
 * (The command line is the cli module's; CommandLineOnlyInCliTest there keeps picocli out of here.)
 */
class LayeringTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.maat.policy");

    @Test
    void packagesHaveNoCycles() {
        slices().matching("org.maat.policy.(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void languageAndFactsDependOnNothingAboveThem() {
        noClasses().that().resideInAnyPackage("..policy.lang..", "..policy.facts..")
                .should().dependOnClassesThat().resideInAnyPackage("..policy.eval..", "..policy.monitor..",
                        "..policy.store..", "..policy.mal..", "..policy.demo..", "..policy.templates..")
                .check(CLASSES);
    }

    @Test
    void evaluatorDoesNotKnowTheMonitorOrStorage() {
        noClasses().that().resideInAPackage("..policy.eval..")
                .should().dependOnClassesThat().resideInAnyPackage("..policy.monitor..", "..policy.store..",
                        "..policy.mal..", "..policy.demo..")
                .check(CLASSES);
    }
}
