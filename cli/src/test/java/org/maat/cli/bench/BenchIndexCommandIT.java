package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.search.CommandHarness;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;

/** {@code maat bench index} with either engine on a small generated data directory. */
class BenchIndexCommandIT {

    @TempDir
    static Path dir;

    private static DataDir data;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 200, 51);
    }

    private int run(Object command, String... args) {
        return CommandHarness.run(command, out, err, args);
    }

    @Test
    void benchIndexReportsBothVariantsAndTheirRatios() {
        assertThat(run(new BenchIndexCommand(), "--data", data.root().toString(), "--runs", "1",
                "--scratch", dir.resolve("scratch").toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("no-policy  median").contains("policy     median").contains("overhead");
    }

    @Test
    void benchIndexWithMapReduceReportsEveryEngineTheFixedCostAndTheGoals() {
        assertThat(run(new BenchIndexCommand(), "--engine", "mapreduce", "--reducers", "1,2", "--data",
                data.root().toString(), "--runs", "1", "--scratch", dir.resolve("scratch-mr").toString()))
                .as(err.toString()).isZero();
        assertThat(out.toString())
                .containsPattern("sequential no-policy +[\\d.]+ +[\\d,]+ +[\\d.]+")
                .containsPattern("mapreduce x2 policy +[\\d.]+ +[\\d,]+ +[\\d.]+")
                .containsPattern("fixed cost of a MapReduce job .*: [\\d.]+ s")
                .contains("monitor overhead, mapreduce x1:")
                .contains("mapreduce x1 / sequential time (policy)")
                .contains("mapreduce x2 / x1 throughput (policy)");
    }
}
