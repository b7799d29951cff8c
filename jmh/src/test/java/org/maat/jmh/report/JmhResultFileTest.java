package org.maat.jmh.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhResultFileTest {

    @TempDir
    Path dir;

    private Path write(String json) throws Exception {
        Path file = dir.resolve("jmh-result.json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void readsNameParametersScoreErrorAndUnitOfEveryResult() throws Exception {
        JmhRun run = JmhResultFile.read(write("""
                [{"benchmark":"org.maat.jmh.ConduitRead.read","params":{"policy":"mal","size":"4096"},
                  "primaryMetric":{"score":12.5,"scoreError":0.25,"scoreUnit":"ns/op"}},
                 {"benchmark":"org.maat.jmh.OnionPrimitives.homAdd",
                  "primaryMetric":{"score":7,"scoreError":"NaN","scoreUnit":"us/op"}}]"""));

        assertThat(run.results()).hasSize(2);
        JmhResult read = run.results().get(0);
        assertThat(read.shortName()).isEqualTo("ConduitRead.read");
        assertThat(read.params()).containsEntry("policy", "mal").containsEntry("size", "4096");
        assertThat(read.score()).isEqualTo(12.5);
        assertThat(read.scoreError()).isEqualTo(0.25);
        assertThat(run.results().get(1).scoreError()).isNaN();
        assertThat(run.results().get(1).unit()).isEqualTo("us/op");
        assertThat(run.of("OnionPrimitives.homAdd")).hasSize(1);
    }

    @Test
    void textThatIsNotJsonIsRefusedNamingTheFile() throws Exception {
        Path file = write("# Run progress: 0.00% complete");

        assertThatThrownBy(() -> JmhResultFile.read(file)).isInstanceOf(JmhResultFormatException.class)
                .hasMessageStartingWith(file + ": not JSON");
    }

    @Test
    void jsonThatIsNotAnArrayIsRefused() throws Exception {
        Path file = write("{\"benchmark\":\"x\"}");

        assertThatThrownBy(() -> JmhResultFile.read(file)).isInstanceOf(JmhResultFormatException.class)
                .hasMessageContaining("JSON array");
    }

    @Test
    void resultWithoutNumericScoreIsRefusedNamingItsPosition() throws Exception {
        Path file = write("""
                [{"benchmark":"a.B.c","primaryMetric":{"score":1,"scoreUnit":"ns/op"}},
                 {"benchmark":"a.B.d","primaryMetric":{"score":"fast","scoreUnit":"ns/op"}}]""");

        assertThatThrownBy(() -> JmhResultFile.read(file)).isInstanceOf(JmhResultFormatException.class)
                .hasMessage(file + ": result 2 (a.B.d) has no numeric primaryMetric.score");
    }

    @Test
    void resultWithoutBenchmarkNameIsRefused() throws Exception {
        Path file = write("[{\"primaryMetric\":{\"score\":1,\"scoreUnit\":\"ns/op\"}}]");

        assertThatThrownBy(() -> JmhResultFile.read(file)).hasMessage(file + ": result 1 has no benchmark name");
    }

    @Test
    void missingFileSaysTheRunMayHaveFailed() {
        Path file = dir.resolve("absent.json");

        assertThatThrownBy(() -> JmhResultFile.read(file)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("did the run fail");
    }
}
