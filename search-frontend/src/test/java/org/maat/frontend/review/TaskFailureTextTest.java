package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.shard.ShardService;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * A search that fails must not carry another user's private title to the reader: a buggy search task
 * (in process, behind the task boundary) throwing it in any exception shape, and a shard whose error
 * names it (what a shard server's 400, 500 or 503 body becomes in its client: an
 * {@link IllegalArgumentException} or an {@link IOException} with the body's text). Whatever the reader
 * is told, in the JSON API or on the page (both show the {@link RequestException}'s message), is the
 * front-end's or the runtime's own text. Random titles and exception shapes from a fixed seed.
 */
class TaskFailureTextTest {

    @TempDir
    static Path root;
    static TestSite site;
    /** What the next search's shards do instead of answering; null: answer. */
    static final AtomicReference<Failure> failure = new AtomicReference<>();

    /** One way a search fails, done in place of {@code shard}'s answer. */
    sealed interface Failure {
        ShardResult instead(ShardSearcher shard, ShardQuery query) throws IOException;

        record BuggyTask(Throwable thrown) implements Failure {
            public ShardResult instead(ShardSearcher shard, ShardQuery query) throws IOException {
                return buggyTask((ShardService) shard, thrown).search(query);
            }
        }

        record ShardRejects(String body) implements Failure {
            public ShardResult instead(ShardSearcher shard, ShardQuery query) {
                throw new IllegalArgumentException(body);
            }
        }

        record ShardFails(String body) implements Failure {
            public ShardResult instead(ShardSearcher shard, ShardQuery query) throws IOException {
                throw new IOException("http://127.0.0.1:1 answered 500: " + body);
            }
        }
    }

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> query -> {
            Failure f = failure.get();
            return f == null ? shard.search(query) : f.instead(shard, query);
        });
    }

    /** The shard running a search task whose retrieval reads the index and then throws {@code thrown}. */
    private static ShardSearcher buggyTask(ShardService shard, Throwable thrown) {
        Retrieval standard = Retrieval.standard();
        return shard.withComponents(SearchComponents.standard().withRetrieval(() -> (shards, query, k) -> {
            standard.topIds(shards, query, k);
            TaskBoundaryThrows.sneaky(thrown);
            return List.of();
        }));
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void aFailedSearchShowsTheReaderOnlyRuntimeText() {
        Random random = new Random(2828);
        List<Conduit> secrets = site.documents("private", c -> !c.owner().equals("u3"));
        UserSession reader = site.login("u3", "r0");
        for (int round = 0; round < 30; round++) {
            Conduit c = secrets.get(random.nextInt(secrets.size()));
            String secret = "owner=" + c.owner() + " title=" + site.data.documents().get(c.id()).orElseThrow().title()
                    + " #" + Long.toHexString(random.nextLong());
            Failure f = switch (random.nextInt(3)) {
                case 0 -> new Failure.BuggyTask(TaskBoundaryThrows.random(random, secret));
                case 1 -> new Failure.ShardRejects("bad input: " + secret);
                default -> new Failure.ShardFails("shard-0 failed: IllegalStateException: " + secret);
            };
            failure.set(f);
            Throwable seen;
            try {
                seen = catchThrowable(() -> site.frontend.search(reader, "parliament", 0, 5));
            } finally {
                failure.set(null);
            }
            assertThat(seen).as("round %d: %s", round, f).isInstanceOf(RequestException.class);
            assertThat(seen.getMessage()).as("round %d: what the reader is told of %s", round, f)
                    .doesNotContain(secret).doesNotContain(secret.substring(secret.lastIndexOf('#')))
                    .containsPattern("incident [0-9a-f]{10}");
            assertThat(seen.getCause()).isNull();
        }
        assertThat(catchThrowable(() -> site.frontend.search(reader, "parliament", 0, 5))).isNull();
    }

    /** Random throwables of task code, as a buggy task would throw them. */
    static final class TaskBoundaryThrows {
        private TaskBoundaryThrows() {
        }

        static Throwable random(Random random, String secret) {
            Throwable t = switch (random.nextInt(6)) {
                case 0 -> new IllegalArgumentException("owner check failed: " + secret);
                case 1 -> new IllegalStateException(secret);
                case 2 -> new IOException(secret);
                case 3 -> new UncheckedIOException(new IOException(secret));
                case 4 -> new Throwable(secret) { };
                default -> new RuntimeException("wrapped", new IllegalArgumentException(secret));
            };
            if (random.nextBoolean()) {
                t.addSuppressed(new IllegalStateException(secret));
            }
            return t;
        }

        @SuppressWarnings("unchecked")
        static <E extends Throwable> void sneaky(Throwable t) throws E {
            throw (E) t;
        }
    }
}
