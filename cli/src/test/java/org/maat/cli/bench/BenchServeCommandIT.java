package org.maat.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A small run of the HTTP benchmark: every configuration and length measured, no request failed, and the same
 * searches measured in process beside them.
 */
class BenchServeCommandIT {

    @TempDir
    Path dir;

    @Test
    void measuresEveryConfigurationAtEverySessionLengthWithoutErrors() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchServeCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int exit = cl.execute("--documents", "300", "--users", "20", "--sessions", "6", "--warmup", "3",
                "--session-length", "1,3", "--clients", "2", "--dir", dir.toString(), "--topology", "4servers");

        assertThat(exit).as(err.toString()).isZero();
        List<String> rows = out.toString().lines().filter(l -> l.matches("\\s+\\d+ (no-policy|all-public|mix) .*"))
                .toList();
        assertThat(rows).hasSize(6);
        for (String row : rows) {
            String[] cells = row.trim().split("\\s+");
            assertThat(Integer.parseInt(cells[2])).as(row).isEqualTo(6);       // sessions
            assertThat(Double.parseDouble(cells[3])).as(row).isPositive();    // searches/s
            assertThat(cells[cells.length - 1]).as(row).isEqualTo("0");        // errors
        }
        assertThat(rows.get(0)).contains("no-policy").contains("1.000");
        // The same searches in process, in the same run: every session's searches, and the served/in-process ratio.
        List<String> inProcess = out.toString().lines().filter(l -> l.matches("\\s+\\d+ in-process(-200)? .*"))
                .toList();
        assertThat(inProcess).hasSize(4);
        for (String row : inProcess) {
            String[] cells = row.trim().split("\\s+");
            assertThat(Integer.parseInt(cells[2])).as(row).isEqualTo(6 * Integer.parseInt(cells[0]));   // searches
            assertThat(Double.parseDouble(cells[3])).as(row).isPositive();                              // mean ms
            assertThat(Double.parseDouble(cells[5].replace("x", ""))).as(row).isPositive();           // mix / this
        }
    }

    @Test
    void badArgumentsExitWith2() {
        assertThat(new CommandLine(new BenchServeCommand()).execute("--session-length", "0")).isEqualTo(2);
        assertThat(new CommandLine(new BenchServeCommand()).execute("--topology", "8servers")).isEqualTo(2);
        assertThat(new CommandLine(new BenchServeCommand()).execute("--password-hash", "none")).isEqualTo(2);
    }
}
