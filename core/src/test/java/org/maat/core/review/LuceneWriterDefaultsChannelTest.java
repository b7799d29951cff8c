package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.util.InfoStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.search.WriterDefaultsTrojan;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "JVM-wide library settings" / "any Throwable of task code becomes runtime text" / "after every
 * task the boundary puts back any [setting] it changed". {@code LibraryState} pins Lucene's clause limit and default
 * query cache, the locale and the time zone; Lucene has other JVM-wide defaults with public static setters that it
 * neither pins nor checks, and that the rules on task code do not name: {@code InfoStream.setDefault} (taken by every
 * {@code IndexWriterConfig} made later), {@code Codec.setDefault} (the codec of every later writer). A search task of u1 reads a
 * title neither u1 may read, leaves it in such a default inside an object of its own class, and ends normally with
 * nothing released: the boundary sees nothing. Later in the same JVM the runtime opens an in-place update of the
 * index (what the front-end does for a user's account disguise, in the process that serves the searches): the
 * writer it opens runs the planted code, outside any task boundary, and the update fails with the title as its
 * exception text, which goes to the update's caller (the disguise, the operator, their logs).
 */
class LuceneWriterDefaultsChannelTest {

    @TempDir
    Path dir;

    private IndexLayout layout;
    private SearchService service;
    private List<Conduit> documents;

    /** A fresh index per attack: a failed writer may leave a shard's write lock held in this JVM. */
    @BeforeEach
    void indexAndOpen() throws IOException {
        DataDir data = TestData.generate(dir, 200, 28);
        layout = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @AfterEach
    void putLuceneBackAndClose() throws IOException {
        InfoStream.setDefault(InfoStream.NO_OUTPUT);
        service.close();
    }

    @Test
    void aTitleASearchTaskLeftInLucenesDefaultInfoStreamNeverReachesALaterIndexUpdatesCaller() throws IOException {
        assertLaterUpdateNeverCarriesTheTitle(WriterDefaultsTrojan::plantInfoStream);
    }

    @FunctionalInterface
    private interface Plant {
        void plant(String title);
    }

    private void assertLaterUpdateNeverCarriesTheTitle(Plant plant) throws IOException {
        Session u1 = Session.of("u1", "r0");
        Conduit secret = ReviewAttacks.unreadableBy(service, documents, u1).get(0);
        String title = service.data().documents().get(secret.id()).orElseThrow().title();
        assertThat(title).isNotBlank();

        // u1's buggy search: reads the title (it may, confined), plants it, releases nothing, ends normally
        List<String> released = service.run(u1, "parliament", (TaskContext ctx) -> {
            plant.plant(ReviewAttacks.storedTitle(ctx.searchers(), secret.id()));
            ctx.results().writeIds(List.of());
        });
        assertThat(released).isEmpty();

        // later, in the same process: the runtime's in-place update of the index (a disguise's, the operator's)
        Throwable failure = catchThrowable(() -> {
            try (IndexUpdate update = IndexUpdate.open(service.data(), layout, Monitoring.REFERENCE_MONITOR)) {
                update.delete(documents.get(0).id());
                update.publish();
            }
        });
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append(t).append('\n');
        }
        System.out.println("the update's caller got: " + text);
        assertThat(text.toString()).as("the text of the runtime's later index update; the title of %s, which u1 "
                + "may not read and which no task released", secret.id()).doesNotContain(title);
    }
}
