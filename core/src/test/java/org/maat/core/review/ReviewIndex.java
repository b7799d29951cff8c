package org.maat.core.review;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.shard.ShardIndex;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * The index a review attack class runs against: a generated data set of its own size and seed, indexed into 2 shards
 * and served under the reference monitor, with the ordinary documents ({@code d0}, {@code d1}, ...) a secret is picked
 * from. Each attack class opens its own, since its attacks may change what the shared segment readers answer.
 */
record ReviewIndex(DataDir data, IndexLayout layout, SearchService service, List<Conduit> documents)
        implements AutoCloseable {

    /** Generates {@code size} documents from {@code seed} under {@code dir}, indexes them and opens the service. */
    static ReviewIndex open(Path dir, int size, long seed) throws IOException {
        DataDir data = TestData.generate(dir, size, seed);
        IndexLayout layout = TestData.index(data, dir.resolve("index"), 2);
        SearchService service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        List<Conduit> documents =
                TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
        return new ReviewIndex(data, layout, service, documents);
    }

    /** The same index served by in-process shards with their own readers; the caller closes it. */
    ShardIndex openShards() throws IOException {
        return ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR);
    }

    /** The documents none of {@code sessions} may read. */
    List<Conduit> unreadableBy(Session... sessions) {
        return ReviewAttacks.unreadableBy(service, documents, sessions);
    }

    /** The first document none of {@code sessions} may read that shard 0 holds, or null if there is none. */
    Conduit unreadableOnShard0(Session... sessions) throws IOException {
        IndexSearcher shard0 = service.index().searcher(0);
        for (Conduit c : unreadableBy(sessions)) {
            if (shard0.count(new TermQuery(new Term(IndexFields.ID, c.id()))) > 0) {
                return c;
            }
        }
        return null;
    }

    /** The title of document {@code id}, as the data set holds it. */
    String title(String id) {
        return service.data().documents().get(id).orElseThrow().title();
    }

    @Override
    public void close() throws IOException {
        service.close();
    }
}
