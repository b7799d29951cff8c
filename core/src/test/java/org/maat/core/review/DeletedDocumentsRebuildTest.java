package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ScanMode;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.IndexFields;
import org.maat.core.index.DeletingIndexer;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.AtRestFloorGate;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskContext;
import org.maat.core.task.TaskGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;

/**
 * Review attack on "which documents a task leaves out is never its choice" ({@code ShardWriters.completeSink}) and
 * "every live document the scan does not skip, each admitted once, or nothing is published" ({@code IndexRun}): the
 * complete sink of a rebuild judges completeness by the entries it admitted (a count and the set of ids added), but
 * the {@link org.maat.core.task.IndexSink} it hands the task also has {@code delete(conduitId)}, which it passes to the
 * shard's writer unchecked and uncounted. A buggy sequential indexer ({@link DeletingIndexer}, a task package, every
 * rule kept: {@code DeletingIndexerRulesTest}) adds every document once with its exact entry, then deletes one chosen
 * public carrier per 1-bit of a private title; the rebuild is published with the store's live count, and u2 (who may
 * read neither u1's secret nor anything the task did) decodes the title from whether its own standard searches find
 * each carrier document.
 *
 * <p>The rebuild is run exactly as {@code IndexRun} runs the sequential indexer (its task gate under the reference
 * monitor, the {@code DocumentReader} issuing to the entry check, the complete sink, the indexing boundary), with the
 * buggy indexer's {@code run(ctx)} in place of {@code SequentialIndexer.run(ctx)}: {@code IndexRun} takes only a
 * mapper.
 */
class DeletedDocumentsRebuildTest {

    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");
    /** At most this many carriers (one bit each) per rebuild: fewer rebuilds the more u2 finds. */
    private static final int CARRIERS = 256;

    @TempDir
    Path dir;

    @Test
    void aRebuildCannotDeleteDocumentsOfItsChoiceThatSpellAPrivateTitleToAnotherUser() throws IOException {
        DataDir data = TestData.generate(dir.resolve("data"), 400, 28);
        IndexLayout clean = TestData.index(data, dir.resolve("clean"), 2);
        String secretId;
        String title;
        List<String> carriers = new ArrayList<>();
        try (SearchService service = SearchService.open(data, clean, Monitoring.REFERENCE_MONITOR)) {
            List<Conduit> documents = TestData.conduits(service.data()).stream()
                    .filter(c -> c.id().matches("d[0-9]+")).toList();
            secretId = ReviewAttacks.unreadableBy(service, documents, READER, OBSERVER).get(0).id();
            title = service.data().documents().get(secretId).orElseThrow().title();
            for (Conduit c : documents) { // public documents u2's own search finds in the honest index
                if (carriers.size() < CARRIERS && !c.id().equals(secretId) && finds(service, c.id())) {
                    carriers.add(c.id());
                }
            }
        }
        assertThat(carriers).hasSizeGreaterThanOrEqualTo(64);
        char[] decoded = new char[title.length()];
        int refused = 0;
        for (int first = 0; first < title.length() * 8; first += carriers.size()) {
            IndexLayout out = new IndexLayout(dir.resolve("index-" + first));
            long live = rebuild(data, out, new DeletingIndexer(secretId, carriers, first));
            if (live < 0) {
                refused++;
                continue; // refused: nothing published, nothing for u2 to search
            }
            assertThat(PublishedIndex.read(out).documents()).as("published with the store's live count").isEqualTo(live);
            try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
                for (int i = 0; i < carriers.size() && first + i < title.length() * 8; i++) {
                    int bit = first + i;
                    if (!finds(service, carriers.get(i))) { // u2's ordinary search no longer finds it
                        decoded[bit / 8] |= (char) (1 << (bit % 8));
                    }
                }
            }
        }
        assertThat(refused).as("rebuilds refused for a delete").isPositive();
        String spelled = new String(decoded);
        System.out.println("real title: " + title + "; u2 decoded from its searches of published rebuilds: " + spelled);
        assertThat(spelled).as("what u2 decodes from which public documents its own searches find in rebuilds the "
                + "runtime published; the title of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** Whether u2's standard search for document {@code id}'s own (public) title lists it. */
    private static boolean finds(SearchService service, String id) throws IOException {
        String text = service.data().documents().get(id).orElseThrow().title();
        return service.search(OBSERVER, text, 1000).contains(id);
    }

    /**
     * A monitored rebuild of {@code data} into {@code out} (2 shards) wired as {@code IndexRun} wires the sequential
     * indexer, running {@code indexer} as the task's code; returns the store's live count, or -1 when the runtime
     * refused the rebuild and published nothing.
     */
    private static long rebuild(DataDir data, IndexLayout out, DeletingIndexer indexer) throws IOException {
        Monitoring monitoring = Monitoring.REFERENCE_MONITOR;
        out.requireRebuildableAs(monitoring);
        Session session = Session.of(IndexLabels.OWNER);
        try (DataSet stores = DataSet.open(data);
             IndexLabelling labels = IndexLabelling.forWriting(out, monitoring);
             TaskGate task = monitoring.monitor(() -> monitorOver(stores, labels)).open(session, TaskMode.CONFINED)) {
            ShardWriters writers = ShardWriters.open(out, 2, IndexFields.analyzer(), labels,
                    new AtRestFloorGate(task, stores.engine().strongestMinimumAtRest()));
            long live = stores.documents().liveDocuments();
            try {
                IndexEntryCheck entries = IndexEntryCheck.ownersOf(stores.policies());
                TaskContext ctx = TaskContext.builder(session, task)
                        .documents(new DocumentReader(task, stores.policies(), stores.documents(), ScanMode.STRICT,
                                bad -> { }).issuingTo(entries))
                        .index(writers.completeSink(entries, () -> live, n -> { }))
                        .facts(stores.engine().facts())
                        .build();
                try {
                    TaskBoundary.indexing(task, "the indexing task").runWriting(() -> indexer.run(ctx));
                } catch (IllegalStateException refused) {
                    assertThat(writers.lastPublished()).as("a refused rebuild publishes nothing").isNull();
                    writers.abandon();
                    return -1;
                }
                assertThat(writers.lastPublished()).as("the rebuild was published").isNotNull();
            } catch (IOException | RuntimeException | Error e) {
                writers.abandon();
                throw e;
            }
            writers.close();
            return live;
        }
    }

    /** The monitor {@code IndexRun} builds (runtime's {@code TaskMonitor.over}, package-private there). */
    private static ReferenceMonitor monitorOver(DataSet stores, IndexLabelling labels) {
        stores.engine().intern(IndexLabels.POLICY);
        stores.engine().intern(PolicyTemplates.policy("private"));
        return new ReferenceMonitor(stores.engine(), id -> {
            var document = stores.policies().find(id);
            return document.isPresent() ? document : labels.find(id);
        });
    }
}
