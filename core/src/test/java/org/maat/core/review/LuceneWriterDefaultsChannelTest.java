package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.InfoStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.search.CodecTrojan;
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
 * exception text, which goes to the update's caller (the disguise, the operator, their logs). With the default codec
 * instead, the planted code writes the segments of that update's merge, and another user's standard search results
 * of the index as then published spell the title.
 */
class LuceneWriterDefaultsChannelTest {

    private static final Codec REAL_CODEC = Codec.getDefault();

    @TempDir
    Path dir;

    private DataDir data;
    private IndexLayout layout;
    private SearchService service;
    private List<Conduit> documents;

    /** A fresh index per attack: a failed writer may leave a shard's write lock held in this JVM. */
    @BeforeEach
    void indexAndOpen() throws IOException {
        data = TestData.generate(dir, 600, 28);
        layout = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @AfterEach
    void putLuceneBackAndClose() throws IOException {
        InfoStream.setDefault(InfoStream.NO_OUTPUT);
        Codec.setDefault(REAL_CODEC);
        service.close();
    }

    @Test
    void aTitleASearchTaskLeftInLucenesDefaultInfoStreamNeverReachesALaterIndexUpdatesCaller() throws IOException {
        assertLaterUpdateNeverCarriesTheTitle(WriterDefaultsTrojan::plantInfoStream);
    }

    /**
     * The same channel into the published index and so into another user's results: u1's search task makes Lucene's
     * default codec one of its own ({@link CodecTrojan}: the real codec's name and files, so every reader opens what it
     * writes) that leaves the public carrier {@code i} out of every term's postings when bit {@code i} of the title is
     * 1. Later an in-place update deletes one document of each shard (as a disguise does): its merge of deletes rewrites
     * each shard's segment through the planted codec. u2's ordinary searches of the index as then published, one per
     * carrier's title number, spell the title.
     */
    @Test
    void aCodecASearchTaskLeftAsLucenesDefaultNeverSpellsATitleIntoAnotherUsersResults() throws IOException {
        Session u1 = Session.of("u1", "r0");
        Session u2 = Session.of("u2", "r0");
        Conduit secret = ReviewAttacks.unreadableBy(service, documents, u1, u2).stream()
                .min(Comparator.comparingInt(c -> title(c).length())).orElseThrow();
        String title = title(secret);
        List<String> carriers = PublicCarriers.byNumber(service, documents, u2);
        int bits = PublicCarriers.BITS * title.length();
        assertThat(carriers.size()).isGreaterThan(bits);
        // what the update deletes (a disguise's documents): one document of each shard that carries nothing
        List<String> deleted = new ArrayList<>();
        for (int shard = 0; shard < service.index().shards(); shard++) {
            IndexSearcher searcher = service.index().searcher(shard);
            for (Conduit c : documents) {
                if (!carriers.subList(0, bits).contains(c.id()) && !c.id().equals(secret.id())
                        && searcher.count(new TermQuery(new Term(IndexFields.ID, c.id()))) > 0) {
                    deleted.add(c.id());
                    break;
                }
            }
        }
        assertThat(deleted).hasSize(service.index().shards());

        // u1's buggy search: reads the title, plants the codec, releases nothing, ends normally
        // The boundary puts the default back after the task and fails it: nothing is released either way.
        List<String> released = releasedOrFailed(() -> service.run(u1, "parliament", (TaskContext ctx) -> {
            CodecTrojan.plant(PublicCarriers.hidden(ReviewAttacks.storedTitle(ctx.searchers(), secret.id()), carriers));
            ctx.results().writeIds(List.of());
        }));
        assertThat(released).isEmpty();

        // later, in the same process: the runtime's in-place update (a disguise's), which publishes normally
        try (IndexUpdate update = IndexUpdate.open(service.data(), layout, Monitoring.REFERENCE_MONITOR)) {
            for (String id : deleted) {
                update.delete(id);
            }
            update.publish();
        } finally {
            Codec.setDefault(REAL_CODEC);
        }

        // u2's ordinary searches of the index as now published: is carrier i found by its own title number?
        // (the service reopened on the new publication, as a shard follows one)
        service.close();
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        String recovered = PublicCarriers.spelled(title.length(), carriers,
                id -> service.search(u2, id.substring(1), 1000).contains(id));
        System.out.println("real title " + title + ", u2 decoded " + recovered);
        assertThat(recovered).as("what u2 decoded from its own standard result lists after the update; "
                + "the title of %s, which neither u1 nor u2 may read", secret.id()).isNotEqualTo(title);
    }

    private String title(Conduit c) {
        return service.data().documents().get(c.id()).orElseThrow().title();
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
        List<String> released = releasedOrFailed(() -> service.run(u1, "parliament", (TaskContext ctx) -> {
            plant.plant(ReviewAttacks.storedTitle(ctx.searchers(), secret.id()));
            ctx.results().writeIds(List.of());
        }));
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

    /** A search that returns its released ids, or none when the boundary failed the task. */
    @FunctionalInterface
    private interface Search {
        List<String> run() throws IOException;
    }

    private static List<String> releasedOrFailed(Search search) throws IOException {
        try {
            return search.run();
        } catch (org.maat.core.task.TaskFailedException failed) {
            assertThat(failed.getMessage()).matches("the search task failed \\(incident [0-9a-f]{10}\\)");
            return List.of();
        }
    }
}
