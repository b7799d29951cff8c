package org.maat.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.maat.core.data.DirectoryTree;
import org.maat.core.demo.SearchDemo;
import org.maat.core.task.Monitoring;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpDemo;
import org.maat.indexer.MapReduceIndexing;
import org.maat.policy.demo.MonitorDemo;
import org.maat.server.Topology;
import org.maat.server.WarFile;
import org.maat.server.demo.ServeDemo;
import org.maat.vault.demo.VaultDemo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code maat demo}: the main job on its embedded default. Each module contributes one part, run in
 * order on real components, printing what each user saw and why.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        description = {"Show Maat at work on its embedded defaults.",
            "Part 1: the policy monitor decides reads and writes for an owner, a friend, a friend-of-friend, a "
                + "stranger, an employee with and without a MAL log entry, and a censored region; a confined "
                + "search task tries to release its results. Each decision is printed with its explanation.",
            "Part 2: confined Lucene search over europarl: a generated population is indexed by the MapReduce "
                + "indexer (Hadoop local mode, confined mappers and reducers), then owner, friend, stranger, a "
                + "censored region and an employee (before and after a MAL entry) search; for each document "
                + "withheld, the rule literal that withholds it.",
            "Part 3: the same index served over HTTP: shard servers and the front-end WAR on embedded Jetty "
                + "(127.0.0.1), with scripted sessions signing in as each kind of user through the JSON API.",
            "Part 4: the encrypted query layer: a vault of 3 servers on loopback holds the master key, split 3-of-3; "
                + "a small HR database is bulk-encrypted under it, Q7-Q18 run through the JDBC driver and are compared "
                + "with plain H2, the layer report shows what H2 can learn, the database directory holds no key, and "
                + "with one vault server stopped the key is out of reach."},
        footer = {"", "Exit codes: 0 the demo ran, 1 a served session saw what it must not, or the encrypted "
                + "layer disagreed with plain H2 or leaked, or the key stayed in reach without a vault server, 2 it could not run (e.g. the work directory is not writable)."})
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Work directory for the demo's data (default: a fresh temporary directory, removed after).")
    Path dir;

    @Option(names = "--quiet", description = "Print decisions without their explanations.")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, SQLException {
        PrintWriter out = spec.commandLine().getOut();
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("maat-demo");
        try {
            new MonitorDemo(out, quiet).run(work.resolve("mal.log"));
            SearchDemo.Prepared search = new SearchDemo(out, "2 confined reducers (MapReduce, Hadoop local mode)",
                    (data, index) -> MapReduceIndexing.run(data, index, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { }))
                    .run(work.resolve("search"));
            out.println();
            out.println("== Serving the index over HTTP");
            if (!new ServeDemo(out).run(WarFile.locate(), search.data(), search.index(), Topology.TWO_SERVERS,
                    Files.createDirectories(work.resolve("serve")))) {
                return 1;
            }
            out.println();
            try (VaultDemo vault = VaultDemo.start(work.resolve("vault"), out)) {
                out.println();
                if (!new ErpDemo(out).run(work.resolve("erp"), vault.keySource())) {
                    out.println();
                    out.println("The encrypted layer disagreed with plain H2 or leaked plaintext: see above.");
                    return 1;
                }
                if (!keyOutOfReachWithOneServerDown(out, vault, work.resolve("erp").resolve("erp-encrypted"))) {
                    return 1;
                }
            }
        } finally {
            out.flush();
            if (dir == null) {
                DirectoryTree.delete(work);
            }
        }
        return 0;
    }

    /** Stops one vault server and shows that the database cannot be opened: all 3 shares are needed. */
    private static boolean keyOutOfReachWithOneServerDown(PrintWriter out, VaultDemo vault, Path database) {
        vault.stop(VaultDemo.SERVERS);
        try {
            ErpDatabase.open(database, vault.keySource());
            out.printf("%nWith vault server %d stopped the database still opened: its key was NOT out of reach%n",
                    VaultDemo.SERVERS);
            return false;
        } catch (RuntimeException refused) {
            out.printf("%nWith vault server %d stopped, opening the database fails (every share is needed):%n  %s%n",
                    VaultDemo.SERVERS, refused.getMessage());
            return true;
        }
    }
}
