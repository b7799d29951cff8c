package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.CarrierDeletingUpdates;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;

/**
 * Review attack on "an indexer task's output ... in an in-place update ... an entry holds only its own document's
 * content" (README, "What is guaranteed"): the in-place update hands its task code ({@code DocumentUpdates}) a sink
 * whose {@code delete(conduitId)} reaches the shard's writer for ANY id, unchecked, and its publication counts live
 * documents whatever they are. When the operator re-adds u1's private document (an edit, a disguise's reveal), a buggy
 * {@code DocumentUpdates.add} ({@link CarrierDeletingUpdates}, task package, every rule kept:
 * {@code CarrierDeletingUpdatesRulesTest}) writes the document's exact entry, then deletes one public carrier, still
 * live in the store, per 1-bit of the private title. The update is published; u2, who may not read the private
 * document, decodes its title from which public documents its own standard searches no longer find.
 *
 * <p>The update is wired exactly as {@code IndexUpdate.open}/{@code add}/{@code publish} wire it (the task gate under
 * the reference monitor, {@code ShardWriters.openPublished}, its {@code sink}, the entry check issuing the document,
 * the indexing boundary around each step), with the buggy class in place of {@code DocumentUpdates}, which
 * {@code IndexUpdate} constructs itself.
 */
class UpdateDeletesCarriersTest {

    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");
    private static final int CARRIERS = 256;

    @TempDir
    Path dir;

    @Test
    void anInPlaceUpdateCannotDeleteDocumentsOfItsChoiceThatSpellAPrivateTitleToAnotherUser() throws IOException {
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
            for (Conduit c : documents) {
                if (carriers.size() < CARRIERS && !c.id().equals(secretId) && finds(service, c.id())) {
                    carriers.add(c.id());
                }
            }
        }
        assertThat(carriers).hasSizeGreaterThanOrEqualTo(64);
        char[] decoded = new char[title.length()];
        for (int first = 0; first < title.length() * 8; first += carriers.size()) {
            IndexLayout index = TestData.index(data, dir.resolve("index-" + first), 2); // the published index
            long published = update(data, index, secretId, carriers, first);
            assertThat(PublishedIndex.read(index).documents()).isEqualTo(published);
            try (SearchService service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR)) {
                for (int i = 0; i < carriers.size() && first + i < title.length() * 8; i++) {
                    int bit = first + i;
                    if (!finds(service, carriers.get(i))) {
                        decoded[bit / 8] |= (char) (1 << (bit % 8));
                    }
                }
            }
        }
        String spelled = new String(decoded);
        System.out.println("real title: " + title + "; u2 decoded from its searches after the update: " + spelled);
        assertThat(spelled).as("what u2 decodes from which public documents its own searches find after an in-place "
                + "update re-added %s, whose title neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    private static boolean finds(SearchService service, String id) throws IOException {
        String text = service.data().documents().get(id).orElseThrow().title();
        return service.search(OBSERVER, text, 1000).contains(id);
    }

    /** {@code IndexUpdate.open(...).add(secret); publish()} with the buggy task code; returns the published count. */
    private static long update(DataDir data, IndexLayout layout, String secretId, List<String> carriers, int first)
            throws IOException {
        Monitoring monitoring = Monitoring.REFERENCE_MONITOR;
        try (DataSet stores = DataSet.open(data);
             IndexLabelling labels = IndexLabelling.forWriting(layout, monitoring);
             TaskGate task = monitoring.monitor(() -> monitorOver(stores, labels))
                     .open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            ShardWriters writers = ShardWriters.openPublished(layout, IndexFields.analyzer(), labels, task);
            try {
                IndexEntryCheck entries = IndexEntryCheck.ownersOf(stores.policies());
                CarrierDeletingUpdates updates = new CarrierDeletingUpdates(DocumentMapper.standard(),
                        writers.sink(entries), carriers, first);
                LabelledDocument secret = new LabelledDocument(stores.policies().find(secretId).orElseThrow(),
                        stores.documents().get(secretId).orElseThrow());
                TaskBoundary.indexing(task, "the index update").runWriting(() -> {
                    task.read(secret.conduit());
                    updates.add(entries.issue(secret));
                    return null;
                });
                PublishedIndex[] published = new PublishedIndex[1];
                TaskBoundary.indexing(task, "the index update").runWriting(() -> {
                    published[0] = writers.publishChanges();
                    return null;
                });
                writers.close();
                return published[0].documents();
            } catch (IOException | RuntimeException | Error e) {
                writers.abandon();
                throw e;
            }
        }
    }

    private static ReferenceMonitor monitorOver(DataSet stores, IndexLabelling labels) {
        stores.engine().intern(IndexLabels.POLICY);
        stores.engine().intern(PolicyTemplates.policy("private"));
        return new ReferenceMonitor(stores.engine(), id -> {
            var document = stores.policies().find(id);
            return document.isPresent() ? document : labels.find(id);
        });
    }
}
