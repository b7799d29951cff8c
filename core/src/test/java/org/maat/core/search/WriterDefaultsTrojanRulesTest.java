package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code LuceneWriterDefaultsChannelTest} ({@link WriterDefaultsTrojan},
 * {@link CodecTrojan}), in a
 * task package, is caught by the rules on task code: no task may set Lucene's JVM-wide writer defaults
 * ({@code InfoStream.setDefault}, {@code Codec.setDefault}); at run time {@code LibraryState} puts them back too.
 */
class WriterDefaultsTrojanRulesTest {

    @Test
    void theRulesOnTaskCodeCatchTheWriterDefaultsTrojan() {
        JavaClasses trojan = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().startsWith(WriterDefaultsTrojan.class.getName())
                                || c.getName().startsWith(CodecTrojan.class.getName())));
        assertThat(trojan.size()).isGreaterThanOrEqualTo(8);
        assertThatThrownBy(() -> TaskChannelRulesTest.noSharedLibraryState().check(trojan))
                .hasMessageContaining("setDefault");
    }
}
