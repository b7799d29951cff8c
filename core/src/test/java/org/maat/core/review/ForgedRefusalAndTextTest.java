package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskContext;
import org.maat.core.task.TaskFailedException;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/**
 * Shapes beside the refusal tests already in place: a task that builds its own {@link PolicyViolation} (title in
 * the conduit id, the summary and the session), a task that releases the title through {@code writeText}, a task
 * that throws Lucene's {@code TooManyClauses} (a declared kind) with the title attached, and a task that throws
 * after a refusal it caught. Each must reach the caller as runtime text only.
 */
class ForgedRefusalAndTextTest {

    @TempDir
    static Path dir;

    private static SearchService service;
    private static Conduit secretDoc;
    private static String title;
    private static final Session STRANGER = Session.of("u1", "r0");

    @BeforeAll
    static void indexAndOpen() throws IOException {
        DataDir data = TestData.generate(dir, 160, 28);
        service = SearchService.open(data, TestData.index(data, dir.resolve("index"), 2), Monitoring.REFERENCE_MONITOR);
        List<Conduit> unreadable = new ArrayList<>();
        try (Task checker = service.monitor().open(STRANGER, TaskMode.UNCONFINED)) {
            TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+"))
                    .filter(c -> !checker.mayRead(c)).forEach(unreadable::add);
        }
        secretDoc = unreadable.get(0);
        title = service.data().documents().get(secretDoc.id()).orElseThrow().title();
    }

    @AfterAll
    static void close() throws IOException {
        service.close();
    }

    private static String storedTitle(TaskContext ctx) throws IOException {
        for (int shard = 0; shard < ctx.searchers().shards(); shard++) {
            IndexSearcher searcher = ctx.searchers().searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, secretDoc.id())), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        throw new IllegalStateException("not found");
    }

    private static String everything(Throwable thrown) {
        StringWriter out = new StringWriter();
        thrown.printStackTrace(new PrintWriter(out));
        String more = thrown instanceof PolicyViolation v
                ? " " + v.conduitId() + " " + v.session() + " " + v.policy() + " " + v.explanation() : "";
        return out + more + " " + thrown.getClass().getName();
    }

    @Test
    void aPolicyViolationTheTaskBuiltItselfReachesTheCallerAsRuntimeText() {
        Throwable seen = catchThrowable(() -> service.run(STRANGER, "parliament", ctx -> {
            String t = storedTitle(ctx);
            throw new PolicyViolation(t, Permission.DECLASSIFY, null, Session.of(t, t), "refused: " + t, null);
        }));
        assertThat(seen).isInstanceOf(TaskFailedException.class);
        assertThat(everything(seen)).doesNotContain(title);
    }

    @Test
    void writeTextOfATitleIsRefusedInRuntimeWords() {
        Throwable seen = catchThrowable(() -> service.run(STRANGER, "parliament",
                ctx -> ctx.results().writeText(storedTitle(ctx))));
        assertThat(seen).as("a tainted task's text").isNotNull();
        assertThat(everything(seen)).doesNotContain(title);
    }

    @Test
    void aDeclaredKindThrownByTheTaskCarriesNothingOfIt() {
        Throwable seen = catchThrowable(() -> service.run(STRANGER, "parliament", ctx -> {
            IndexSearcher.TooManyClauses thrown = new IndexSearcher.TooManyClauses();
            thrown.addSuppressed(new IllegalStateException(storedTitle(ctx)));
            thrown.initCause(new RuntimeException(storedTitle(ctx)));
            throw thrown;
        }));
        assertThat(seen).isNotNull();
        assertThat(everything(seen)).doesNotContain(title);
    }

    @Test
    void aTaskThatThrowsTheTitleAfterCatchingARefusalEndsRefusedInRuntimeWords() {
        Throwable seen = catchThrowable(() -> service.run(STRANGER, "parliament", ctx -> {
            String t = storedTitle(ctx);
            try {
                ctx.results().writeIds(List.of(secretDoc.id()));
            } catch (PolicyViolation refused) {
                refused.addSuppressed(new IllegalStateException(t));
                throw new IllegalStateException(t, refused);
            }
        }));
        assertThat(seen).isInstanceOf(PolicyViolation.class);
        assertThat(everything(seen)).doesNotContain(title);
    }
}
