package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchJmhCommandTest {

    @TempDir
    Path home;

    private final StringWriter err = new StringWriter();
    private String previousHome;

    private int run(String... args) {
        previousHome = System.getProperty(BenchmarkJar.HOME_PROPERTY);
        System.setProperty(BenchmarkJar.HOME_PROPERTY, home.toString());
        CommandLine cli = new CommandLine(new BenchJmhCommand());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        return cli.execute(args);
    }

    @AfterEach
    void restoreHome() {
        if (previousHome == null) {
            System.clearProperty(BenchmarkJar.HOME_PROPERTY);
        } else {
            System.setProperty(BenchmarkJar.HOME_PROPERTY, previousHome);
        }
    }

    @Test
    void missingBenchmarksJarExitsTwoSayingWhereAndHowToBuildIt() {
        int exit = run("--quick");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains(home.resolve("jmh/target/benchmarks.jar").toString(), "not found",
                "./mvnw -q -B -DskipTests package");
        assertThat(home.resolve("target")).doesNotExist();
    }

    @Test
    void unknownFlagExitsTwo() {
        assertThat(run("--fast")).isEqualTo(2);
        assertThat(err.toString()).contains("--fast");
    }

    @Test
    void regexThatDoesNotCompileExitsTwo() throws Exception {
        Files.createDirectories(home.resolve("jmh/target"));
        Files.writeString(home.resolve("jmh/target/benchmarks.jar"), "not run");

        assertThat(run("ConduitRead.read(")).isEqualTo(2);
        assertThat(err.toString()).contains("REGEX 'ConduitRead.read(' is not a regular expression");
    }

    @Test
    void parameterWithoutValuesExitsTwo() {
        assertThat(run("-p", "size")).isEqualTo(2);
        assertThat(err.toString()).contains("--param 'size': expected NAME=V1,V2");
    }

    @Test
    void quickRunUsesOneShortForkAndASmallPopulationAndWritesJson() throws Exception {
        Files.createDirectories(home.resolve("jmh/target"));
        Files.writeString(home.resolve("jmh/target/benchmarks.jar"), "not run");
        System.setProperty(BenchmarkJar.HOME_PROPERTY, home.toString());
        try {
            BenchmarkJar jar = BenchmarkJar.locate();
            Path json = home.resolve("out.json");

            assertThat(jar.home()).isEqualTo(home.toAbsolutePath().normalize());
            assertThat(jar.command("ConduitRead", true, null, java.util.List.of("size=4096"), json))
                    .containsSubsequence("-jar", jar.path().toString(), "ConduitRead", "-rf", "json", "-rff", json.toString())
                    .containsSubsequence("-f", "1", "-wi", "1", "-i", "1", "-w", "200ms", "-r", "200ms")
                    .containsSubsequence("-jvmArgsAppend", "-Xmx768m -Dmaat.jmh.users=1000")
                    .endsWith("-p", "size=4096");
            assertThat(jar.command(null, false, null, java.util.List.of(), json)).doesNotContain("-wi", "-jvmArgsAppend");
            List<String> quickThreeForks = jar.command(null, true, 3, java.util.List.of(), json);
            assertThat(quickThreeForks).containsSubsequence("-f", "3").containsSubsequence("-wi", "1");
            assertThat(quickThreeForks.stream().filter("-f"::equals)).hasSize(1);
        } finally {
            System.clearProperty(BenchmarkJar.HOME_PROPERTY);
        }
    }
}
