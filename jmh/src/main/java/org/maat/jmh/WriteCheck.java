package org.maat.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maat.core.task.AccessGate;
import org.maat.core.task.ResultChannel;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.Payload;
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
 * One granted write check of a CONFINED task per operation ({@link Task#write}), with the
 * recipient's read decisions warm in the cache:
 * <ul>
 *   <li>{@code dataToOwnersChannel}: tainted by one document of a template, opaque data to the
 *       owner's private channel, recipient the owner (declassify: {@code isAsRestrictive(dest.read,
 *       this.read)} decided in the recipient's session);</li>
 *   <li>{@code resultListOnlyCndIdsPlus}: tainted by the {@code index} template, a list of 10 conduit
 *       ids the recipient may read, written through core's {@link ResultChannel} to the recipient's
 *       result conduit (each id's read rule checked);</li>
 *   <li>{@code resultListOnlyCndIds}: the same list under {@code declassify :- false until
 *       ONLY_CND_IDS;} (each id only looked up);</li>
 *   <li>{@code resultListUnchecked}: the baseline of both, the same channel write with no monitor;</li>
 *   <li>{@code untaintedDataWrite}: the baseline, an empty taint (the destination's update rule only);</li>
 *   <li>{@code indexFileWrite}: an indexer tainted by {@code taintedDocs} distinct MAL documents
 *       writes an index file (no recipient), showing how the check grows with the taint.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// A fixed, pre-touched heap: otherwise the first seconds after the population is built are spent
// faulting in freshly grown eden pages, and the early iterations read several times too slow.
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WriteCheck {

    static final int WRITERS = 16;
    static final Payload DATA = Payload.data();
    static final int RESULT_IDS = 10;
    static final String ONLY_CND_IDS_POLICY = "declassify :- false until ONLY_CND_IDS;";

    @State(Scope.Benchmark)
    public static class DataWrites {
        @Param({"public", "private", "friends", "fof", "mal", "friends+censorship"})
        public String template;

        Task[] tasks;
        Conduit[] channels;
        Session[] recipients;

        @Setup(Level.Trial)
        public void setUp() {
            MonitorFixture population = new MonitorFixture(ReadCheck.USERS, ReadCheck.FRIENDS, WRITERS, ReadCheck.SEED);
            PolicyId channelPolicy = population.policy("private");
            tasks = new Task[WRITERS];
            channels = new Conduit[WRITERS];
            recipients = new Session[WRITERS];
            for (int i = 0; i < WRITERS; i++) {
                Conduit doc = population.documents(template).get(i).conduit();
                String owner = doc.owner();
                recipients[i] = population.session(owner);
                channels[i] = population.register(new Conduit("chan-" + i, "session/" + owner, owner, channelPolicy));
                tasks[i] = population.monitor.open(recipients[i], TaskMode.CONFINED);
                tasks[i].read(doc);
                tasks[i].write(channels[i], recipients[i], DATA);
            }
        }
    }

    /** Per recipient: a result conduit, a list of 10 ids it may read, and tasks (gates) with each taint. */
    @State(Scope.Benchmark)
    public static class ResultLists {
        Task[] indexTainted;
        Task[] idsOnlyTainted;
        Task[] untainted;
        AccessGate[] indexGates;
        AccessGate[] idsOnlyGates;
        List<String>[] idLists;
        Conduit[] results;
        Session[] recipients;
        Payload[] lists;

        @Setup(Level.Trial)
        public void setUp() {
            MonitorFixture population = new MonitorFixture(ReadCheck.USERS, ReadCheck.FRIENDS, WRITERS, ReadCheck.SEED);
            Conduit index = population.register(
                    new Conduit("idx-0", "index/shard-0/_0.cfs", "indexer", population.policy("index")));
            Conduit idsOnly = population.register(new Conduit("idx-ids-0", "index/shard-0/_1.cfs", "indexer",
                    population.engine.intern(ONLY_CND_IDS_POLICY)));
            PolicyId resultPolicy = population.policy("private");
            indexTainted = new Task[WRITERS];
            idsOnlyTainted = new Task[WRITERS];
            untainted = new Task[WRITERS];
            results = new Conduit[WRITERS];
            recipients = new Session[WRITERS];
            lists = new Payload[WRITERS];
            indexGates = new AccessGate[WRITERS];
            idsOnlyGates = new AccessGate[WRITERS];
            @SuppressWarnings("unchecked")
            List<String>[] ids = new List[WRITERS];
            idLists = ids;
            for (int u = 0; u < WRITERS; u++) {
                String user = population.user(u);
                recipients[u] = population.session(user);
                results[u] = population.register(
                        new Conduit("res-" + u, "session/" + user + "/results", user, resultPolicy));
                idLists[u] = readableBy(population, u);
                lists[u] = Payload.conduitIds(idLists[u]);
            }
            population.commitFacts();
            for (int u = 0; u < WRITERS; u++) {
                indexTainted[u] = population.monitor.open(recipients[u], TaskMode.CONFINED);
                indexTainted[u].read(index);
                idsOnlyTainted[u] = population.monitor.open(recipients[u], TaskMode.CONFINED);
                idsOnlyTainted[u].read(idsOnly);
                untainted[u] = population.monitor.open(recipients[u], TaskMode.CONFINED);
                indexTainted[u].write(results[u], recipients[u], lists[u]);
                idsOnlyTainted[u].write(results[u], recipients[u], lists[u]);
                untainted[u].write(results[u], recipients[u], DATA);
                indexGates[u] = AccessGate.of(indexTainted[u]);
                idsOnlyGates[u] = AccessGate.of(idsOnlyTainted[u]);
            }
        }

        /** Ten new documents user {@code u} may read, across the templates (Thoth's result list). */
        private static List<String> readableBy(MonitorFixture population, int u) {
            List<String> ids = new ArrayList<>(RESULT_IDS);
            ids.add(population.document("public", population.stranger(u)).conduit().id());
            ids.add(population.document("public", population.stranger(u)).conduit().id());
            ids.add(population.document("private", u).conduit().id());
            ids.add(population.document("private", u).conduit().id());
            ids.add(population.document("friends", population.friendOf(u)).conduit().id());
            ids.add(population.document("friends", population.friendOf(u)).conduit().id());
            ids.add(population.document("fof", population.friendOfFriend(u)).conduit().id());
            ids.add(population.document("fof", population.friendOfFriend(u)).conduit().id());
            ids.add(population.document("mal", population.friendOf(u)).conduit().id());
            ids.add(population.document("friends+censorship", population.friendOf(u)).conduit().id());
            if (ids.size() != RESULT_IDS) {
                throw new IllegalStateException("a result list has " + RESULT_IDS + " ids, made " + ids.size());
            }
            return List.copyOf(ids);
        }
    }

    @State(Scope.Benchmark)
    public static class IndexerTaint {
        @Param({"1", "100", "1000"})
        public int taintedDocs;

        Task indexer;
        Conduit indexFile;

        @Setup(Level.Trial)
        public void setUp() {
            MonitorFixture population = new MonitorFixture(ReadCheck.USERS, ReadCheck.FRIENDS, 1_024, ReadCheck.SEED);
            indexFile = population.register(
                    new Conduit("idx-file", "index/shard-0/_0.cfs", "indexer", population.policy("index")));
            indexer = population.monitor.open(population.session("indexer"), TaskMode.CONFINED);
            for (int i = 0; i < taintedDocs; i++) {
                indexer.read(population.documents("mal").get(i).conduit());
            }
            if (indexer.taint().size() != taintedDocs) {
                throw new IllegalStateException("expected one label per MAL document, got " + indexer.taint());
            }
            indexer.write(indexFile, DATA);
        }
    }

    @Benchmark
    public Conduit dataToOwnersChannel(DataWrites writes, Cursor cursor) {
        int i = cursor.next(WRITERS);
        writes.tasks[i].write(writes.channels[i], writes.recipients[i], DATA);
        return writes.channels[i];
    }

    /**
     * A search task's result write as core does it ({@link ResultChannel#writeIds}): 10 ids, taint
     * the {@code index} policy, released as ONLY_CND_IDS+ (each id exists and is readable by the
     * recipient). A channel per write, so delivered lists do not pile up.
     */
    @Benchmark
    public ResultChannel resultListOnlyCndIdsPlus(ResultLists writes, Cursor cursor) {
        int u = cursor.next(WRITERS);
        ResultChannel channel = new ResultChannel(writes.indexGates[u], writes.results[u], writes.recipients[u]);
        channel.writeIds(writes.idLists[u]);
        return channel;
    }

    /** The same write, taint {@code declassify :- false until ONLY_CND_IDS;}: each id only looked up. */
    @Benchmark
    public ResultChannel resultListOnlyCndIds(ResultLists writes, Cursor cursor) {
        int u = cursor.next(WRITERS);
        ResultChannel channel = new ResultChannel(writes.idsOnlyGates[u], writes.results[u], writes.recipients[u]);
        channel.writeIds(writes.idLists[u]);
        return channel;
    }

    /** The baseline of the two above: the same write through a gate with no monitor behind it. */
    @Benchmark
    public ResultChannel resultListUnchecked(ResultLists writes, Cursor cursor) {
        int u = cursor.next(WRITERS);
        ResultChannel channel = new ResultChannel(AccessGate.unmonitored(), writes.results[u], writes.recipients[u]);
        channel.writeIds(writes.idLists[u]);
        return channel;
    }

    @Benchmark
    public Conduit untaintedDataWrite(ResultLists writes, Cursor cursor) {
        int u = cursor.next(WRITERS);
        writes.untainted[u].write(writes.results[u], writes.recipients[u], DATA);
        return writes.results[u];
    }

    @Benchmark
    public Conduit indexFileWrite(IndexerTaint writes) {
        writes.indexer.write(writes.indexFile, DATA);
        return writes.indexFile;
    }
}
