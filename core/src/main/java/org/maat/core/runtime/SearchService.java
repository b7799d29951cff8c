package org.maat.core.runtime;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.OpenIndex;
import org.maat.core.search.QueryComposer;
import org.maat.core.search.SearchComponents;
import org.maat.core.search.SearchHit;
import org.maat.core.search.SearchTask;
import org.maat.core.search.Snippets;
import org.maat.core.task.AccessGate;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.RankedId;
import org.maat.core.task.ResultChannel;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/**
 * Serves searches over one data directory and one index, the trusted runtime of the shard server
 * and front-end: opens the index once, and runs every query as a fresh confined task of its
 * session (so taint never crosses queries) whose only way out is its result channel. Under the
 * monitor a result list reaches the caller only if the monitor released it; a refusal is thrown as
 * {@link org.maat.policy.monitor.PolicyViolation}, never turned into an empty result. Output lines
 * are then built with checked reads for the session ({@link Snippets}).
 *
 * <p>{@code policy = false} is the {@code --no-policy} baseline: the same search task, session
 * filter included (what a search application without Maat would run), with no monitor, so the
 * difference between the two is the monitor's cost.
 * Thread-safe: queries may run concurrently.
 */
public final class SearchService implements AutoCloseable {

    /** Code that runs as a search task: the standard {@link SearchTask}, or a test's faulty one. */
    @FunctionalInterface
    public interface TaskBody {
        void run(TaskContext ctx) throws IOException;
    }

    private final DataSet stores;
    private final IndexLabels labels;
    private final ReferenceMonitor monitor;
    private final Task opener;
    private final OpenIndex index;
    private final PolicyId sessionPolicy = TaskMonitor.SESSION_POLICY;
    private final AtomicLong sequence;
    private final SearchComponents components;
    /** What close() releases: the stores and the index it opened; nothing for a view. */
    private final AutoCloseable owned;

    private SearchService(DataSet stores, IndexLabels labels, ReferenceMonitor monitor, Task opener,
                          OpenIndex index) {
        this(stores, labels, monitor, opener, index, new AtomicLong(), SearchComponents.standard(),
                () -> closeAll(index, opener, labels, stores));
    }

    private SearchService(DataSet stores, IndexLabels labels, ReferenceMonitor monitor, Task opener, OpenIndex index,
                          AtomicLong sequence, SearchComponents components, AutoCloseable owned) {
        this.stores = stores;
        this.labels = labels;
        this.monitor = monitor;
        this.opener = opener;
        this.index = index;
        this.sequence = sequence;
        this.components = components;
        this.owned = owned;
    }

    /**
     * The {@code --no-policy} baseline over the same open index and data: the same search task with
     * its session filter, and no monitor. Shares this service's readers, so a benchmark compares the
     * two on the same warm caches. Closing the view does nothing; close this service.
     */
    public SearchService asPlain() {
        return new SearchService(stores, null, null, null, index, sequence, SearchComponents.standard(), () -> { });
    }

    /** Raw Lucene over the same index: no monitor and no session filter (every matching document). A view. */
    public SearchService asUnfiltered() {
        return new SearchService(stores, null, null, null, index, sequence, SearchComponents.plain(), () -> { });
    }

    /**
     * The monitored search with every document seen under the public policy, so no filter is needed
     * (Thoth's "public" configuration): all the interposition, none of the policy cost; compare it
     * with {@link #asUnfiltered()}. A view like {@link #asPlain()}.
     */
    public SearchService asAllPublic() {
        if (!monitored()) {
            throw new IllegalStateException("the all-public configuration needs a monitored service");
        }
        return new SearchService(stores, labels, TaskMonitor.allPublic(stores, labels), opener, index, sequence,
                SearchComponents.plain(), () -> { });
    }

    /**
     * The same service running {@code components} instead (fault injection: a search whose filter is
     * broken); under the monitor, what it may release is judged exactly as before. A view like
     * {@link #asPlain()}.
     */
    public SearchService withComponents(SearchComponents components) {
        return new SearchService(stores, labels, monitor, opener, index, sequence, components, () -> { });
    }

    /** Opens the data and the index; {@code policy}: under the monitor, else plain Lucene. */
    public static SearchService open(DataDir data, IndexLayout layout, boolean policy) throws IOException {
        DataSet stores = DataSet.open(data);
        IndexLabels labels = null;
        Task opener = null;
        try {
            boolean monitored = layout.monitored();
            if (!policy) {
                return new SearchService(stores, null, null, null, OpenIndex.plain(layout));
            }
            if (!monitored) {
                throw new IllegalArgumentException("index " + layout.root() + " has no labels: it was built with --no-policy ("
                        + layout.noPolicyRecord() + "); search it with --no-policy or rebuild it");
            }
            // A snapshot: a search never writes the label store, nor waits for an indexer's lock.
            labels = IndexLabels.openSnapshot(layout);
            ReferenceMonitor monitor = TaskMonitor.over(stores, labels);
            // The shard readers' own task: confined, it only reads, and its taint never leaves it.
            opener = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
            return new SearchService(stores, labels, monitor, opener,
                    OpenIndex.monitored(layout, labels, AccessGate.of(opener)));
        } catch (IOException | RuntimeException e) {
            if (opener != null) {
                opener.close();
            }
            if (labels != null) {
                labels.close();
            }
            stores.close();
            throw e;
        }
    }

    /**
     * Serves shard {@code shard} of the index at {@code layout} alone, over stores and labels the
     * caller opened and keeps open (several shard services share one follower data set and one label
     * snapshot; see {@code org.maat.core.shard}). {@code labels} is null for the plain baseline.
     * Closing the service closes only its shard's readers.
     */
    public static SearchService openShard(DataSet stores, IndexLabels labels, IndexLayout layout, int shard)
            throws IOException {
        if (labels == null) {
            OpenIndex index = OpenIndex.plainShard(layout, shard);
            return new SearchService(stores, null, null, null, index, new AtomicLong(), SearchComponents.standard(),
                    index);
        }
        ReferenceMonitor monitor = TaskMonitor.over(stores, labels);
        Task opener = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
        try {
            OpenIndex index = OpenIndex.monitoredShard(layout, labels, AccessGate.of(opener), shard);
            return new SearchService(stores, labels, monitor, opener, index, new AtomicLong(),
                    SearchComponents.standard(), () -> closeAll(index, opener, null, null));
        } catch (IOException | RuntimeException e) {
            opener.close();
            throw e;
        }
    }

    public boolean monitored() {
        return monitor != null;
    }

    public DataSet data() {
        return stores;
    }

    public OpenIndex index() {
        return index;
    }

    /** The monitor, or null for the baseline. */
    public ReferenceMonitor monitor() {
        return monitor;
    }

    /** The search parts this service runs: the session-filtered search unless a view says otherwise. */
    public SearchComponents components() {
        return components;
    }

    /** Searches with the standard components; returns the released conduit ids, best first. */
    public List<String> search(Session session, String query, int k) throws IOException {
        return search(session, query, k, components());
    }

    public List<String> search(Session session, String query, int k, SearchComponents components) throws IOException {
        SearchTask task = new SearchTask(components, k);
        return run(session, query, task::run);
    }

    /**
     * As {@link #search(Session, String, int)}, with each released id's score
     * ({@link ResultChannel#writeRanked}): what a shard answers, so that a front-end can merge
     * several shards' lists by score.
     */
    public List<RankedId> searchRanked(Session session, String query, int k) throws IOException {
        SearchTask task = new SearchTask(components(), k);
        List<List<RankedId>> delivered = new java.util.ArrayList<>(1);
        run(session, query, ctx -> {
            task.runRanked(ctx);
            delivered.add(ctx.results().deliveredRanked());
        });
        return delivered.isEmpty() ? List.of() : delivered.get(0);
    }

    /**
     * Runs {@code body} as a fresh confined task of {@code session} with the query conduit, the
     * shards and a result channel to the session; returns what the monitor let through the channel.
     */
    public List<String> run(Session session, String query, TaskBody body) throws IOException {
        Objects.requireNonNull(session.principal(), "a search session needs a principal");
        long n = sequence.incrementAndGet();
        String user = session.principal();
        Conduit queryConduit = new Conduit("q/" + n, "query/" + user + "/" + n, user, sessionPolicy);
        Conduit resultConduit = new Conduit("r/" + n, "results/" + user + "/" + n, user, sessionPolicy,
                Map.of("query", queryConduit.id()));
        Task task = monitored() ? monitor.open(session, TaskMode.CONFINED) : null;
        try {
            AccessGate gate = task == null ? AccessGate.unmonitored() : AccessGate.of(task);
            ResultChannel results = new ResultChannel(gate, resultConduit, session);
            TaskContext ctx = TaskContext.builder(session, gate)
                    .facts(stores.engine().facts())
                    .searchers(index.searchersFor(gate))
                    .query(queryConduit, query)
                    .results(results)
                    .build();
            body.run(ctx);
            return results.deliveredIds();
        } finally {
            if (task != null) {
                task.close();
            }
        }
    }

    /**
     * The output lines for released {@code ids}: each document fetched by a checked read in an
     * unconfined task of {@code session}, with a snippet matching {@code query}.
     */
    public List<SearchHit> hits(Session session, List<String> ids, String query) throws IOException {
        Task task = monitored() ? monitor.open(session, TaskMode.UNCONFINED) : null;
        try {
            AccessGate gate = task == null ? AccessGate.unmonitored() : AccessGate.of(task);
            DocumentReader reader = new DocumentReader(gate, stores.policies(), stores.documents());
            return new Snippets(reader).hits(ids, QueryComposer.standard().compose(query, java.util.Optional.empty()));
        } finally {
            if (task != null) {
                task.close();
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            owned.close();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private static void closeAll(OpenIndex index, Task opener, IndexLabels labels, DataSet stores) throws IOException {
        try {
            index.close();
        } finally {
            if (opener != null) {
                opener.close();
            }
            if (labels != null) {
                labels.close();
            }
            if (stores != null) {
                stores.close();
            }
        }
    }
}
