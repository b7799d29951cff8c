package org.maat.cli.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.search.CommandHarness;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;

/** {@code maat index} with either engine over a data directory damaged after generation: refused by name, nothing published. */
class DamagedDataIndexIT {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int index(DataDir data, String engine) {
        return CommandHarness.run(new IndexCommand(), out, err, "--engine", engine, "--data", data.root().toString(),
                "--out", dir.resolve("index-" + engine).toString(), "--quiet");
    }

    @Test
    void swappedOffsetEntriesAreRefusedByEitherEngine() throws IOException {
        DataDir data = TestData.generate(dir, 30, 71);
        Path offsets = data.documents().resolve("offsets.bin");
        try (RandomAccessFile f = new RandomAccessFile(offsets.toFile(), "rw")) {
            f.seek(24);
            long a = f.readLong();
            long b = f.readLong();
            f.seek(24);
            f.writeLong(b);
            f.writeLong(a);
        }
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            err.getBuffer().setLength(0);
            assertThat(index(data, engine)).as(engine).isEqualTo(2);
            assertThat(err.toString()).as(engine).contains("damaged store: ").contains("offsets.bin at byte 32: entry 4 (d4)");
            assertThat(dir.resolve("index-" + engine).resolve("labels.db")).as(engine).doesNotExist();
        }
    }

    @Test
    void aPolicyStoreCutToHalfIsRefusedByEitherEngineAndLeftAsItIs() throws IOException {
        DataDir data = TestData.generate(dir, 30, 72);
        try (FileChannel c = FileChannel.open(data.policyStore(), StandardOpenOption.WRITE)) {
            c.truncate(c.size() / 2);
        }
        byte[] before = Files.readAllBytes(data.policyStore());
        for (String engine : new String[] {"sequential", "mapreduce"}) {
            err.getBuffer().setLength(0);
            assertThat(index(data, engine)).as(engine).isEqualTo(2);
            assertThat(err.toString()).as(engine).contains("damaged store: " + data.policyStore());
            assertThat(Arrays.equals(Files.readAllBytes(data.policyStore()), before)).as(engine).isTrue();
        }
    }
}
