package org.maat.policy.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitorDemoTest {

    @TempDir
    Path dir;

    @Test
    void demoRunsEveryScenarioWithItsDecisions() throws IOException {
        StringWriter out = new StringWriter();
        new MonitorDemo(new PrintWriter(out, true), false).run(dir.resolve("mal.log"));
        assertThat(out.toString()).contains("ALLOW  carol@eu  reads doc-fof")
                .contains("DENY   dave@eu   reads doc-fof")
                .contains("DENY   erin@eu   reads doc-mal")
                .contains("ALLOW  erin@eu   reads doc-mal")
                .contains("DENY   dave@cn   reads doc-censored")
                .contains("ALLOW  release of results [doc-public, doc-friends] to bob")
                .contains("DENY   release of results [doc-public, doc-private]");
        assertThat(dir.resolve("mal.log")).exists();
    }
}
