package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The buggy task code of the review attack {@code LuceneWriterDefaultsChannelTest} ({@link WriterDefaultsTrojan},
 * {@link CodecTrojan}), in a
 * task package, keeps every rule on task code: the rules do not catch a task that leaves code and a title in Lucene's
 * JVM-wide writer defaults ({@code InfoStream.setDefault}, {@code Codec.setDefault}).
 */
class WriterDefaultsTrojanRulesTest {

    @Test
    void theRulesOnTaskCodeLetTheWriterDefaultsTrojanThrough() {
        JavaClasses trojan = new ClassFileImporter().importPackages("org.maat.core.search")
                .that(DescribedPredicate.describe("the buggy task code of the review attack",
                        c -> c.getName().startsWith(WriterDefaultsTrojan.class.getName())
                                || c.getName().startsWith(CodecTrojan.class.getName())));
        assertThat(trojan.size()).isGreaterThanOrEqualTo(8);
        for (ArchRule rule : TaskChannelRulesTest.rules()) {
            assertThatCode(() -> rule.check(trojan)).doesNotThrowAnyException();
        }
    }
}
