package org.maat.core.shard;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.SearchComponents;
import org.maat.core.task.RankedId;
import org.maat.policy.Session;
import org.maat.policy.monitor.PolicyViolation;

/**
 * One shard of an index, searched in this process: every request runs as a fresh confined search
 * task of the session it names (so taint never crosses requests), and returns only the ids the
 * monitor released under {@code ONLY_CND_IDS+} for that user and region, with the scores the
 * runtime computed for them from the index (never values the task chose; {@link SearchService#searchRanked}). Before each search it learns the MAL entries appended since
 * the last one ({@link org.maat.core.data.DataSet#followMalLog()}), so an employee's logged access counts at once.
 * A refusal is {@link ShardRefusedException} carrying the monitor's explanation, never an empty list.
 *
 * <p>Each search runs on the shard's commit as most recently published: when its {@link ShardIndex}
 * has seen a new publication (or a change of the data's policies), the next search opens the new
 * commit's readers over the new snapshots, and the previous readers close when the searches still
 * using them end.
 *
 * <p>Opened by {@link ShardIndex}, which owns the data set and labels it shares. Thread-safe.
 */
public final class ShardService implements ShardSearcher, AutoCloseable {

    private final int shard;
    private final Readers readers;
    /** What this service runs over the shard's current search: the standard one, or a view of it. */
    private final UnaryOperator<SearchService> view;
    /** False for a view: the service it was made from closes the readers. */
    private final boolean ownsReaders;

    ShardService(int shard, ShardIndex index) {
        this(shard, new Readers(shard, index), UnaryOperator.identity(), true);
    }

    private ShardService(int shard, Readers readers, UnaryOperator<SearchService> view, boolean ownsReaders) {
        this.shard = shard;
        this.readers = readers;
        this.view = view;
        this.ownsReaders = ownsReaders;
    }

    /**
     * This shard running other search components (fault injection: a filter that ignores the
     * session), made afresh for every search as the standard ones are. Its monitor still releases
     * only what the session may read: a faulty search is refused, never answered. Shares this
     * service's readers; close this one.
     */
    public ShardService withComponents(SearchComponents components) {
        return new ShardService(shard, readers, s -> view.apply(s).withComponents(components), false);
    }

    /**
     * This shard with another time budget per query ({@link SearchService#withQueryBudget}): a search
     * still collecting at its deadline ends in {@link org.maat.core.search.QueryTimedOutException}.
     * Shares this service's readers; close this one.
     */
    public ShardService withQueryBudget(Duration budget) {
        if (budget.isNegative()) {
            throw new IllegalArgumentException("a query budget must not be negative, not " + budget);
        }
        return new ShardService(shard, readers, s -> view.apply(s).withQueryBudget(budget), false);
    }

    /** This shard's number in its index. */
    public int shard() {
        return shard;
    }

    /** Whether searches run under the monitor (false: the {@code --no-policy} baseline). */
    public boolean monitored() {
        return readers.index.monitored();
    }

    /** Documents in this shard, as most recently published. */
    public long documents() throws IOException {
        Shared<SearchService> search = readers.acquire();
        try {
            return search.value().index().documents();
        } finally {
            search.release();
        }
    }

    @Override
    public ShardResult search(ShardQuery query) throws IOException {
        Shared<SearchService> current = readers.acquire();
        List<RankedId> ranked;
        try {
            current.value().data().followMalLog();
            Session session = Session.of(query.user(), query.region());
            ranked = view.apply(current.value()).searchRanked(session, query.query(), query.k());
        } catch (PolicyViolation refused) {
            throw new ShardRefusedException("shard " + shard + ": " + refused.getMessage(), refused);
        } finally {
            current.release();
        }
        List<ShardHit> hits = new ArrayList<>(ranked.size());
        for (RankedId hit : ranked) {
            hits.add(new ShardHit(hit.id(), hit.score()));
        }
        return new ShardResult(shard, hits);
    }

    @Override
    public String toString() {
        return "shard " + shard + " (in process)";
    }

    /** Closes the shard's readers once no search uses them; a view's close does nothing. */
    @Override
    public void close() throws IOException {
        if (ownsReaders) {
            readers.close();
        }
    }

    /**
     * The shard's search over the generation of its index it was last opened on, replaced by one
     * over the newest generation when the index has a newer one.
     */
    private static final class Readers {
        private final int shard;
        private final ShardIndex index;
        /** Guarded by this; null before the first search and after close. */
        private Shared<ShardIndex.Generation> generation;
        private Shared<SearchService> search;
        private boolean closed;

        Readers(int shard, ShardIndex index) {
            this.shard = shard;
            this.index = index;
        }

        /** The search over the newest generation, opening it if needed; one more use, which the caller releases. */
        synchronized Shared<SearchService> acquire() throws IOException {
            if (closed) {
                throw new IllegalStateException("shard " + shard + " is closed");
            }
            Shared<ShardIndex.Generation> newest = index.acquireCurrent();
            if (newest == generation) {
                newest.release(); // this service already holds a use of it
            } else {
                SearchService opened;
                try {
                    ShardIndex.Generation g = newest.value();
                    opened = SearchService.openShard(g.data(), g.labels(), index.layout(), shard);
                } catch (IOException | RuntimeException e) {
                    newest.release();
                    if (search == null) {
                        throw e;
                    }
                    // A newer publication may have deleted that commit's files meanwhile: keep
                    // answering from the readers this shard has, and open the newest at the next search.
                    search.acquire();
                    return search;
                }
                Shared<SearchService> replaced = search;
                search = new Shared<>(opened, () -> {
                    try {
                        opened.close();
                    } finally {
                        newest.release();
                    }
                });
                generation = newest;
                if (replaced != null) {
                    replaced.release(); // closed when the searches still on it end
                }
            }
            search.acquire(); // held by this service, so never closed yet
            return search;
        }

        synchronized void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            if (search != null) {
                search.release();
                search = null;
                generation = null;
            }
        }
    }
}
