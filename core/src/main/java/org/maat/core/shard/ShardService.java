package org.maat.core.shard;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.maat.core.data.DataSet;
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
 * the last one ({@link DataSet#followMalLog()}), so an employee's logged access counts at once.
 * A refusal is {@link ShardRefusedException} carrying the monitor's explanation, never an empty list.
 *
 * <p>Opened by {@link ShardIndex}, which owns the data set and labels it shares. Thread-safe.
 */
public final class ShardService implements ShardSearcher, AutoCloseable {

    private final int shard;
    private final DataSet data;
    private final SearchService search;

    ShardService(int shard, DataSet data, SearchService search) {
        this.shard = shard;
        this.data = data;
        this.search = search;
    }

    /**
     * This shard running other search components (fault injection: a filter that ignores the
     * session). Its monitor still releases only what the session may read: a faulty search is
     * refused, never answered. Shares this service's readers; close this one.
     */
    public ShardService withComponents(SearchComponents components) {
        return new ShardService(shard, data, search.withComponents(components));
    }

    /**
     * This shard with another time budget per query ({@link SearchService#withQueryBudget}): a search
     * still collecting at its deadline ends in {@link org.maat.core.search.QueryTimedOutException}.
     * Shares this service's readers; close this one.
     */
    public ShardService withQueryBudget(Duration budget) {
        return new ShardService(shard, data, search.withQueryBudget(budget));
    }

    /** This shard's number in its index. */
    public int shard() {
        return shard;
    }

    /** Whether searches run under the monitor (false: the {@code --no-policy} baseline). */
    public boolean monitored() {
        return search.monitored();
    }

    /** Documents in this shard. */
    public long documents() {
        return search.index().documents();
    }

    @Override
    public ShardResult search(ShardQuery query) throws IOException {
        data.followMalLog();
        Session session = Session.of(query.user(), query.region());
        List<RankedId> ranked;
        try {
            ranked = search.searchRanked(session, query.query(), query.k());
        } catch (PolicyViolation refused) {
            throw new ShardRefusedException("shard " + shard + ": " + refused.getMessage(), refused);
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

    @Override
    public void close() throws IOException {
        search.close();
    }
}
