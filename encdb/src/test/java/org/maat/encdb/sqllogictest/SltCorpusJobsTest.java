package org.maat.encdb.sqllogictest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench fuzz --corpus DIR --jobs N}: scripts run several at a time give, script for script and record for
 * record, the tallies they give one after the other (each script on its own databases), in the scripts' order.
 */
class SltCorpusJobsTest {

    private static final List<String> SCRIPTS = List.of("index-random-10-slt_good_0.test", "evidence-in1.test",
            "evidence-slt_lang_update.test");

    @TempDir
    Path dir;

    @Test
    void scriptsRunSeveralAtATimeTallyAsOneAfterTheOther() throws Exception {
        Path corpus = dir.resolve("corpus");
        for (int i = 0; i < SCRIPTS.size(); i++) {
            Path to = corpus.resolve("d" + (i % 2)).resolve(SCRIPTS.get(i));
            Files.createDirectories(to.getParent());
            try (InputStream in = getClass().getResourceAsStream("/sqllogictest/" + SCRIPTS.get(i))) {
                Files.copy(in, to);
            }
        }
        List<String> serialProgress = new ArrayList<>();
        List<SltTally> serial = SltCorpus.run(corpus, 40, dir.resolve("k1"), 1, serialProgress::add);
        List<String> parallelProgress = new ArrayList<>();
        List<SltTally> parallel = SltCorpus.run(corpus, 40, dir.resolve("k2"), 2, parallelProgress::add);

        assertThat(serial).hasSize(SCRIPTS.size());
        assertThat(rows(parallel)).isEqualTo(rows(serial));
        assertThat(SltCorpus.summary(parallel)).isEqualTo(SltCorpus.summary(serial));
        assertThat(parallelProgress).containsExactlyInAnyOrderElementsOf(serialProgress);
        assertThat(serial.stream().mapToInt(t -> t.records).sum()).isGreaterThan(100);
        assertThat(serial.stream().mapToInt(t -> t.agrees).sum()).isGreaterThan(100);
        assertThat(SltCorpus.summary(serial)).contains(" 0 mismatches");
    }

    @Test
    void fewerThanOneJobIsRefused() {
        assertThatThrownBy(() -> SltCorpus.run(dir, 1, dir, 0, line -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }

    private static List<String> rows(List<SltTally> tallies) {
        return tallies.stream().map(SltTally::row).toList();
    }
}
