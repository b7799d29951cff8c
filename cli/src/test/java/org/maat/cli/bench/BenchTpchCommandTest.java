package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchTpchCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new BenchTpchCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void helpNamesWhatIsComparedAndWhereTheReportGoes() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("--sf", "--runs", "--queries", "--work", "--out", "reports/tpch-bench",
                "0A000");
    }

    @Test
    void aQueryNumberOutsideTpchIsBadUsage() {
        assertThat(run("--queries", "1,23", "--work", dir.resolve("w").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("TPC-H has queries 1 to 22, not 23").contains("Usage:");
        assertThat(run("--sf", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("scale factor must be above 0");
    }

    @Test
    void aWorkDirectoryWithFilesIsRefusedAndLeftAlone() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("keep.txt"), "mine");
        assertThat(run("--sf", "0.01", "--work", work.toString(), "--out", dir.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("is not empty");
        assertThat(work.resolve("keep.txt")).hasContent("mine");
    }
}
