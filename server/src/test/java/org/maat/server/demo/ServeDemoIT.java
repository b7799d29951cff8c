package org.maat.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.server.ServedDataFixture;
import org.maat.server.Topology;
import org.maat.server.WarFile;

/** The serving demo against the built front-end WAR: every kind of user, over HTTP, nothing leaked. */
class ServeDemoIT {

    @TempDir
    Path dir;

    @Test
    void everySessionSeesOnlyWhatItMayAndTheServerStops() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir.resolve("served"), 300);
        StringWriter text = new StringWriter();

        boolean clean = new ServeDemo(new PrintWriter(text, true)).run(WarFile.locate(), served.data(), served.index(),
                Topology.FOUR_SERVERS, dir.resolve("work"));

        String output = text.toString();
        assertThat(output).contains("== 1.", "== 2.", "== 3.", "owner", "friend", "stranger",
                "POST /api/mal (reason stated) -> 204");
        assertThat(output).doesNotContain("LEAK").doesNotContain("UNEXPECTED");
        assertThat(clean).as(output).isTrue();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("shard-"));
    }
}
