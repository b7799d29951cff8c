package org.maat.bench.serve;

import java.io.IOException;
import java.util.List;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.SearchHit;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;

/**
 * The searches {@code bench serve} sends over HTTP, run in this process instead: the full mix's data and
 * index opened once under the monitor ({@link SearchService}, all shards in one task, as {@code maat search}
 * and {@code bench search} run), each search a confined task of the session that releases {@code released}
 * ids, then the titles and snippets of the first {@code k} read for the session, as the page shows them.
 * What it leaves out of the served path: HTTP, the session cookie and log-in, the fan-out to shard servers
 * and their merge, the re-ranking by history and its append, and the total's read decisions. Thread-safe.
 */
final class InProcessSearch implements AutoCloseable {

    private final SearchService service;
    private final int released;
    private final int k;
    private final boolean owner;

    private InProcessSearch(SearchService service, int released, int k, boolean owner) {
        this.service = service;
        this.released = released;
        this.k = k;
        this.owner = owner;
    }

    /**
     * Opens {@code data} (a directory no front-end owns) and {@code index} under the monitor.
     *
     * @param released ids each search releases: {@code k} for the page alone, more to count a total as the
     *                 front-end does ({@link ServeBenchmark#COUNTED})
     */
    static InProcessSearch open(DataDir data, IndexLayout index, int released, int k) throws IOException {
        return new InProcessSearch(SearchService.open(data, index, Monitoring.REFERENCE_MONITOR), released, k, true);
    }

    /** A view sharing this one's open index and data, releasing {@code released} ids per search; closing it does nothing. */
    InProcessSearch releasing(int released) {
        return new InProcessSearch(service, released, k, false);
    }

    /** Runs {@code query} for {@code session}: the released ids' page of {@code k} titles and snippets. */
    List<SearchHit> search(Session session, String query) throws IOException {
        List<String> ids = service.search(session, query, released);
        return service.hits(session, ids.subList(0, Math.min(k, ids.size())), query);
    }

    @Override
    public void close() throws IOException {
        if (owner) {
            service.close();
        }
    }
}
