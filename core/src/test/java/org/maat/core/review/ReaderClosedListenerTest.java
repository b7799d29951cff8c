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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/**
 * Review attack on "once the task ends its channels are closed" and "any Throwable of task code becomes runtime
 * text". A search task's searcher hands it the runtime's shared {@code IndexReader}; the task registers a
 * {@code ClosedListener} on it, i.e. its own code, run later by the runtime, outside the task's boundary, when the
 * reader closes (the runtime's close; in a shard server, when the next publication replaces the generation,
 * inside another user's search, whose failure the shard server logs with the stack trace). The listener throws
 * the private title it captured: the runtime's close rethrows it, the title in its message, to trusted code that
 * logs exceptions whole.
 */
class ReaderClosedListenerTest {

    @TempDir
    static Path dir;

    private static String everything(Throwable thrown) {
        StringWriter out = new StringWriter();
        thrown.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    @Test
    void codeATaskLeftOnTheSharedReaderDoesNotCarryATitleOutWhenTheRuntimeClosesIt() throws IOException {
        DataDir data = TestData.generate(dir, 160, 28);
        IndexLayout layout = TestData.index(data, dir.resolve("index"), 2);
        Session stranger = Session.of("u1", "r0");
        SearchService service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        Throwable closing;
        String title;
        try {
            List<Conduit> unreadable = new ArrayList<>();
            try (Task checker = service.monitor().open(stranger, TaskMode.UNCONFINED)) {
                TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+"))
                        .filter(c -> !checker.mayRead(c)).forEach(unreadable::add);
            }
            Conduit secretDoc = unreadable.get(0);
            title = service.data().documents().get(secretDoc.id()).orElseThrow().title();
            Throwable ran = catchThrowable(() -> service.run(stranger, "parliament", ctx -> {
                for (int shard = 0; shard < ctx.searchers().shards(); shard++) {
                    IndexSearcher searcher = ctx.searchers().searcher(shard);
                    TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, secretDoc.id())), 1);
                    if (top.scoreDocs.length > 0) {
                        String t = searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
                        searcher.getIndexReader().getReaderCacheHelper().addClosedListener(key -> {
                            throw new IllegalStateException("carried out: " + t);
                        });
                    }
                }
            }));
            assertThat(ran).as("the task itself ended normally").isNull();
        } finally {
            closing = catchThrowable(service::close);
        }
        assertThat(closing == null ? "" : everything(closing)).as("what the runtime's close threw")
                .doesNotContain(title);
    }
}
