package org.maat.core.runtime;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.StoreDamage;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.OpenIndex;
import org.maat.core.search.QueryBudget;
import org.maat.core.search.QueryComposer;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.search.QueryTooExpensiveException;
import org.maat.core.search.SearchComponents;
import org.maat.core.search.SearchHit;
import org.maat.core.search.SearchTask;
import org.maat.core.search.Snippets;
import org.maat.core.task.AccessCaches;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.LibraryState;
import org.maat.core.task.Monitor;
import org.maat.core.task.Monitoring;
import org.maat.core.task.RankedId;
import org.maat.core.task.ResultChannel;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskContext;
import org.maat.core.task.TaskFailedException;
import org.maat.core.task.TaskGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

/**
 * Serves searches over one data directory and one index, the trusted runtime of the shard server
 * and front-end: opens the index once, and runs every query as a fresh confined task of its
 * session (so taint never crosses queries) whose only way out is its result channel, at the task's
 * {@link TaskBoundary}: a released list is checked id by id for the session, and whatever the task
 * throws reaches the caller only as runtime text. Under the
 * monitor a result list reaches the caller only if the monitor released it; a refusal is thrown as
 * {@link org.maat.policy.monitor.PolicyViolation}, never turned into an empty result. Output lines
 * are then built with checked reads for the session ({@link Snippets}). The task writes ids only;
 * the runtime scores them and refuses an order that is not the index's ({@link TrustedRanking}). Every configuration ranks with the statistics of what every session of
 * the client's region may read ({@link ReadableStatistics}), and every query is bounded before it
 * runs ({@link QueryBudget}) and while it runs (a deadline). The search task's components are made
 * afresh for every search ({@code newTask}); what the standard filter shares across searches is this
 * service's {@link AccessCaches}, runtime code that the filter is handed.
 *
 * <p>{@link Monitoring#NONE} is the {@code --no-policy} baseline: the same search task, session
 * filter included (what a search application without Maat would run), with no monitor, so the
 * difference between the two is the monitor's cost.
 * Thread-safe: queries may run concurrently.
 */
public final class SearchService implements AutoCloseable {

    /** How long a query may collect hits before it is stopped ({@link QueryTimedOutException}). */
    public static final Duration DEFAULT_QUERY_BUDGET = Duration.ofSeconds(5);

    /** Code that runs as a search task: the standard {@link SearchTask}, or a test's faulty one. */
    @FunctionalInterface
    public interface TaskBody {
        void run(TaskContext ctx) throws IOException;
    }

    private final DataSet stores;
    private final IndexLabelling labels;
    private final Monitor monitor;
    private final OpenIndex index;
    private final PolicyId sessionPolicy = TaskMonitor.SESSION_POLICY;
    private final AtomicLong sequence;
    private final SearchComponents components;
    /** Per shard: ranking statistics over what every session of a region may read. Shared by views. */
    private final List<ReadableStatistics> statistics;
    /** What every search's access filter shares (decoded segments, region blacklists). Shared by views. */
    private final AccessCaches accessCaches;
    private final Duration queryBudget;
    /** What close() releases: the stores and the index it opened; nothing for a view. */
    private final AutoCloseable owned;

    private SearchService(DataSet stores, IndexLabelling labels, Monitor monitor, OpenIndex index,
                          AtomicLong sequence, SearchComponents components, AutoCloseable owned) {
        this(stores, labels, monitor, index, sequence, components, statisticsOf(index, stores), new AccessCaches(),
                DEFAULT_QUERY_BUDGET, owned);
    }

    private SearchService(DataSet stores, IndexLabelling labels, Monitor monitor, OpenIndex index,
                          AtomicLong sequence, SearchComponents components, List<ReadableStatistics> statistics,
                          AccessCaches accessCaches, Duration queryBudget, AutoCloseable owned) {
        LibraryState.pin(); // every search runs under the runtime's library settings, which tasks cannot change
        this.stores = stores;
        this.labels = labels;
        this.monitor = monitor;
        this.index = index;
        this.sequence = sequence;
        this.components = components;
        this.statistics = statistics;
        this.accessCaches = accessCaches;
        this.queryBudget = queryBudget;
        this.owned = owned;
    }

    private static List<ReadableStatistics> statisticsOf(OpenIndex index, DataSet stores) {
        List<ReadableStatistics> perShard = new ArrayList<>(index.shards());
        for (int shard = 0; shard < index.shards(); shard++) {
            perShard.add(ReadableStatistics.of(index.searcher(shard).getIndexReader(), stores));
        }
        return List.copyOf(perShard);
    }

    /** A view over the same index and data with other components, monitor or budget; closing it does nothing. */
    private SearchService view(Monitor monitor, SearchComponents components, Duration queryBudget) {
        return new SearchService(stores, labels, monitor, index, sequence, components, statistics, accessCaches,
                queryBudget, () -> { });
    }

    /**
     * The same search under {@code monitoring}: {@link Monitoring#NONE} is the {@code --no-policy}
     * baseline over the same open index and data (the same search task with its session filter, and no
     * monitor); a monitored service can also be viewed under its own monitor, a baseline one under no
     * other. Shares this service's readers, so a benchmark compares the two on the same warm caches.
     * Closing the view does nothing; close this service.
     */
    public SearchService withMonitoring(Monitoring monitoring) {
        if (monitoring.monitored() && !monitored()) {
            throw new IllegalStateException("a service opened without the monitor has no labels to monitor with");
        }
        return view(monitoring.monitor(monitor::reference), SearchComponents.standard(), queryBudget);
    }

    /** Raw Lucene over the same index: no monitor and no session filter (every matching document). A view. */
    public SearchService asUnfiltered() {
        return view(Monitor.none(), SearchComponents.plain(), queryBudget);
    }

    /**
     * The monitored search with every document seen under the public policy, so no filter is needed
     * (Thoth's "public" configuration): all the interposition, none of the policy cost; compare it
     * with {@link #asUnfiltered()}. A view like {@link #withMonitoring}.
     */
    public SearchService asAllPublic() {
        if (!monitored()) {
            throw new IllegalStateException("the all-public configuration needs a monitored service");
        }
        return view(Monitor.of(TaskMonitor.allPublic(stores, labels)), SearchComponents.plain(), queryBudget);
    }

    /**
     * The same service running {@code components} instead (fault injection: a search whose filter is
     * broken), made afresh for every search as the standard ones are; under the monitor, what it may
     * release is judged exactly as before. A view like {@link #withMonitoring}.
     */
    public SearchService withComponents(SearchComponents components) {
        return view(monitor, components, queryBudget);
    }

    /**
     * The same service with another time budget per query: a search still collecting at its deadline
     * is stopped and ends in {@link QueryTimedOutException}. A view like {@link #withMonitoring}.
     */
    public SearchService withQueryBudget(Duration budget) {
        if (budget.isNegative()) {
            throw new IllegalArgumentException("a query budget must not be negative, not " + budget);
        }
        return view(monitor, components, budget);
    }

    /**
     * Opens the data and the index, under the monitor or with none as {@code monitoring} says. The
     * monitor opens only an index built under it; the baseline reads an index built either way.
     */
    public static SearchService open(DataDir data, IndexLayout layout, Monitoring monitoring) throws IOException {
        DataSet stores = DataSet.open(data);
        IndexLabelling labels = null;
        try {
            if (monitoring.monitored() && !layout.monitored()) {
                throw new IllegalArgumentException("index " + layout.root() + " has no labels: it was built with --no-policy ("
                        + layout.noPolicyRecord() + "); search it with --no-policy or rebuild it");
            }
            // A snapshot: a search never writes the label store, nor waits for an indexer's lock.
            labels = StoreDamage.reading(monitoring.monitored() ? layout.labels() : layout.noPolicyRecord(),
                    () -> IndexLabelling.forReading(layout, monitoring));
            return serve(stores, labels, layout, null, true);
        } catch (IOException | RuntimeException e) {
            closeAll(null, null, labels, stores);
            throw e;
        }
    }

    /**
     * Serves shard {@code shard} of the index at {@code layout} alone, over stores and labels the
     * caller opened and keeps open (several shard services share one follower data set and one label
     * snapshot; see {@code org.maat.core.shard}), under the monitor if {@code labels} is monitored.
     * Closing the service closes only its shard's readers.
     */
    public static SearchService openShard(DataSet stores, IndexLabelling labels, IndexLayout layout, int shard)
            throws IOException {
        return serve(stores, labels, layout, shard, false);
    }

    /** Opens the index (one shard, or all if {@code shard} is null) as {@code labels}' monitoring says. */
    private static SearchService serve(DataSet stores, IndexLabelling labels, IndexLayout layout, Integer shard,
                                       boolean ownsData) throws IOException {
        Monitor monitor = labels.monitoring().monitor(() -> TaskMonitor.over(stores, labels));
        // The shard readers' own task: confined, it only reads, and its taint never leaves it.
        TaskGate opener = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
        try {
            OpenIndex index = shard == null ? OpenIndex.open(layout, labels, opener)
                    : OpenIndex.openShard(layout, labels, opener, shard);
            return new SearchService(stores, labels, monitor, index, new AtomicLong(), SearchComponents.standard(),
                    ownsData ? () -> closeAll(index, opener, labels, stores) : () -> closeAll(index, opener, null, null));
        } catch (IOException | RuntimeException e) {
            opener.close();
            throw e;
        }
    }

    public boolean monitored() {
        return monitor.monitored();
    }

    public DataSet data() {
        return stores;
    }

    public OpenIndex index() {
        return index;
    }

    /**
     * The reference monitor of this service's tasks.
     *
     * @throws IllegalStateException for the baseline, which has none
     */
    public ReferenceMonitor monitor() {
        return monitor.reference();
    }

    /** How this service makes each search's parts: the session-filtered search unless a view says otherwise. */
    public SearchComponents components() {
        return components;
    }

    /** Searches with the standard components; returns the released conduit ids, best first. */
    public List<String> search(Session session, String query, int k) throws IOException {
        return search(session, query, k, components());
    }

    public List<String> search(Session session, String query, int k, SearchComponents components) throws IOException {
        return run(session, query, ctx -> newTask(components, k).run(ctx));
    }

    /**
     * As {@link #search(Session, String, int)}, with each released id's score as the runtime computed
     * it ({@link TrustedRanking}; the task writes ids only): what a shard answers, so that a
     * front-end can merge several shards' lists by score.
     */
    public List<RankedId> searchRanked(Session session, String query, int k) throws IOException {
        return execute(session, query, ctx -> newTask(components(), k).run(ctx)).deliveredRanked();
    }

    /**
     * The one place a search task's components are made: afresh for each search, so no composer, filter or
     * retrieval object ever serves two searches. They are confined task code that may be buggy, and an object
     * kept from one session's search would carry what it read there into another session's answer (through
     * which readable ids it lists) in fields no rule and no check sees. The caches the standard filter shares
     * are this service's, runtime code it is handed. Called only inside the task's body, so that their
     * constructors run at the task boundary too: what a constructor throws reaches no caller in its own words.
     */
    private SearchTask newTask(SearchComponents components, int k) {
        return new SearchTask(components.newSearch(accessCaches), k);
    }

    /**
     * Runs {@code body} as a fresh confined task of {@code session} with the query conduit, the
     * shards and a result channel to the session; returns what the monitor let through the channel.
     * The runtime then scores what was released and refuses an order that is not the index's
     * ({@link TrustedRanking}), in every configuration, so a baseline does the same ranking work.
     *
     * The task's code runs at a {@link TaskBoundary}: whatever it throws reaches the caller only as
     * runtime-authored text.
     *
     * @throws QueryTooExpensiveException if the query exceeds the {@link QueryBudget}
     * @throws QueryTimedOutException     if the search ran past this service's time budget
     * @throws org.maat.policy.monitor.PolicyViolation if the monitor refused the task's output
     * @throws TaskFailedException        if the task's code failed (its own exception goes to no caller)
     */
    public List<String> run(Session session, String query, TaskBody body) throws IOException {
        return execute(session, query, body).deliveredIds();
    }

    private ResultChannel execute(Session session, String query, TaskBody body) throws IOException {
        try {
            return executeOnIndex(session, query, body);
        } catch (IOException | RuntimeException | AssertionError failed) {
            // Damaged index bytes surface while searching as any reader's exception (an array index, a
            // buffer, a Lucene assertion when assertions are on): the runtime then checks the shards'
            // checksums itself and reports damage in its own words (StoreDamage), never the exception's text.
            // Inside a task the boundary has replaced the exception; its kind alone says whether to check.
            boolean readerKind = failed instanceof TaskFailedException taskFailed
                    ? StoreDamage.looksLikeDamage(taskFailed.kind()) : StoreDamage.looksLikeDamage(failed);
            if (readerKind) {
                index.checkIntegrity();
            }
            throw failed;
        }
    }

    private ResultChannel executeOnIndex(Session session, String query, TaskBody body) throws IOException {
        Objects.requireNonNull(session.principal(), "a search session needs a principal");
        // The runtime's own reading of the query: bounded before any task runs, and what scores are taken from.
        Query scoring = QueryComposer.standard().compose(query, Optional.empty());
        QueryBudget.check(scoring);
        long n = sequence.incrementAndGet();
        String user = session.principal();
        Conduit queryConduit = new Conduit("q/" + n, "query/" + user + "/" + n, user, sessionPolicy);
        Conduit resultConduit = new Conduit("r/" + n, "results/" + user + "/" + n, user, sessionPolicy,
                Map.of("query", queryConduit.id()));
        QueryDeadline deadline = new QueryDeadline(queryBudget);
        List<RegionSearcher> searchers = new ArrayList<>(index.shards());
        for (int shard = 0; shard < index.shards(); shard++) {
            searchers.add(new RegionSearcher(index.taskReader(shard), index.searcher(shard).getSimilarity(), statistics.get(shard).region(session.region()),
                    deadline, scoring));
        }
        try (TaskGate task = monitor.open(session, TaskMode.CONFINED)) {
            // The task's only way out: its channel, and its failures as the runtime words them.
            TaskBoundary boundary = new TaskBoundary(task, "the search task");
            ResultChannel results = boundary.channel(resultConduit, session,
                    new TrustedRanking(searchers, resultConduit, session));
            TaskContext ctx = TaskContext.builder(session, task)
                    .facts(stores.engine().facts())
                    .searchers(index.searchersFor(task, searchers))
                    .query(queryConduit, query)
                    .results(results)
                    .build();
            try {
                boundary.run(() -> {
                    body.run(ctx);
                    return null;
                }, Map.of(IndexSearcher.TooManyClauses.class, () -> new QueryTooExpensiveException(
                        "the query is too expensive: it expands into more than " + LibraryState.MAX_CLAUSE_COUNT
                                + " clauses; use fewer fuzzy~ or prefix* terms")));
            } catch (TaskFailedException failed) {
                timedOut(searchers, deadline); // a search stopped at its deadline fails as a timeout, not as a fault
                throw failed;
            }
            timedOut(searchers, deadline);
            return results;
        }
    }

    private static void timedOut(List<RegionSearcher> searchers, QueryDeadline deadline) {
        for (RegionSearcher searcher : searchers) {
            if (searcher.timedOut()) {
                throw new QueryTimedOutException(deadline.budget());
            }
        }
    }

    /**
     * The output lines for released {@code ids}: each document fetched by a checked read in an
     * unconfined task of {@code session}, with a snippet matching {@code query}.
     */
    public List<SearchHit> hits(Session session, List<String> ids, String query) throws IOException {
        try (TaskGate task = monitor.open(session, TaskMode.UNCONFINED)) {
            DocumentReader reader = new DocumentReader(task, stores.policies(), stores.documents());
            return new Snippets(reader).hits(ids, QueryComposer.standard().compose(query, Optional.empty()));
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

    /** Closes what is not null, the index first. */
    private static void closeAll(OpenIndex index, TaskGate opener, IndexLabelling labels, DataSet stores)
            throws IOException {
        try {
            if (index != null) {
                index.close();
            }
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
