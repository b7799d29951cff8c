package org.maat.cli.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.search.CommandHarness;
import org.maat.cli.search.SearchCommand;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;

class IndexCommandIT {

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
    void indexesUnderTheMonitorWithEitherEngineAndSearchesGiveTheSameResults() {
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            Path index = dir.resolve("index-" + engine);
            assertThat(run(new IndexCommand(), "--engine", engine, "--data", data.root().toString(), "--out",
                    index.toString(), "--shards", "2", "--quiet")).as(err.toString()).isZero();
            assertThat(out.toString()).contains("200 documents in 2 shard(s)").contains("under the monitor");
        }
        assertThat(out.toString()).contains("by 2 MapReduce reducer(s)");
        String[] results = new String[2];
        int i = 0;
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            out.getBuffer().setLength(0);
            assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index",
                    dir.resolve("index-" + engine).toString(), "--as", "u3", "--region", "r0", "--k", "5", "budget"))
                    .as(err.toString()).isZero();
            results[i++] = out.toString().replaceAll("\\(\\d+(\\.\\d+)? ms\\)", "");
        }
        assertThat(results[1]).contains("result(s) for 'budget' as u3@r0").isEqualTo(results[0]);
    }

    @Test
    void badArgumentsExitWithTwoAndSayWhat() {
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", dir.resolve("x").toString(),
                "--shards", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--shards must be at least 1");
        assertThat(run(new IndexCommand(), "--engine", "spark", "--data", data.root().toString(), "--out",
                dir.resolve("x").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--engine must be sequential or mapreduce, not 'spark'");
        assertThat(run(new IndexCommand(), "--engine", "mapreduce", "--shards", "2", "--reducers", "3", "--data",
                data.root().toString(), "--out", dir.resolve("x").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--reducers must be between 1 and --shards (2), not 3");
        assertThat(run(new IndexCommand(), "--bogus")).isEqualTo(2);
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            assertThat(run(new IndexCommand(), "--engine", engine, "--data", dir.resolve("not-data").toString(), "--out",
                    dir.resolve("y").toString())).isEqualTo(2);
            assertThat(err.toString()).contains("not a Maat data directory");
        }
    }

    @Test
    void aPlainRebuildOverAMonitoredIndexIsRefusedByEitherEngine() {
        Path index = dir.resolve("index-monitored");
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--quiet")).isZero();
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            assertThat(run(new IndexCommand(), "--engine", engine, "--data", data.root().toString(), "--out",
                    index.toString(), "--no-policy", "--quiet")).isEqualTo(2);
            assertThat(err.toString()).contains("holds a monitored index");
        }
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "budget")).as(err.toString()).isZero();
    }

    @Test
    void aMonitoredRebuildOverANoPolicyIndexIsRefusedByEitherEngine() {
        Path index = dir.resolve("index-no-policy");
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--no-policy",
                "--quiet")).isZero();
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            assertThat(run(new IndexCommand(), "--engine", engine, "--data", data.root().toString(), "--out",
                    index.toString(), "--quiet")).isEqualTo(2);
            assertThat(err.toString()).contains("holds an index built with --no-policy");
        }
        assertThat(index.resolve("labels.db")).doesNotExist();
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "--no-policy", "budget")).as(err.toString()).isZero();
    }

    @Test
    void aDamagedDocumentRecordStopsIndexingOrIsSkippedAndReported() throws IOException {
        DataDir damaged = TestData.generate(dir.resolve("damaged"), 50, 52);
        Path segment = damaged.documents().resolve("segment-00000.dat");
        try (FileChannel c = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            c.write(ByteBuffer.wrap(new byte[] {0, 0, 0, 0}), 0); // the first record's magic
        }
        Path index = dir.resolve("index-damaged");
        assertThat(run(new IndexCommand(), "--data", damaged.root().toString(), "--out", index.toString(), "--quiet"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("segment-00000.dat at byte 0: no record starts here");
        assertThat(run(new IndexCommand(), "--engine", "mapreduce", "--data", damaged.root().toString(), "--out",
                index.toString(), "--quiet")).isEqualTo(2);
        assertThat(err.toString()).contains("published nothing").contains("segment-00000.dat at byte 0: no record starts here");
        assertThat(run(new IndexCommand(), "--data", damaged.root().toString(), "--out", index.toString(), "--quiet",
                "--on-bad-record", "skip")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("skipped bad record: ").contains("segment-00000.dat at byte 0");
        assertThat(out.toString()).contains("49 documents in 1 shard(s)");
    }
}
