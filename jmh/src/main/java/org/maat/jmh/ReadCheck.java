package org.maat.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maat.policy.Conduit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One read check of an UNCONFINED task ({@link Task#read(Conduit)}), granted, per operation.
 * {@code fastPath} rotates over {@value #WARM_PAIRS} (session, document) pairs whose decisions sit in
 * the engine's decision cache; {@code coldPath} and {@code coldFof} drop the cache before every
 * check, so each one evaluates the read rule against the facts; {@code coldBaselineClearCache} is
 * the cost of that drop alone, to subtract.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// A fixed, pre-touched heap: otherwise the first seconds after the population is built are spent
// faulting in freshly grown eden pages, and the early iterations read several times too slow.
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReadCheck {

    /** MonitorFixture size: 10,000 users (Thoth's microbenchmark), fewer when {@code -Dmaat.jmh.users} says so (quick runs). */
    static final int USERS = Integer.getInteger("maat.jmh.users", 10_000);
    static final int FRIENDS = 100;
    static final long SEED = 42;
    static final int WARM_PAIRS = 64;
    static final int COLD_PAIRS = 1_024;

    /** Prepared unconfined tasks, one per reader, and the documents they read. */
    abstract static class Reads {
        MonitorFixture population;
        Task[] tasks;
        Conduit[] docs;

        void prepare(int friendsPerUser, String template, int pairs) {
            population = new MonitorFixture(USERS, friendsPerUser, pairs, SEED);
            List<MonitorFixture.Document> documents = population.documents(template);
            tasks = new Task[pairs];
            docs = new Conduit[pairs];
            for (int i = 0; i < pairs; i++) {
                MonitorFixture.Document doc = documents.get(i);
                population.checkReadable(doc);
                tasks[i] = population.monitor.open(doc.reader(), TaskMode.UNCONFINED);
                docs[i] = doc.conduit();
            }
        }
    }

    @State(Scope.Benchmark)
    public static class WarmReads extends Reads {
        @Param({"public", "private", "friends", "fof", "mal", "friends+censorship"})
        public String template;

        @Setup(Level.Trial)
        public void setUp() {
            prepare(FRIENDS, template, WARM_PAIRS);
        }
    }

    @State(Scope.Benchmark)
    public static class ColdReads extends Reads {
        // fof is measured by coldFof, per friend-list length.
        @Param({"public", "private", "friends", "mal", "friends+censorship"})
        public String template;

        @Setup(Level.Trial)
        public void setUp() {
            prepare(FRIENDS, template, COLD_PAIRS);
        }
    }

    @State(Scope.Benchmark)
    public static class ColdFofReads extends Reads {
        @Param({"12", "50", "100"})
        public int friendsPerUser;

        @Setup(Level.Trial)
        public void setUp() {
            prepare(friendsPerUser, "fof", COLD_PAIRS);
        }
    }

    /** Like the cold states, with a cache of one entry to drop (its table at the initial 16 bins). */
    @State(Scope.Benchmark)
    public static class ClearOnly extends Reads {
        @Setup(Level.Trial)
        public void setUp() {
            prepare(12, "public", COLD_PAIRS);
            tasks[0].read(docs[0]);
        }
    }

    @Benchmark
    public Conduit fastPath(WarmReads reads, Cursor cursor) {
        int i = cursor.next(WARM_PAIRS);
        reads.tasks[i].read(reads.docs[i]);
        return reads.docs[i];
    }

    @Benchmark
    public Conduit coldPath(ColdReads reads, Cursor cursor) {
        int i = cursor.next(COLD_PAIRS);
        reads.population.engine.clearCache();
        reads.tasks[i].read(reads.docs[i]);
        return reads.docs[i];
    }

    /** Longer warmup: at 100 friends the walk of two friend sets takes 5 s to settle. */
    @Benchmark
    @Warmup(iterations = 5, time = 1)
    public Conduit coldFof(ColdFofReads reads, Cursor cursor) {
        int i = cursor.next(COLD_PAIRS);
        reads.population.engine.clearCache();
        reads.tasks[i].read(reads.docs[i]);
        return reads.docs[i];
    }

    /** What coldPath pays for dropping the cache, without the check. */
    @Benchmark
    public Conduit coldBaselineClearCache(ClearOnly reads, Cursor cursor) {
        int i = cursor.next(COLD_PAIRS);
        reads.population.engine.clearCache();
        return reads.docs[i];
    }
}
