package org.maat.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SearchDemoIT {

    @TempDir
    Path dir;

    @Test
    void theDemoShowsEachSessionItsResultsAndWhyOthersWereWithheld() throws Exception {
        StringWriter text = new StringWriter();
        new SearchDemo(new PrintWriter(text)).run(dir);
        String out = text.toString();
        assertThat(out).contains("== 1. Owner, friend and stranger", "== 2. Censorship", "== 3. An employee",
                "== 4. A search task whose ACL filter was dropped");
        assertThat(out).contains("withheld").contains("is not a fact").contains("blocked(session.region=\"r0\"");
        assertThat(out).contains("refused by the monitor, nothing delivered")
                .contains("may not read listed conduit");
        assertThat(out).contains("e0 appends a MAL entry");
    }
}
