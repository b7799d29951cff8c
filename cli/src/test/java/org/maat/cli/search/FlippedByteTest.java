package org.maat.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.Main;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;
import picocli.CommandLine;

/**
 * Damage at random: one byte changed at 200 random offsets (a fixed seed) spread over {@code policy.db},
 * {@code labels.db}, {@code offsets.bin}, the index's largest segment file and {@code mal.log} of one small
 * generated and indexed data directory, one offset at a time, each restored before the next. Every
 * {@code maat search} (the command tree {@code bin/maat} runs) either answers exactly as on the intact
 * data or exits 2 with one line {@code damaged store: FILE ...} naming the changed file (or, for a
 * segment, its shard directory and the segment), never with another exception's text.
 */
class FlippedByteTest {

    private static final int FLIPS_PER_FILE = 40;

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run search(DataDir data, Path index) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute("search", "--data", data.root().toString(), "--index", index.toString(), "--as", "u17",
                "--region", "r0", "--k", "50", "budget");
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void everyFlippedByteAnswersAsBeforeOrIsADamagedStoreNamingTheFile() throws IOException {
        DataDir data = TestData.generate(dir, 40, 28);
        Path index = TestData.index(data, dir.resolve("index"), 1).root();
        Run intact = search(data, index);
        assertThat(intact.exit()).as(intact.err()).isZero();
        assertThat(intact.out()).contains("Debate on");

        Path segment;
        try (Stream<Path> files = Files.list(index.resolve("shard-0"))) {
            segment = files.filter(f -> !f.getFileName().toString().equals("write.lock"))
                    .max(Comparator.comparingLong(FlippedByteTest::size)).orElseThrow();
        }
        List<Path> stores = List.of(data.policyStore(), index.resolve("labels.db"),
                data.documents().resolve("offsets.bin"), segment, data.malLog());
        Random random = new Random(28);
        int damaged = 0;
        for (Path file : stores) {
            byte[] original = Files.readAllBytes(file);
            for (int i = 0; i < FLIPS_PER_FILE; i++) {
                byte[] changed = original.clone();
                int at = random.nextInt(changed.length);
                changed[at] ^= (byte) (1 + random.nextInt(255));
                Files.write(file, changed);
                Run run = search(data, index);
                Files.write(file, original);
                String what = file + " byte " + at + ": exit " + run.exit() + ", err: " + run.err();
                if (run.exit() == 0) {
                    assertThat(run.out()).as(what).isEqualTo(intact.out());
                    continue;
                }
                damaged++;
                assertThat(run.exit()).as(what).isEqualTo(2);
                assertThat(run.err().lines().toList()).as(what).hasSize(1);
                assertThat(run.err()).as(what).startsWith("maat search: damaged store: ");
                Path named = file.equals(segment) ? segment.getParent() : file;
                assertThat(run.err()).as(what).contains(named.toString());
                assertThat(run.out()).as(what).isEmpty();
            }
        }
        // The flips must have found damage in every store kind for the test to mean anything.
        assertThat(damaged).isGreaterThan(FLIPS_PER_FILE);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
