package org.maat.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.Main;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;
import picocli.CommandLine;

/**
 * The session a command acts for must exist in the data directory: an unknown {@code --as} user or
 * {@code --region} is exit 2 naming it, in every command that takes them, and nothing is printed;
 * {@code --any-region} accepts an unlisted region on purpose.
 */
class SessionNamesTest {

    @TempDir
    static Path dir;

    private static DataDir data;
    private static Path index;

    private record Run(int exit, String out, String err) {
    }

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 30, 29);
        index = TestData.index(data, dir.resolve("index"), 1).root();
    }

    private static Run maat(List<String> args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    private static Run search(String... session) {
        List<String> args = new ArrayList<>(List.of("search", "--data", data.root().toString(), "--index",
                index.toString()));
        args.addAll(List.of(session));
        args.add("budget");
        return maat(args);
    }

    private static Run explain(String... session) {
        List<String> args = new ArrayList<>(List.of("policy", "explain", "--data", data.root().toString(), "--doc", "d1"));
        args.addAll(List.of(session));
        return maat(args);
    }

    @Test
    void anUnknownUserIsRefusedByNameBeforeAnySearch() {
        for (String nobody : List.of("nobody", "u30", "u007", "e1", "u-1")) {
            Run run = search("--as", nobody);
            assertThat(run.exit()).as(nobody + ": " + run.err()).isEqualTo(2);
            assertThat(run.err()).startsWith("--as " + nobody + ": no such user in " + data.root());
            assertThat(run.out()).isEmpty();
        }
        assertThat(search("--as", "u29").exit()).isZero();
        assertThat(search("--as", "e0").exit()).isZero();
    }

    @Test
    void anUnknownRegionIsRefusedByNameUnlessAnyRegionAcceptsIt() {
        Run run = search("--as", "u3", "--region", "rX");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("--region rX: no such region in " + data.root() + " (regions r0, r1)");
        assertThat(run.out()).isEmpty();
        Run accepted = search("--as", "u3", "--region", "rX", "--any-region");
        assertThat(accepted.exit()).as(accepted.err()).isZero();
        assertThat(accepted.out()).contains("as u3@rX");
        assertThat(search("--as", "u3", "--region", "r1").exit()).isZero();
    }

    @Test
    void policyExplainChecksTheSameNames() {
        Run user = explain("--as", "nobody");
        assertThat(user.exit()).isEqualTo(2);
        assertThat(user.err()).startsWith("--as nobody: no such user in ");
        Run region = explain("--as", "u3", "--region", "r9");
        assertThat(region.exit()).isEqualTo(2);
        assertThat(region.err()).startsWith("--region r9: no such region in ");
        assertThat(explain("--as", "u3", "--region", "r1").exit()).isIn(0, 3);
    }
}
