package org.maat.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.maat.core.data.DirectoryTree;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.PolicyDirectory;
import org.maat.core.task.AccessGate;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Thoth's index-policy file creation: one operation creates a new index file of {@code fileBytes},
 * writes it, closes it and deletes it again (so the directory does not grow).
 * <ul>
 *   <li>{@code indexPolicyFile}: through core's {@link PolicyDirectory} for an indexer task tainted
 *       by one document of every template: the create is a checked write to a new conduit labelled
 *       with the {@code index} policy, and the label is staged for the commit;</li>
 *   <li>{@code plainFile}: the baseline, the same Lucene file operations on the bare
 *       {@link FSDirectory}, nothing checked or labelled.</li>
 * </ul>
 * Maat writes labels to its policy store once per index commit, not per file, so no store write
 * is in the measured path (Thoth's monitor updated its policy store synchronously on every create).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class IndexFileCreation {

    @State(Scope.Benchmark)
    public static class NewFiles {
        /** A small file (1 KB) and a large one (1 MB). */
        @Param({"1024", "1048576"})
        public int fileBytes;

        Path dir;
        Directory plain;
        PolicyDirectory labelled;
        byte[] content;
        long next;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            MonitorFixture population = new MonitorFixture(ReadCheck.USERS, ReadCheck.FRIENDS, 1, ReadCheck.SEED);
            population.engine.intern(IndexLabels.POLICY);
            Task indexer = population.monitor.open(population.session(IndexLabels.OWNER), TaskMode.CONFINED);
            for (String template : MonitorFixture.DOCUMENT_TEMPLATES) {
                indexer.read(population.documents(template).get(0).conduit());
            }
            dir = Files.createTempDirectory("maat-jmh-index-");
            plain = FSDirectory.open(dir);
            labelled = new PolicyDirectory(plain, 0, null, AccessGate.of(indexer));
            content = new byte[fileBytes];
            new Random(ReadCheck.SEED).nextBytes(content);
            // A refused create would throw here rather than be measured.
            create(labelled, "probe");
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            if (plain != null) {
                plain.close();
            }
            if (dir != null) {
                DirectoryTree.delete(dir);
            }
        }

        String create(Directory directory, String name) throws IOException {
            try (IndexOutput out = directory.createOutput(name, IOContext.DEFAULT)) {
                out.writeBytes(content, content.length);
            }
            directory.deleteFile(name);
            return name;
        }

        String nextName() {
            return "_" + Long.toString(next++, Character.MAX_RADIX) + ".cfs";
        }
    }

    @Benchmark
    public String indexPolicyFile(NewFiles files) throws IOException {
        return files.create(files.labelled, files.nextName());
    }

    @Benchmark
    public String plainFile(NewFiles files) throws IOException {
        return files.create(files.plain, files.nextName());
    }
}
