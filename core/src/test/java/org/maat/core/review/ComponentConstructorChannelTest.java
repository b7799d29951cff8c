package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.ConstructorTimeoutRetrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "exceptions: whatever the task throws (any type, message, causes, suppressed, stack) is replaced at
 * the boundary by runtime text": the search's parts are task code, and the runtime makes them for each search
 * ({@code SearchService.newTask}: {@code SearchComponents.newSearch} calls the composer, filter and retrieval
 * suppliers, i.e. the parts' constructors) before the task boundary runs anything. What a part's constructor throws
 * reaches the caller as it is. A retrieval whose search (a stranger's, confined, tainted: allowed to read the stored
 * title) hangs a private title on Lucene's JVM-wide score sort field ({@code SortFieldStashChannelTest}) throws it,
 * from its constructor in another session's next search, as a {@link org.maat.core.search.QueryTimedOutException}:
 * the observer's own search fails with the title as its message, in process and through an in-process shard (whose
 * server writes a timeout's message into its 503 body). The test fails when the observer is told the title.
 */
class ComponentConstructorChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final String QUERY = "parliament";

    private Comparator<BytesRef> before;

    @BeforeEach
    void rememberTheSharedComparator() {
        before = SortField.FIELD_SCORE.getBytesComparator();
    }

    @AfterEach
    void putBackTheSharedComparator() {
        SortField.FIELD_SCORE.setBytesComparator(before);
    }

    @Test
    void aPartsConstructorCannotTellAnotherSessionATitleInProcess() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit secret = review.unreadableOnShard0(observer);
        Session planter = strangerTo(secret, observer);
        SearchService attacked = review.service().withComponents(SearchComponents.standard()
                .withRetrieval(() -> new ConstructorTimeoutRetrieval(secret.id())));
        planted(() -> attacked.search(planter, QUERY, 10));
        Throwable told = catchThrowable(() -> attacked.search(observer, QUERY, 10));
        assertNotTold(told, secret);
    }

    @Test
    void aShardPartsConstructorCannotTellAnotherSessionATitle() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit secret = review.unreadableOnShard0(observer);
        Session planter = strangerTo(secret, observer);
        try (ShardIndex shards = review.openShards()) {
            ShardService attacked = shards.shard(0).withComponents(SearchComponents.standard()
                    .withRetrieval(() -> new ConstructorTimeoutRetrieval(secret.id())));
            planted(() -> attacked.search(new ShardQuery(planter.principal(), planter.region(), QUERY, 10)));
            Throwable told = catchThrowable(() -> attacked.search(
                    new ShardQuery(observer.principal(), observer.region(), QUERY, 10)));
            assertNotTold(told, secret);
        }
    }

    /**
     * The planter's search: it may fail, since the boundary fails a task it caught writing the library's shared
     * state (and puts that back); the attack is judged on what the observer is told.
     */
    private static void planted(org.assertj.core.api.ThrowableAssert.ThrowingCallable search) {
        Throwable failed = catchThrowable(search);
        if (failed != null && !(failed instanceof org.maat.core.task.TaskFailedException)) {
            throw new AssertionError("the planter's search failed otherwise than at the boundary", failed);
        }
    }

    /** Another user than the owner and the observer: any confined search task may read the stored title. */
    private static Session strangerTo(Conduit secret, Session observer) {
        for (String user : List.of("u1", "u3", "u4", "u5")) {
            if (!user.equals(secret.owner()) && !user.equals(observer.principal())) {
                return Session.of(user, "r0");
            }
        }
        throw new IllegalStateException("no stranger");
    }

    private static void assertNotTold(Throwable told, Conduit secret) {
        String title = review.title(secret.id());
        assertThat(String.valueOf(told == null ? null : told.getMessage()))
                .as("what the observer's search ended in (%s); the title of %s, which it may not read", told,
                        secret.id())
                .doesNotContain(title);
    }
}
