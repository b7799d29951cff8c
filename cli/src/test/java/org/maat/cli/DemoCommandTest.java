package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DemoCommandTest {

    @TempDir
    Path dir;

    @Test
    void theDemoRunsMonitorSearchAndErpPartsAndSucceeds() {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("demo", "--quiet", "--dir", dir.toString())).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("DENY   dave@cn   reads doc-censored")
                .contains("== Confined search over europarl")
                .contains("refused by the monitor, nothing delivered")
                .contains("ERP workload on an encrypted H2 database")
                .contains("none found");
    }
}
