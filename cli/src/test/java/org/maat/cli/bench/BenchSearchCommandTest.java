package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.search.CommandHarness;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;

/** {@code maat bench search} on a small generated data directory. */
class BenchSearchCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Object command, String... args) {
        return CommandHarness.run(command, out, err, args);
    }

    @Test
    void benchSearchReportsEveryVariantAndTheMix() throws IOException {
        DataDir data = TestData.generate(dir, 200, 51);
        Path index = TestData.index(data, dir.resolve("index-bench"), 1).root();
        assertThat(run(new BenchSearchCommand(), "--data", data.root().toString(), "--index", index.toString(),
                "--threads", "2", "--queries", "50", "--rounds", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("unfiltered").contains("all-public").contains("no-policy").contains("mix")
                .containsPattern("mix +[\\d.]+ q/s no-policy");
    }
}
