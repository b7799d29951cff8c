package org.maat.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;

class SearchCommandsTest {

    @TempDir
    static Path dir;

    private static DataDir data;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 200, 51);
    }

    private int run(Object command, String... args) {
        return CommandHarness.run(command, out, err, args);
    }

    @Test
    void searchesAMonitoredIndexAsAUserWithSnippets() throws IOException {
        Path index = TestData.index(data, dir.resolve("index-cli"), 2).root();
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "--region", "r0", "--k", "3", "budget")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("result(s) for 'budget' as u3@r0 (released by the monitor")
                .containsPattern("(?m)^  1  d\\d+ +u\\d+ +\\S+ +Debate on")
                .contains("[budget]");
    }

    @Test
    void aNoPolicyIndexIsSearchedOnlyWithoutTheMonitor() throws IOException {
        Path index = TestData.indexPlain(data, dir.resolve("index-plain"), 1).root();
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "budget")).isEqualTo(2);
        assertThat(err.toString()).contains("it was built with --no-policy");
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                "--no-policy", "budget")).isZero();
        assertThat(out.toString()).contains("(no monitor: filtered by the search alone)");
    }

    @Test
    void anEmptyOrBlankPrincipalIsAUsageErrorNotASession() throws IOException {
        Path index = TestData.index(data, dir.resolve("index-blank"), 1).root();
        for (String blank : new String[] {"", " "}) {
            assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(),
                    "--as", blank, "budget")).isEqualTo(2);
        }
        assertThat(err.toString()).contains("--as must not be blank");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aTooExpensiveQueryExitsWithTwoAndSaysWhichLimit() throws IOException {
        Path index = TestData.index(data, dir.resolve("index-cost"), 1).root();
        String query = "common~2 ".repeat(56).substring(0, 500);
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", index.toString(), "--as", "u3",
                query)).isEqualTo(2);
        assertThat(err.toString()).contains("the query is too expensive: it has 110 fuzzy, prefix or wildcard clauses");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void badArgumentsExitWithTwoAndSayWhat() {
        assertThat(run(new SearchCommand(), "--data", data.root().toString(), "--index", dir.resolve("nowhere").toString(),
                "--as", "u1", "q")).isEqualTo(2);
        assertThat(err.toString()).contains("does not exist");
        assertThat(run(new SearchCommand(), "--bogus")).isEqualTo(2);
    }
}
