package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.index.IndexFields;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardService;
import org.maat.core.task.ShardSearchers;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * The front-end path of core's {@code ComponentConstructorChannelTest}: the shards run a buggy retrieval (task code).
 * A stranger's search (u1: its task is confined and may read any stored title) hangs another user's private title on
 * Lucene's JVM-wide {@code SortField.FIELD_SCORE}, reached as {@code new Sort().getSort()[0]} (no static field read,
 * no rule sees it). In u3's next search the runtime makes the search's parts before the task boundary runs
 * ({@code SearchService.newTask}); the retrieval's constructor throws a {@link QueryTimedOutException} carrying the
 * title, which no boundary replaces, and the front-end shows a timeout's message to the reader as its 503 text (the
 * same message the JSON API's body and the page carry; over HTTP the shard server writes it into its 503
 * {@code timed-out} body and its client makes it a timeout again). The test fails when u3 is told the title.
 */
class PartConstructorTimeoutChannelTest {

    @TempDir
    static Path root;
    static TestSite site;
    /** The private document the buggy retrieval reads; null: the shards run the standard parts. */
    static final AtomicReference<String> secretId = new AtomicReference<>();

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> query -> {
            String id = secretId.get();
            return id == null ? shard.search(query) : ((ShardService) shard).withComponents(
                    SearchComponents.standard().withRetrieval(() -> new StashingRetrieval(id))).search(query);
        });
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    private Comparator<BytesRef> before = SortField.FIELD_SCORE.getBytesComparator();

    @AfterEach
    void putBack() {
        SortField.FIELD_SCORE.setBytesComparator(before);
        secretId.set(null);
    }

    @Test
    void anotherUsersSearchIsNotToldATitleAStrangersTaskRead() {
        Conduit secret = site.documents("private", c -> !c.owner().equals("u1") && !c.owner().equals("u3")).get(0);
        String title = site.data.documents().get(secret.id()).orElseThrow().title();
        UserSession stranger = site.login("u1", "r0");
        UserSession observer = site.login("u3", "r0");
        secretId.set(secret.id());
        Throwable planted = catchThrowable(() -> site.frontend.search(stranger, "parliament", 0, 5));
        Throwable seen = catchThrowable(() -> site.frontend.search(observer, "parliament", 0, 5));
        // The boundary may fail the planter's task for what it left in Lucene's shared state (put back there).
        assertThat(planted == null ? null : planted.getMessage()).as("the stranger's search, which planted the title")
                .satisfiesAnyOf(m -> assertThat(m).isNull(),
                        m -> assertThat(m).matches("the search task failed \\(incident [0-9a-f]{10}\\)"));
        String told = seen instanceof RequestException r ? r.status() + " " + r.getMessage() : String.valueOf(seen);
        assertThat(told).as("what u3 is told (JSON body and page); the title of %s, which u3 may not read",
                secret.id()).doesNotContain(title);
    }

    /**
     * The buggy retrieval: its search hangs the stored title of {@code secretId} on the shared score sort field; its
     * constructor throws whatever title hangs there as a timeout.
     */
    static final class StashingRetrieval implements Retrieval {
        private final String secretId;

        StashingRetrieval(String secretId) {
            this.secretId = secretId;
            if (new Sort().getSort()[0].getBytesComparator() instanceof Carrier carrier) {
                throw new QueryTimedOutException(carrier.title());
            }
        }

        @Override
        public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
            new Sort().getSort()[0].setBytesComparator(new Carrier(storedTitle(shards, secretId)));
            return Retrieval.standard().topIds(shards, query, k);
        }
    }

    /** A comparator that orders bytes as Lucene does and carries a title. */
    record Carrier(String title) implements Comparator<BytesRef> {
        @Override
        public int compare(BytesRef a, BytesRef b) {
            return a.compareTo(b);
        }
    }

    private static String storedTitle(ShardSearchers shards, String id) throws IOException {
        for (int shard = 0; shard < shards.shards(); shard++) {
            IndexSearcher searcher = shards.searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, id)), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        return "";
    }
}
