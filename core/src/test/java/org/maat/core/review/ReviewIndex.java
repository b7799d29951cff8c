package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.shard.ShardIndex;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * The index a review attack class runs against, registered as a class-level extension
 * ({@code @RegisterExtension static final ReviewIndex review = new ReviewIndex(400, 28);}): before the class's tests,
 * a generated data set of its own size and seed in a fresh directory, indexed into 2 shards and served under the
 * reference monitor, with the ordinary documents ({@code d0}, {@code d1}, ...) a secret is picked from; after them,
 * the service closed and the directory deleted. Each attack class has its own, since its attacks may change what the
 * shared segment readers answer. The accessors are only valid between the two.
 */
final class ReviewIndex implements BeforeAllCallback, AfterAllCallback {

    private final int size;
    private final long seed;
    private final int spareShards;
    private Path dir;
    private DataDir data;
    private IndexLayout layout;
    private IndexLayout spare;
    private SearchService service;
    private List<Conduit> documents;

    /** An index of {@code size} generated documents from {@code seed}, opened when the class's tests start. */
    ReviewIndex(int size, long seed) {
        this(size, seed, 0);
    }

    /**
     * As {@link #ReviewIndex(int, long)}, with a second index of the same data in {@code spareShards} shards, built
     * before the service opens and never served by it ({@link #spare()}: an attack updates it in place).
     */
    ReviewIndex(int size, long seed, int spareShards) {
        this.size = size;
        this.seed = seed;
        this.spareShards = spareShards;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("maat-review");
        data = TestData.generate(dir, size, seed);
        layout = TestData.index(data, dir.resolve("index"), 2);
        if (spareShards > 0) {
            spare = TestData.index(data, dir.resolve("spare"), spareShards);
        }
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            if (service != null) {
                service.close();
            }
        } finally {
            if (dir != null) {
                DirectoryTree.delete(dir);
            }
        }
    }

    SearchService service() {
        return service;
    }

    /** The second index of the data, which the service does not serve; null unless the constructor asked for one. */
    IndexLayout spare() {
        return spare;
    }

    /** The same index served by in-process shards with their own readers; the caller closes it. */
    ShardIndex openShards() throws IOException {
        return ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR);
    }

    /** The ordinary documents ({@code d0}, {@code d1}, ...), the ones a secret or a carrier is picked from. */
    List<Conduit> documents() {
        return documents;
    }

    /** The documents none of {@code sessions} may read. */
    List<Conduit> unreadableBy(Session... sessions) {
        return ReviewAttacks.unreadableBy(service, documents, sessions);
    }

    /** The first document none of {@code sessions} may read that shard 0 holds; fails the test if there is none. */
    Conduit unreadableOnShard0(Session... sessions) throws IOException {
        IndexSearcher shard0 = service.index().searcher(0);
        Conduit found = null;
        for (Conduit c : unreadableBy(sessions)) {
            if (shard0.count(new TermQuery(new Term(IndexFields.ID, c.id()))) > 0) {
                found = c;
                break;
            }
        }
        assertThat(found).isNotNull();
        return found;
    }

    /** The title of document {@code id}, as the data set holds it. */
    String title(String id) {
        return service.data().documents().get(id).orElseThrow().title();
    }
}
