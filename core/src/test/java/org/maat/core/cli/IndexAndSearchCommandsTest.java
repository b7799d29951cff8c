package org.maat.core.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;
import picocli.CommandLine;

class IndexAndSearchCommandsTest {

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
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println(ex.getMessage());
            return 2;
        });
        return cl.execute(args);
    }

    @Test
    void indexesUnderTheMonitorAndSearchesAsAUserWithSnippets() {
        Path index = dir.resolve("index-cli");
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--shards", "2",
                "--quiet")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("200 documents in 2 shard(s), under the monitor");

        out.getBuffer().setLength(0);
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "--region", "r0", "--k", "3", "budget")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("result(s) for 'budget' as u3@r0 (released by the monitor")
                .containsPattern("(?m)^  1  d\\d+ +u\\d+ +\\S+ +Debate on")
                .contains("[budget]");
    }

    @Test
    void aNoPolicyIndexIsSearchedOnlyWithoutTheMonitor() {
        Path index = dir.resolve("index-plain");
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--no-policy",
                "--quiet")).isZero();
        assertThat(out.toString()).contains("plain Lucene (no monitor, no labels)");
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "budget")).isEqualTo(2);
        assertThat(err.toString()).contains("it was built with --no-policy");
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "--no-policy", "budget")).isZero();
        assertThat(out.toString()).contains("(no monitor: filtered by the search alone)");
    }

    @Test
    void badArgumentsExitWithTwoAndSayWhat() {
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", dir.resolve("x").toString(),
                "--shards", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--shards must be at least 1");
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", dir.resolve("nowhere").toString(),
                "--as", "u1", "q")).isEqualTo(2);
        assertThat(err.toString()).contains("does not exist");
        assertThat(run(new SearchCommand(), "--bogus")).isEqualTo(2);
        assertThat(run(new IndexCommand(), "--data", dir.resolve("not-data").toString(), "--out",
                dir.resolve("y").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("not a Maat data directory");
    }

    @Test
    void aPlainRebuildOverAMonitoredIndexIsRefused() {
        Path index = dir.resolve("index-monitored");
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--quiet")).isZero();
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--no-policy",
                "--quiet")).isEqualTo(2);
        assertThat(err.toString()).contains("holds a monitored index");
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "budget")).as(err.toString()).isZero();
    }

    @Test
    void benchCommandsReportBothVariantsAndTheirRatios() {
        Path index = dir.resolve("index-bench");
        assertThat(run(new IndexCommand(), "--data", data.root().toString(), "--out", index.toString(), "--quiet")).isZero();
        assertThat(run(new BenchIndexCommand(), "--data", data.root().toString(), "--runs", "1",
                "--scratch", dir.resolve("scratch").toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("no-policy  median").contains("policy     median").contains("overhead");
        assertThat(run(new BenchSearchCommand(), "--data", data.root().toString(), "--index", index.toString(),
                "--threads", "2", "--queries", "50", "--rounds", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("unfiltered").contains("all-public").contains("no-policy").contains("mix")
                .containsPattern("mix +[\\d.]+ q/s no-policy");
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
        assertThat(run(new IndexCommand(), "--data", damaged.root().toString(), "--out", index.toString(), "--quiet",
                "--on-bad-record", "skip")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("skipped bad record: ").contains("segment-00000.dat at byte 0");
        assertThat(out.toString()).contains("49 documents in 1 shard(s)");
    }
}
