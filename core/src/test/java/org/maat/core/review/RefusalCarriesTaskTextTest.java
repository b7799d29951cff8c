package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.PolicyViolation;

/**
 * Review attack on the task boundary's refusal path. The boundary promises that a refusal the caller gets is
 * the monitor's own text ("written by the monitor from labels: ids, rules, owners"), never task data. But the
 * monitor's refusal of a released list QUOTES the listed string when it is not a conduit id
 * ({@code '<id>' in the list is not an existing conduit id}), and names the unreadable conduit the task chose.
 * A buggy task that read another user's private title simply "releases" the title as an id: the monitor refuses,
 * and the refusal, carrying the title verbatim, is what the boundary rethrows to the caller (in process, the
 * CLI's stderr, the shard's 403 body; see server's review test).
 */
class RefusalCarriesTaskTextTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(160, 28);

    private static Session stranger() {
        return Session.of("u1", "r0");
    }

    static String everything(Throwable thrown) {
        StringWriter out = new StringWriter();
        thrown.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    @Test
    void aTaskThatReleasesAPrivateTitleAsAnIdDoesNotGetItIntoTheRefusal() {
        Session session = stranger();
        Conduit secretDoc = review.unreadableBy(session).get(0);
        String secret = "owner=" + secretDoc.owner() + " title=" + review.title(secretDoc.id());
        Throwable seen = catchThrowable(() -> review.service().run(session, "parliament",
                ctx -> ctx.results().writeIds(List.of(secret))));
        assertThat(seen).isNotNull();
        assertThat(everything(seen)).as("what the caller of the search sees of the refusal")
                .doesNotContain(secret).doesNotContain(review.title(secretDoc.id()));
    }

    @Test
    void aBuggyRetrievalReturningATitleDoesNotGetItIntoTheRefusal() {
        Session session = stranger();
        Conduit secretDoc = review.unreadableBy(session).get(1);
        String title = review.title(secretDoc.id());
        SearchService buggy = review.service().withComponents(SearchComponents.standard().withRetrieval(() -> 
                (shards, q, k) -> List.of("leak:" + title)));
        Throwable seen = catchThrowable(() -> buggy.search(session, "budget", 5));
        assertThat(seen).isNotNull();
        assertThat(everything(seen)).doesNotContain("leak:" + title);
    }

    @Test
    void anInProcessShardsRefusalDoesNotCarryTheTitle() throws IOException {
        Session session = stranger();
        Conduit secretDoc = review.unreadableBy(session).get(2);
        String title = review.title(secretDoc.id());
        try (ShardIndex shards = review.openShards()) {
            var buggy = shards.shard(0).withComponents(SearchComponents.standard().withRetrieval(() -> 
                    (s, q, k) -> List.of("leak:" + title)));
            Throwable seen = catchThrowable(() -> buggy.search(new ShardQuery(session.principal(), "r0", "budget", 5)));
            assertThat(seen).isNotNull();
            assertThat(everything(seen)).doesNotContain("leak:" + title);
        }
    }

    /**
     * Beyond a verbatim string: the refused conduit's id is the task's choice among every unreadable document,
     * i.e. log2(#unreadable) bits per query, not "a few". Spelled out over one query per character, the caller
     * reconstructs the title from refusal texts alone.
     */
    @Test
    void theChoiceOfWhichUnreadableIdIsRefusedDoesNotSpellOutATitle() {
        Session session = stranger();
        List<Conduit> unreadable = review.unreadableBy(session);
        assertThat(unreadable.size()).as("enough unreadable documents to carry a character").isGreaterThan(40);
        Conduit secretDoc = unreadable.get(3);
        String title = review.title(secretDoc.id());
        String alphabet = " abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        StringBuilder recovered = new StringBuilder();
        for (int i = 0; i < title.length(); i++) {
            int position = i;
            Throwable seen = catchThrowable(() -> review.service().run(session, "parliament", ctx -> {
                int code = Math.max(0, alphabet.indexOf(title.charAt(position)));
                ctx.results().writeIds(List.of(unreadable.get(code % unreadable.size()).id()));
            }));
            assertThat(seen).isInstanceOf(PolicyViolation.class);
            String refused = ((PolicyViolation) seen).conduitId();
            for (int c = 0; c < unreadable.size(); c++) {
                if (unreadable.get(c).id().equals(refused) && c < alphabet.length()) {
                    recovered.append(alphabet.charAt(c));
                }
            }
        }
        assertThat(recovered.toString()).as("the title as decoded by the caller from which id each refusal names")
                .isNotEqualTo(title);
    }

    /** The same id channel, seen in the message (what a shard's 403 body and the CLI print). */
    @Test
    void theRefusalTextDoesNotDependOnWhichUnreadableIdTheTaskListed() {
        Session session = stranger();
        List<Conduit> unreadable = review.unreadableBy(session);
        Random random = new Random(28);
        Conduit a = unreadable.get(random.nextInt(unreadable.size()));
        Conduit b;
        do {
            b = unreadable.get(random.nextInt(unreadable.size()));
        } while (b.equals(a));
        Conduit first = a;
        Conduit second = b;
        Throwable seenA = catchThrowable(() -> review.service().run(session, "parliament",
                ctx -> ctx.results().writeIds(List.of(first.id()))));
        Throwable seenB = catchThrowable(() -> review.service().run(session, "parliament",
                ctx -> ctx.results().writeIds(List.of(second.id()))));
        String textA = seenA.getMessage().replaceAll("[rq]/[0-9]+|/[0-9]+\\)", "")
                .replaceAll("incident [0-9a-f]+", "incident"); // random per refusal, chosen by no task
        String textB = seenB.getMessage().replaceAll("[rq]/[0-9]+|/[0-9]+\\)", "")
                .replaceAll("incident [0-9a-f]+", "incident"); // random per refusal, chosen by no task
        assertThat(textA).as("the refusal of %s vs of %s", first.id(), second.id()).isEqualTo(textB);
    }

    /**
     * The operator log: the boundary says "under the monitor the original goes nowhere: the operator log gets
     * the incident id alone (a task's taint allows no flow to the log)". The monitor's own WARN of the refusal
     * quotes the listed string, so the title lands in the log anyway.
     */
    @Test
    void theOperatorLogDoesNotGetATitleTheTaskListed() {
        Session session = stranger();
        Conduit secretDoc = review.unreadableBy(session).get(4);
        String secret = "logged:" + review.title(secretDoc.id());
        String logged = capturingStandardError(() -> catchThrowable(() -> review.service().run(session, "parliament",
                ctx -> ctx.results().writeIds(List.of(secret)))));
        assertThat(logged).as("what the operator log got").doesNotContain(secret);
    }

    /** Shapes the existing attack does not draw: Errors, lazy or throwing text, a declared kind's subclass. */
    @Test
    void errorsLazyTextAndDeclaredKindSubclassesEndAsRuntimeText() {
        Session session = stranger();
        Conduit secretDoc = review.unreadableBy(session).get(5);
        String secret = "shape:" + review.title(secretDoc.id());
        List<Throwable> shapes = List.of(
                new StackOverflowError(secret),
                new OutOfMemoryError(secret),
                new LinkageError(secret, new RuntimeException(secret)),
                new Error() {
                    @Override
                    public String getMessage() {
                        return secret;
                    }

                    @Override
                    public String toString() {
                        return secret;
                    }
                },
                new RuntimeException() {
                    @Override
                    public String getMessage() {
                        throw new IllegalStateException(secret);
                    }
                },
                new org.apache.lucene.search.IndexSearcher.TooManyClauses(secret) {
                    @Override
                    public String toString() {
                        return secret;
                    }
                },
                new ExceptionInInitializerError(new RuntimeException(secret)));
        for (Throwable shape : shapes) {
            java.util.concurrent.atomic.AtomicReference<Throwable> seen = new java.util.concurrent.atomic.AtomicReference<>();
            String logged = capturingStandardError(() -> seen.set(catchThrowable(() -> review.service().run(session,
                    "parliament", ctx -> {
                        new org.maat.core.search.SearchTask(SearchComponents.standard().newSearch(
                                new org.maat.core.task.AccessCaches()), 5).run(ctx); // a good release first
                        RefusalCarriesTaskTextTest.<RuntimeException>sneaky(shape);
                    }))));
            assertThat(seen.get()).as("%s", shape.getClass()).isNotNull();
            assertThat(everything(seen.get())).as("caller text for %s", shape.getClass()).doesNotContain(secret);
            assertThat(seen.get().getCause()).isNull();
            assertThat(logged).as("log for %s", shape.getClass()).doesNotContain(secret);
        }
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> void sneaky(Throwable t) throws E {
        throw (E) t;
    }

    private static String capturingStandardError(Runnable action) {
        java.io.PrintStream original = System.err;
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
