package org.maat.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.search.QueryTooExpensiveException;
import org.maat.core.search.SearchComponents;
import org.maat.core.search.SearchTask;
import org.maat.core.task.Monitoring;
import org.maat.core.task.RankedId;
import org.maat.core.task.ResultChannel;
import org.maat.core.task.TaskFailedException;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/**
 * Attacks on the task boundary of a real monitored search: buggy search tasks that put another user's
 * private title into whatever they throw (message, cause chain, suppressed exceptions, a custom
 * {@link Throwable}, a forged monitor refusal or timeout), and tasks that release ids without reading
 * anything. Random exception shapes, random titles and random sessions from a fixed seed; the caller
 * must see only runtime text and only ids its session may read.
 */
class TaskBoundaryAttackTest {

    /** The runtime's words for a refused output: the same whichever id was listed and why it was refused. */
    private static final String REFUSED = "the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)";

    @TempDir
    static Path dir;

    private static SearchService service;
    private static List<Conduit> documents;

    @BeforeAll
    static void indexAndOpen() throws IOException {
        DataDir data = TestData.generate(dir, 160, 28);
        IndexLayout index = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @AfterAll
    static void close() throws IOException {
        service.close();
    }

    /** A user's title the session may not read, made unique so any copy of it is found. */
    private static String privateTitle(Random random, Session session) {
        try (Task checker = service.monitor().open(session, TaskMode.UNCONFINED)) {
            while (true) {
                Conduit c = documents.get(random.nextInt(documents.size()));
                if (!checker.mayRead(c)) {
                    String title = service.data().documents().get(c.id()).orElseThrow().title();
                    return "owner=" + c.owner() + " title=" + title + " #" + Long.toHexString(random.nextLong());
                }
            }
        }
    }

    private static Session randomSession(Random random) {
        return Session.of("u" + random.nextInt(TestData.SPEC.users()), random.nextBoolean() ? "r0" : "r1");
    }

    /** A throwable of a random kind with {@code secret} somewhere in it: its message, a cause, a suppressed one. */
    static Throwable buggy(Random random, String secret, int depth) {
        String text = random.nextBoolean() ? secret : "lookup failed";
        Throwable t = switch (random.nextInt(10)) {
            case 0 -> new IllegalArgumentException("bad input: " + text);
            case 1 -> new IllegalStateException(text);
            case 2 -> new IOException("cannot read " + text);
            case 3 -> new UncheckedIOException(new IOException(text));
            case 4 -> new Custom(text);
            case 5 -> new AssertionError(text);
            case 6 -> new QueryTimedOutException(text);
            case 7 -> new QueryTooExpensiveException(text);
            case 8 -> new PolicyViolation("r/1", org.maat.policy.lang.Permission.DECLASSIFY, null, null, text, null);
            default -> new IndexSearcher.TooManyClauses(text);
        };
        if (depth > 0 && t.getCause() == null && random.nextBoolean()) {
            t.initCause(buggy(random, secret, depth - 1));
        }
        if (depth > 0 && random.nextBoolean()) {
            t.addSuppressed(buggy(random, secret, depth - 1));
        }
        if (!text.equals(secret) && t.getCause() == null && t.getSuppressed().length == 0) {
            t.addSuppressed(new RuntimeException(secret));
        }
        return t;
    }

    /** A task's own throwable type, outside any hierarchy the runtime knows. */
    static final class Custom extends Throwable {
        Custom(String message) {
            super(message);
        }
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> void sneakyThrow(Throwable t) throws E {
        throw (E) t;
    }

    /** Everything a caller could print of {@code thrown}: message, causes, suppressed, stack. */
    static String everything(Throwable thrown) {
        StringWriter out = new StringWriter();
        thrown.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    @Test
    void whateverABuggyTaskThrowsTheCallerSeesOnlyRuntimeText() {
        Random random = new Random(28);
        int failed = 0;
        for (int round = 0; round < 60; round++) {
            Session session = randomSession(random);
            String secret = privateTitle(random, session);
            Throwable planted = buggy(random, secret, 2);
            int when = random.nextInt(3);
            Throwable seen = catchThrowable(() -> service.run(session, "parliament", ctx -> {
                if (when > 0) {
                    // reads the index, releases a list
                    new SearchTask(SearchComponents.standard().newSearch(new org.maat.core.task.AccessCaches()), 5).run(ctx);
                }
                if (when > 1) {
                    try {
                        ctx.results().writeIds(List.of(documents.get(0).id(), documents.get(1).id()));
                    } catch (PolicyViolation swallowed) {
                        // a buggy task carries on after a refusal, or dresses the refusal up with a title
                        if (random.nextBoolean()) {
                            swallowed.addSuppressed(new IllegalStateException(secret));
                            throw swallowed;
                        }
                    }
                }
                sneakyThrow(planted);
            }));
            assertThat(seen).as("round %d: %s", round, planted).isNotNull();
            assertThat(everything(seen)).as("round %d: what the caller sees of %s", round, planted)
                    .doesNotContain(secret).doesNotContain("#" + secret.substring(secret.lastIndexOf('#') + 1));
            assertThat(seen.getCause()).isNull();
            assertThat(seen.getSuppressed()).isEmpty();
            assertThat(seen).isInstanceOfAny(TaskFailedException.class, QueryTooExpensiveException.class,
                    PolicyViolation.class);
            if (seen instanceof TaskFailedException) {
                failed++;
                assertThat(seen.getMessage()).matches("the search task failed \\(incident [0-9a-f]{10}\\)");
            }
            if (seen instanceof PolicyViolation) {
                assertThat(when).as("only a release the monitor refused ends refused").isEqualTo(2);
            }
        }
        assertThat(failed).as("rounds that ended in the boundary's own failure").isGreaterThan(20);
    }

    @Test
    void aTaskThatCatchesARefusalAndReturnsNormallyStillEndsRefusedWithNothingDelivered() throws IOException {
        Random random = new Random(7);
        Session session = randomSession(random);
        Conduit unreadable = unreadableBy(session, random);
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        Throwable seen = catchThrowable(() -> service.run(session, "uniq" + unreadable.id().substring(1), ctx -> {
            channel.set(ctx.results());
            try {
                ctx.results().writeIds(List.of(unreadable.id()));
            } catch (PolicyViolation swallowed) {
                ctx.results().writeIds(List.of()); // carries on with other output
            }
        }));
        assertThat(seen).isInstanceOf(PolicyViolation.class).hasMessageMatching(REFUSED);
        assertThat(channel.get().deliveredIds()).isEmpty();
    }

    private static Conduit unreadableBy(Session session, Random random) {
        try (Task checker = service.monitor().open(session, TaskMode.UNCONFINED)) {
            while (true) {
                Conduit c = documents.get(random.nextInt(documents.size()));
                if (!checker.mayRead(c)) {
                    return c;
                }
            }
        }
    }

    /**
     * A task that writes ids without reading the index carries no taint: each id is still checked against
     * the session's read policy, and only a released id is scored. Random sessions and documents; each
     * document is searched by its unique word, so the ranking would score it if it were released.
     */
    @Test
    void anUntaintedTaskReleasesOnlyIdsTheSessionMayReadAndOnlyThoseAreScored() throws IOException {
        Random random = new Random(281);
        int refused = 0;
        int released = 0;
        for (int round = 0; round < 80; round++) {
            Session session = randomSession(random);
            Conduit target = documents.get(random.nextInt(documents.size()));
            boolean readable;
            try (Task checker = service.monitor().open(session, TaskMode.UNCONFINED)) {
                readable = checker.mayRead(target);
            }
            AtomicReference<ResultChannel> channel = new AtomicReference<>();
            Throwable seen = catchThrowable(() -> service.run(session, "uniq" + target.id().substring(1), ctx -> {
                channel.set(ctx.results());
                ctx.results().writeIds(List.of(target.id())); // no read: the task's taint is empty
            }));
            if (readable) {
                released++;
                assertThat(seen).as("%s releasing %s", session, target.id()).isNull();
                assertThat(channel.get().deliveredRanked()).extracting(RankedId::id).containsExactly(target.id());
                assertThat(channel.get().deliveredRanked().get(0).score()).isPositive();
            } else {
                refused++;
                assertThat(seen).as("%s releasing %s", session, target.id()).isInstanceOf(PolicyViolation.class)
                        .hasMessageMatching(REFUSED);
                assertThat(channel.get().deliveredIds()).isEmpty();
                assertThat(channel.get().deliveredRanked()).as("scores computed for an unreadable id").isEmpty();
            }
        }
        assertThat(refused).isGreaterThan(10);
        assertThat(released).isGreaterThan(10);
    }

    @Test
    void aThreadTheTaskLeavesBehindCannotWriteAfterTheTaskEnded() throws Exception {
        Session session = Session.of("u1", "r0");
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        List<String> released = service.run(session, "parliament", ctx -> channel.set(ctx.results()));
        assertThat(released).isEmpty();
        AtomicReference<Throwable> late = new AtomicReference<>();
        List<String> readable = new ArrayList<>(service.search(session, "parliament", 1));
        Thread leftBehind = new Thread(() -> late.set(catchThrowable(() -> channel.get().writeIds(readable))));
        leftBehind.start();
        leftBehind.join();
        assertThat(late.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("has ended");
        assertThat(channel.get().deliveredIds()).isEmpty();
    }

    /**
     * Task code that interrupts its own thread without naming {@code Thread}: a {@code FutureTask} cancelling
     * itself while it runs interrupts its runner, and neither it nor anything after clears the flag.
     */
    static void interruptMyself() {
        @SuppressWarnings("unchecked")
        FutureTask<Void>[] self = new FutureTask[1];
        self[0] = new FutureTask<>(() -> {
            self[0].cancel(true);
            return null;
        });
        self[0].run();
    }

    @Test
    void aTaskThatLeavesItsThreadInterruptedFailsInRuntimeWordsAndTheThreadComesBackClean() throws IOException {
        Random random = new Random(2812);
        for (int i = 0; i < 12; i++) {
            Session session = randomSession(random);
            String secret = privateTitle(random, session);
            int shape = random.nextInt(3);
            Throwable thrown = catchThrowable(() -> service.run(session, "parliament budget", ctx -> {
                ctx.searchers().searcher(0).search(new org.apache.lucene.search.MatchAllDocsQuery(), 3); // reads, tainted
                interruptMyself();
                switch (shape) {
                    case 0 -> ctx.results().writeIds(List.of());
                    case 1 -> sneakyThrow(new IllegalStateException(secret));
                    default -> {
                        // returns with nothing written
                    }
                }
            }));
            boolean interrupted = Thread.interrupted();
            assertThat(interrupted).as("the thread the task ran on, after the boundary (shape %d)", shape).isFalse();
            assertThat(thrown).as("shape %d", shape).isInstanceOf(TaskFailedException.class)
                    .hasMessageMatching("the search task failed \\(incident [0-9a-f]{10}\\)");
            assertThat(everything(thrown)).doesNotContain(secret);
            // The runtime's own next step on the same thread: a search with its snippets, which reads the store.
            List<String> ids = service.search(session, "parliament budget", 3);
            assertThat(service.hits(session, ids, "parliament budget")).hasSize(ids.size());
        }
    }

    @Test
    void aTaskThatDoesNotInterruptItsThreadIsUnchangedByTheCheck() throws IOException {
        Session session = Session.of("u1", "r0");
        List<String> released = service.run(session, "parliament", ctx -> ctx.results().writeIds(List.of()));
        assertThat(released).isEmpty();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
