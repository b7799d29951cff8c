package org.maat.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;
import org.maat.core.data.DirectoryTree;
import org.maat.core.task.AccessGate;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.LabelledDocument;
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
 * Thoth's file-read microbenchmark (its Fig. 5) on Maat's real conduit store: one operation is an
 * UNCONFINED task's {@link DocumentReader#read(String)} of a whole document (the monitor's check,
 * then the record read from its segment file, checksummed and decoded), for documents of
 * {@code size} bytes under {@code policy}. {@code none} is the baseline: the same bytes through the
 * same reader with no monitor behind its gate ({@code --no-policy}). The conduit store keeps its
 * segment files open, so Thoth's per-file open and close become the gate's check and the
 * positional reads of one record; the files were written sequentially and sit in the page cache, as
 * Thoth's did.
 *
 * <ul>
 *   <li>{@code read}: the monitor as deployed, decisions cached (each reader's decision is computed
 *       once, then looked up; a rule that consults no fact, e.g. {@code public}, is decided without the
 *       cache, as deployed);</li>
 *   <li>{@code readEvaluated}: the decision cache is dropped before every read, so each read
 *       evaluates the policy against the facts, as Thoth's monitor did; the baseline drops it too, so
 *       the difference is the check alone;</li>
 *   <li>{@code readEvaluatedFriendLists}: {@code readEvaluated} for 4 KB documents under the friend
 *       policies with friend lists of 12 and 50 (100 is in {@code readEvaluated}).</li>
 * </ul>
 * Every measured read is granted: each document is paired with a reader its policy admits through
 * its most expensive granting clause (see {@link MonitorFixture}); setup fails otherwise.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// A fixed, pre-touched heap: otherwise the first seconds after the population is built are spent
// faulting in freshly grown eden pages, and the early iterations read several times too slow.
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ConduitRead {

    /** The baseline's {@code policy}: no monitor behind the reader. */
    static final String NO_MONITOR = "none";
    /** About 32 MB of documents per trial (at least 64 of them), so they all stay in the page cache. */
    static final long STORE_BYTES = 32L << 20;
    static final int MAX_DOCUMENTS = 1_024;

    /** A conduit store of {@code documents} same-sized documents, one reader (and task) per document. */
    abstract static class Store {
        MonitorFixture population;
        Path dir;
        ConduitStore store;
        DocumentReader[] readers;
        String[] ids;
        int documents;

        void prepare(String policy, int sizeBytes, int friendsPerUser) throws IOException {
            documents = documentsFor(sizeBytes);
            population = new MonitorFixture(ReadCheck.USERS, friendsPerUser, 1, ReadCheck.SEED);
            dir = Files.createTempDirectory("maat-jmh-conduits-");
            String template = NO_MONITOR.equals(policy) ? "public" : policy;
            MonitorFixture.Document[] docs = new MonitorFixture.Document[documents];
            try (ConduitStoreWriter writer = ConduitStore.create(dir)) {
                String body = body(sizeBytes);
                for (int i = 0; i < documents; i++) {
                    Document stored = writer.append("document " + i, "2012-04-01", body);
                    docs[i] = population.document(template, i % population.userCount(), stored.id());
                }
                writer.commit();
            }
            population.commitFacts();
            store = ConduitStore.open(dir);
            readers = new DocumentReader[documents];
            ids = new String[documents];
            for (int i = 0; i < documents; i++) {
                population.checkReadable(docs[i]);
                AccessGate gate = NO_MONITOR.equals(policy) ? AccessGate.unmonitored()
                        : AccessGate.of(population.monitor.open(docs[i].reader(), TaskMode.UNCONFINED));
                readers[i] = new DocumentReader(gate, population.conduits, store);
                ids[i] = docs[i].conduit().id();
                if (readers[i].read(ids[i]).document().body().length() != sizeBytes) {
                    throw new IllegalStateException("document " + ids[i] + " did not read back at " + sizeBytes + " bytes");
                }
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            if (store != null) {
                store.close();
            }
            if (dir != null) {
                DirectoryTree.delete(dir);
            }
        }

        /** Documents for one trial: a power of two (the cursor's rotation), about {@link #STORE_BYTES} in all. */
        static int documentsFor(int sizeBytes) {
            if (sizeBytes <= 0) {
                throw new IllegalArgumentException("size must be positive, got " + sizeBytes);
            }
            long fit = Math.min(MAX_DOCUMENTS, Math.max(64, STORE_BYTES / sizeBytes));
            return Integer.highestOneBit((int) fit);
        }

        private static String body(int sizeBytes) {
            char[] text = new char[sizeBytes];
            String words = "the quick brown fox jumps over the lazy dog ";
            for (int i = 0; i < sizeBytes; i++) {
                text[i] = words.charAt(i % words.length());
            }
            return new String(text);
        }

        LabelledDocument read(int i) {
            return readers[i].read(ids[i]);
        }
    }

    @State(Scope.Benchmark)
    public static class Reads extends Store {
        /** 4 KB, 96 KB, 512 KB. */
        @Param({"4096", "98304", "524288"})
        public int size;

        @Param({NO_MONITOR, "public", "private", "friends", "friends+censorship", "fof", "mal"})
        public String policy;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            prepare(policy, size, ReadCheck.FRIENDS);
        }
    }

    @State(Scope.Benchmark)
    public static class FriendListReads extends Store {
        @Param({"friends", "friends+censorship", "fof"})
        public String friendPolicy;

        @Param({"12", "50"})
        public int friendsPerUser;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            prepare(friendPolicy, 4096, friendsPerUser);
        }
    }

    @Benchmark
    public LabelledDocument read(Reads reads, Cursor cursor) {
        return reads.read(cursor.next(reads.documents));
    }

    @Benchmark
    public LabelledDocument readEvaluated(Reads reads, Cursor cursor) {
        reads.population.engine.clearCache();
        return reads.read(cursor.next(reads.documents));
    }

    @Benchmark
    public LabelledDocument readEvaluatedFriendLists(FriendListReads reads, Cursor cursor) {
        reads.population.engine.clearCache();
        return reads.read(cursor.next(reads.documents));
    }
}
