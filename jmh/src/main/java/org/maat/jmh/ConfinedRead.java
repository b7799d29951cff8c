package org.maat.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
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
 * The cost of a CONFINED read, which only adds the conduit's policy to the task's taint.
 * {@code readIntoWarmTaint}: an indexer task re-reads {@value #DOCS} documents of one template, all
 * already in its taint (public: one label; friends: one per owner; friends+censorship: one per
 * document). {@code openTaskAndFirstRead}: a new task per operation and its first read, so the
 * label is new.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// A fixed, pre-touched heap: otherwise the first seconds after the population is built are spent
// faulting in freshly grown eden pages, and the early iterations read several times too slow.
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ConfinedRead {

    static final int DOCS = 1_024;

    @State(Scope.Benchmark)
    public static class WarmTaint {
        @Param({"public", "friends", "friends+censorship"})
        public String template;

        Task task;
        Conduit[] docs;

        @Setup(Level.Trial)
        public void setUp() {
            MonitorFixture population = new MonitorFixture(ReadCheck.USERS, ReadCheck.FRIENDS, DOCS, ReadCheck.SEED);
            task = population.monitor.open(population.session("indexer"), TaskMode.CONFINED);
            docs = population.documents(template).stream().map(MonitorFixture.Document::conduit).toArray(Conduit[]::new);
            for (Conduit doc : docs) {
                task.read(doc);
            }
        }
    }

    @State(Scope.Benchmark)
    public static class Fresh {
        MonitorFixture population;
        Session session;
        Conduit[] docs;

        @Setup(Level.Trial)
        public void setUp() {
            population = new MonitorFixture(ReadCheck.USERS, ReadCheck.FRIENDS, DOCS, ReadCheck.SEED);
            session = population.session("indexer");
            List<MonitorFixture.Document> documents = population.documents("friends+censorship");
            docs = documents.stream().map(MonitorFixture.Document::conduit).toArray(Conduit[]::new);
        }
    }

    @Benchmark
    public Conduit readIntoWarmTaint(WarmTaint reads, Cursor cursor) {
        Conduit doc = reads.docs[cursor.next(DOCS)];
        reads.task.read(doc);
        return doc;
    }

    @Benchmark
    public Task openTaskAndFirstRead(Fresh fresh, Cursor cursor) {
        Task task = fresh.population.monitor.open(fresh.session, TaskMode.CONFINED);
        task.read(fresh.docs[cursor.next(DOCS)]);
        return task;
    }
}
