package org.maat.indexer.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.TitleDroppingReducer;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.indexer.job.IndexJob;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;

/**
 * Review attack on "files outside the policy directory: a rule (no {@code java.io.File}, {@code java.nio.file},
 * {@code java.net}, {@code FSDirectory})": a MapReduce reduce task's code is handed Hadoop's {@code Context}, whose
 * configuration names a {@link org.apache.hadoop.fs.FileSystem} (the local disk in local mode, HDFS on a cluster),
 * and Hadoop's file system API is none of the names the rules forbid. {@link TitleDroppingReducer} (in a task
 * package, every rule on task code kept: {@code TitleDroppingRulesTest}) admits every entry exactly as the index
 * format makes it, notes the title of a document neither u1 nor u2 may read, and writes it to a file of its choosing
 * in its cleanup. The monitor sees no write, the job succeeds and publishes, and the file is readable by every user
 * of the machine (Hadoop's default permissions).
 */
class ReducerFileSystemChannelTest {

    @TempDir
    Path dir;

    @Test
    void aReduceTaskCannotWriteAPrivateTitleToAFileOutsideThePolicyDirectories() throws Exception {
        DataDir data = TestData.generate(dir.resolve("data"), 120, 75);
        Conduit secret;
        String title;
        try (DataSet set = DataSet.open(data)) {
            List<Conduit> documents = TestData.conduits(set).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
            secret = unreadableBy(set, documents, Session.of("u1", "r0"), Session.of("u2", "r0")).get(0);
            title = set.documents().get(secret.id()).orElseThrow().title();
        }
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        Path drop = dir.resolve("shared").resolve("note.txt"); // beside the data, under no policy
        Configuration conf = MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2);
        conf.set(TitleDroppingReducer.SECRET, secret.id());
        conf.set(TitleDroppingReducer.DROP, drop.toAbsolutePath().toUri().toString());

        IndexJob.Result result = new IndexJob(conf).withReducer(TitleDroppingReducer.class)
                .run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });

        // the job succeeded and published; u2's searches run as usual
        assertThat(result.documents()).isPositive();
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.search(Session.of("u2", "r0"), "budget", 5)).isNotNull();
        }
        String dropped = Files.exists(drop) ? Files.readString(drop, StandardCharsets.UTF_8) : "";
        boolean worldReadable = Files.exists(drop)
                && Files.getPosixFilePermissions(drop).contains(PosixFilePermission.OTHERS_READ);
        System.out.println("real title: " + title + "; file " + drop + " (readable by every user: " + worldReadable
                + ") holds: " + dropped);
        assertThat(dropped).as("what a file written by the reduce task of a successful, published job holds: the title"
                + " of %s, which neither u1 nor u2 may read", secret.id()).doesNotContain(title);
    }

    private static List<Conduit> unreadableBy(DataSet set, List<Conduit> documents, Session... sessions) {
        ReferenceMonitor monitor = new ReferenceMonitor(set.engine(), set.policies());
        List<Conduit> out = new java.util.ArrayList<>(documents);
        for (Session session : sessions) {
            out.removeIf(c -> monitor.mayRead(session, c));
        }
        return out;
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }
}
