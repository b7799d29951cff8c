package org.maat.encdb;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The cryptographic packages sit at the bottom of encdb: they know nothing of SQL, the driver or the
 * ERP workload, and the code that runs inside H2 needs only the schemes and H2's aggregate API.
 */
class CryptoLayeringTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.maat.encdb");

    @Test
    void keysDependOnlyOnTheJdkBouncyCastleLoggingAndTheKeySource() {
        classes().that().resideInAPackage("org.maat.encdb.key..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.bouncycastle..", "org.slf4j..", "org.maat.keys..", "org.maat.encdb.key..")
                .check(CLASSES);
    }

    @Test
    void onionsDependOnlyOnTheJdkAndBouncyCastle() {
        // javax.crypto is the JDK's own AES (SunJCE, AES-NI), which RND enciphers its counters with.
        classes().that().resideInAPackage("org.maat.encdb.onion..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "javax.crypto..", "org.bouncycastle..", "org.maat.encdb.onion..")
                .check(CLASSES);
    }

    @Test
    void serverFunctionsDependOnlyOnOnionsAndH2sApi() {
        classes().that().resideInAPackage("org.maat.encdb.server..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.h2.api..", "org.maat.encdb.onion..", "org.maat.encdb.server..")
                .check(CLASSES);
    }
}
