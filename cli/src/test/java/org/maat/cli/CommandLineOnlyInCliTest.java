package org.maat.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Only the cli module speaks command line: picocli and the terminal's progress bars are used by
 * org.maat.cli alone, so that every other module (the WAR's included) runs without them, and domain
 * code reports errors and progress in its own terms. Checked over every Maat class on this module's
 * class path, which is every module's.
 */
class CommandLineOnlyInCliTest {

    private static final JavaClasses MAAT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.maat");

    @Test
    void noClassOutsideTheCliUsesPicocli() {
        noClasses().that().resideOutsideOfPackage("org.maat.cli..")
                .should().dependOnClassesThat().resideInAPackage("picocli..")
                .check(MAAT);
    }

    @Test
    void noClassOutsideTheCliDrawsProgressBars() {
        noClasses().that().resideOutsideOfPackage("org.maat.cli..")
                .should().dependOnClassesThat().resideInAPackage("me.tongfei.progressbar..")
                .check(MAAT);
    }

    @Test
    void onlyProgressBarsDecidesBetweenBarsAndLines() {
        // One decision point: a command drawing its own bar would redraw into logs and CI output again.
        noClasses().that().resideInAPackage("org.maat..")
                .and().haveNameNotMatching("org\\.maat\\.cli\\.ProgressBars(\\$.*)?")
                .should().dependOnClassesThat().resideInAPackage("me.tongfei.progressbar..")
                .orShould().dependOnClassesThat().haveSimpleName("PhaseLine")
                .check(MAAT);
    }

    @Test
    void theOtherModulesAreOnTheClassPath() {
        // A rule over no classes would pass vacuously.
        for (String module : new String[] {"org.maat.policy", "org.maat.core", "org.maat.indexer", "org.maat.encdb",
                "org.maat.server", "org.maat.jmh", "org.maat.jmeter"}) {
            Assertions.assertThat(MAAT.stream().anyMatch(c -> c.getPackageName().startsWith(module)))
                    .as(module).isTrue();
        }
    }
}
