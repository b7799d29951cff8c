package org.maat.cli.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.Main;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;
import org.maat.policy.store.PolicyStore;
import picocli.CommandLine;

/**
 * A store another process holds (here: its file lock taken as a running server takes it) is one line
 * naming the file, who may hold it and what to do, never H2's raw text and error code.
 */
class StoreInUseTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run maat(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void anErpDatabaseHeldByAServerIsOneLineSayingWhatToDo() throws IOException {
        Path db = dir.resolve("erp");
        Run load = maat("erp", "load", "--db", db.toString(), "--employees", "50", "--seed", "3");
        assertThat(load.exit()).as(load.err()).isZero();
        Path h2 = db.resolve("hr.mv.db");
        try (FileChannel held = FileChannel.open(h2, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = held.lock()) {
            Run run = maat("erp", "query", "--db", db.toString(), "Q8");
            assertThat(run.exit()).isEqualTo(1); // the command's code for a query that could not run
            assertThat(run.err().lines().toList()).as(run.err()).hasSize(1);
            assertThat(run.err()).startsWith("maat erp query: Q8: " + h2 + " is in use by another process (a running "
                    + "'maat serve --erp'").contains("stop it first").doesNotContain("90020")
                    .doesNotContain("may be already in use");
        }
    }

    @Test
    void aPolicyStoreHeldByAServerIsOneLineSayingWhatToDo() throws IOException {
        DataDir data = TestData.generate(dir, 20, 5);
        Path index = TestData.index(data, dir.resolve("index"), 1).root();
        try (PolicyStore owner = PolicyStore.open(data.policyStore())) {
            Run run = maat("search", "--data", data.root().toString(), "--index", index.toString(), "--as", "u1",
                    "budget");
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err().lines().toList()).as(run.err()).hasSize(1);
            assertThat(run.err()).startsWith("maat search: cannot open policy store " + data.policyStore()
                    + ": it is locked by another process").contains("'maat serve'").contains("stop it first")
                    .doesNotContain("MVStore").doesNotContain("[");
        }
    }
}
