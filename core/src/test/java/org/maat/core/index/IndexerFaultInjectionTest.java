package org.maat.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.store.Batch;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.templates.PolicyTemplates;

/** Thoth's faulty-indexer experiments (section 6.3), each in a real indexing run and real searches. */
class IndexerFaultInjectionTest {

    @TempDir
    Path dir;

    @Test
    void documentsIndexedUnderTheWrongOwnerNeverReachASessionThatMayNotReadThem() throws IOException {
        DataDir data = TestData.generate(dir, 300, 31);
        // The bug (the attribute mix-up Thoth reproduced): each document is indexed with the owner
        // attribute of the document before it.
        String[] previousOwner = {"u0"};
        DocumentMapper wrongOwner = d -> {
            var lucene = IndexFields.document(d, previousOwner[0]);
            previousOwner[0] = d.conduit().owner();
            return lucene;
        };
        IndexLayout index = new IndexLayout(dir.resolve("index"));
        new IndexRun(wrongOwner).run(data, index, 2, Monitoring.REFERENCE_MONITOR, n -> { });

        int released = 0;
        int refused = 0;
        try (SearchService service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            for (int u = 0; u < TestData.SPEC.users(); u++) {
                Session session = Session.of("u" + u, "r1");
                for (String query : List.of("budget", "water climate", "parliament")) {
                    try (Task checker = service.monitor().open(session, TaskMode.UNCONFINED)) {
                        List<String> ids = service.search(session, query, 10);
                        for (String id : ids) {
                            assertThat(checker.mayRead(service.data().policies().find(id).orElseThrow()))
                                    .as("%s released to %s", id, session).isTrue();
                        }
                        released++;
                    } catch (PolicyViolation refusal) {
                        assertThat(refusal.getMessage()).matches("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
                        refused++;
                    }
                }
            }
        }
        assertThat(refused).as("searches whose result named a mislabelled document").isGreaterThan(5);
        assertThat(released).as("searches with only readable results").isGreaterThan(5);
    }

    @Test
    void anIndexerConfiguredToIndexSearchHistoriesIsRefusedAtItsFirstIndexWrite() throws IOException {
        DataDir documents = TestData.generate(dir, 50, 32);
        IndexLayout index = new IndexLayout(dir.resolve("index"));
        IndexRun.standard().run(documents, index, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        long published;
        try (IndexLabels labels = IndexLabels.open(index)) {
            published = labels.published().orElseThrow().documents();
        }

        DataDir histories = historiesDataDir(dir.resolve("histories"), 20);
        assertThatThrownBy(() -> IndexRun.standard().run(histories, index, 2, Monitoring.REFERENCE_MONITOR, n -> { }))
                .isInstanceOf(PolicyViolation.class)
                .hasMessageContaining("the task read conduit d0 (\"history/u0/0\", owner u0)")
                .hasMessageContaining("whose declassify rule does not allow this flow")
                .hasMessageContaining("destNameIs");
        // The published index is still the documents' one, and searchable.
        try (IndexLabels labels = IndexLabels.open(index)) {
            assertThat(labels.published().orElseThrow().documents()).isEqualTo(published);
        }
        try (SearchService service = SearchService.open(documents, index, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.search(Session.of("u1"), "budget", 5)).isNotEmpty();
        }
    }

    /** A data directory whose "documents" are users' search histories, under the history policy. */
    private static DataDir historiesDataDir(Path root, int count) throws IOException {
        DataDir data = DataDir.at(root);
        Files.createDirectories(root);
        String text = PolicyPrinter.print(PolicyTemplates.policy("history"));
        PolicyId history = PolicyId.ofCanonicalText(text);
        try (ConduitStoreWriter writer = ConduitStore.create(data.documents());
             PolicyStore store = PolicyStore.open(data.policyStore())) {
            Batch batch = store.batch().putPolicy(history, text);
            for (int i = 0; i < count; i++) {
                String user = "u" + (i % 5);
                Document d = writer.append("searches of " + user, "2012-04-01", "budget fishing water query " + i);
                batch.putConduit(new Conduit(d.id(), "history/" + user + "/" + i, user, history,
                        Map.of("template", "history")));
            }
            writer.commit();
            batch.commit();
        }
        data.writeManifest(new Manifest("histories", count, 0, 5, 0, "0/0/0", false, 0, List.of("r0"), "r0", 0,
                List.of(), 0, 1));
        return data;
    }

}
