package org.maat.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.templates.PolicyTemplates;
import org.maat.policy.templates.StandardPolicy;

/**
 * In-place updates of a published index, monitored and {@code --no-policy}: what searchers see before
 * and after publication, what the published files still hold of a deleted document, the published
 * count, the monitor's refusal of a document that may not flow into an index, and a rebuild compared
 * with the updates.
 */
class IndexUpdateTest {

    private static final int DOCUMENTS = 120;

    @TempDir
    static Path dir;

    private static DataDir data;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, DOCUMENTS, 15);
    }

    private static IndexLayout build(String name, int shards, Monitoring monitoring) throws IOException {
        IndexLayout layout = new IndexLayout(dir.resolve(name));
        IndexRun.standard().run(data, layout, shards, monitoring, n -> { });
        return layout;
    }

    @ParameterizedTest
    @EnumSource(Monitoring.class)
    void aDeletedDocumentIsGoneFromSearchesAndFromEveryFileOfThePublishedCommit(Monitoring monitoring) throws IOException {
        IndexLayout layout = build("delete-" + monitoring, 2, monitoring);
        String owner = owner("d17");
        assertThat(search(layout, monitoring, owner, "uniq17")).containsExactly("d17");

        try (SearchService before = SearchService.open(data, layout, monitoring);
             IndexUpdate update = IndexUpdate.open(before.data(), layout, monitoring)) {
            assertThat(update.monitored()).isEqualTo(monitoring.monitored());
            update.delete("d17");
            update.delete("d999"); // no such document: nothing changes, nothing fails
            assertThat(before.search(Session.of(owner, "r1"), "uniq17", 10)).as("before publication").containsExactly("d17");
            PublishedIndex published = update.publish();
            assertThat(published.documents()).isEqualTo(DOCUMENTS - 1);
        }
        assertThat(search(layout, monitoring, owner, "uniq17")).isEmpty();
        assertThat(PublishedIndex.read(layout).documents()).isEqualTo(DOCUMENTS - 1);
        for (int shard = 0; shard < 2; shard++) {
            assertPublishedCommitHoldsNothingOf(layout, shard, "d17", "uniq17");
        }
    }

    @ParameterizedTest
    @EnumSource(Monitoring.class)
    void reAddedDocumentsAreFoundAgainAndARebuildGivesWhatTheUpdatesGave(Monitoring monitoring) throws IOException {
        IndexLayout layout = build("readd-" + monitoring, 3, monitoring);
        List<String> ids = List.of("d3", "d17", "d40", "d41", "d77");
        Map<String, List<String>> before = allResults(layout, monitoring);
        try (DataSet stores = DataSet.open(data); IndexUpdate update = IndexUpdate.open(stores, layout, monitoring)) {
            for (String id : ids) {
                update.delete(id);
            }
            assertThat(update.publish().documents()).isEqualTo(DOCUMENTS - ids.size());
            for (String id : ids) {
                update.add(labelled(stores, id));
            }
            update.add(labelled(stores, "d3")); // added twice: replaced, never duplicated
            assertThat(update.publish().documents()).isEqualTo(DOCUMENTS);
        }
        assertThat(search(layout, monitoring, owner("d40"), "uniq40")).containsExactly("d40");
        assertThat(allResults(layout, monitoring)).isEqualTo(before);

        IndexRun.standard().run(data, layout, 3, monitoring, n -> { }); // maat index over the updated index
        assertThat(allResults(layout, monitoring)).isEqualTo(before);
        assertThat(PublishedIndex.read(layout).documents()).isEqualTo(DOCUMENTS);
    }

    @Test
    void aDocumentAddedWithANewOwnerIsIndexedUnderThatOwner() throws IOException {
        IndexLayout layout = build("owner", 2, Monitoring.NONE);
        String owner = owner("d20");
        String other = owner.equals("u29") ? "u28" : "u29";
        try (DataSet stores = DataSet.open(data); IndexUpdate update = IndexUpdate.open(stores, layout, Monitoring.NONE)) {
            LabelledDocument doc = labelled(stores, "d20");
            Conduit c = doc.conduit();
            update.add(new LabelledDocument(new Conduit(c.id(), c.name(), other, c.policy(), c.attributes()), doc.document()));
            update.publish();
        }
        try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(layout.shard(
                new org.maat.core.index.ShardRouter(2).shard("d20"))))) {
            assertThat(reader.docFreq(new Term(IndexFields.OWNER, other))).isPositive();
            var hits = new org.apache.lucene.search.IndexSearcher(reader)
                    .search(new org.apache.lucene.search.TermQuery(new Term(IndexFields.ID, "d20")), 2);
            assertThat(hits.totalHits.value).isEqualTo(1);
            assertThat(reader.storedFields().document(hits.scoreDocs[0].doc).get(IndexFields.OWNER)).isEqualTo(other);
        }
    }

    @Test
    void theMonitorRefusesADocumentWhosePolicyKeepsItOutOfAnIndexAndNothingIsPublished() throws IOException {
        IndexLayout layout = build("refused", 2, Monitoring.REFERENCE_MONITOR);
        PublishedIndex before = PublishedIndex.read(layout);
        String owner = owner("d5");
        try (DataSet stores = DataSet.open(data); IndexUpdate update = IndexUpdate.open(stores, layout, Monitoring.REFERENCE_MONITOR)) {
            PolicyId history = stores.engine().intern(PolicyTemplates.policy(StandardPolicy.HISTORY, false));
            LabelledDocument doc = labelled(stores, "d5");
            update.delete("d6");
            LabelledDocument asHistory = new LabelledDocument(new Conduit("d5", "history/" + owner, owner, history),
                    doc.document());
            // Refused at the first index file the document reaches: when it is added, or at publication.
            assertThatThrownBy(() -> {
                update.add(asHistory);
                update.publish();
            }).isInstanceOf(PolicyViolation.class).hasMessageContaining("d5").hasMessageContaining("ix/");
            assertThatThrownBy(() -> update.delete("d7")).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("abandoned");
        }
        assertThat(PublishedIndex.read(layout).generations()).isEqualTo(before.generations());
        assertThat(PublishedIndex.read(layout).documents()).isEqualTo(DOCUMENTS);
        assertThat(search(layout, Monitoring.REFERENCE_MONITOR, owner("d6"), "uniq6")).containsExactly("d6");
        assertThat(PolicyPrinter.print(PolicyTemplates.policy(StandardPolicy.HISTORY, false))).contains("profile/");
    }

    @Test
    void anUpdateWhoseMapperCarriesAnotherDocumentsTitleIsRefusedAndNothingIsPublished() throws IOException {
        IndexLayout layout = build("carried", 2, Monitoring.REFERENCE_MONITOR);
        PublishedIndex before = PublishedIndex.read(layout);
        try (DataSet stores = DataSet.open(data)) {
            String secret = labelled(stores, "d3").document().title();
            org.maat.core.index.DocumentMapper carrying = d -> {
                org.apache.lucene.document.Document entry = IndexFields.document(d);
                entry.add(new org.apache.lucene.document.TextField(IndexFields.BODY, secret,
                        org.apache.lucene.document.Field.Store.NO));
                return entry;
            };
            try (IndexUpdate update = IndexUpdate.open(stores, layout, Monitoring.REFERENCE_MONITOR, carrying)) {
                update.delete("d6");
                assertThatThrownBy(() -> update.add(labelled(stores, "d4")))
                        .isInstanceOf(org.maat.core.task.IndexEntryRefusedException.class)
                        .hasMessageStartingWith("the index entry of document d4 was refused: its field body")
                        .hasMessageNotContaining(secret);
                assertThatThrownBy(update::publish).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("abandoned");
            }
        }
        assertThat(PublishedIndex.read(layout).generations()).isEqualTo(before.generations());
        assertThat(search(layout, Monitoring.REFERENCE_MONITOR, owner("d6"), "uniq6")).containsExactly("d6");
    }

    @Test
    void anIndexIsOnlyUpdatedAsTheKindItWasBuiltAs() throws IOException {
        IndexLayout plain = build("kind", 1, Monitoring.NONE);
        try (DataSet stores = DataSet.open(data)) {
            assertThatThrownBy(() -> IndexUpdate.open(stores, plain, Monitoring.REFERENCE_MONITOR))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--no-policy");
            IndexLayout none = new IndexLayout(dir.resolve("never-built"));
            assertThatThrownBy(() -> IndexUpdate.open(stores, none, Monitoring.NONE))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no published commit");
        }
    }

    /** Every segment of the published commit of {@code shard}: no deleted document left, no trace of the id or the word. */
    private static void assertPublishedCommitHoldsNothingOf(IndexLayout layout, int shard, String id, String word)
            throws IOException {
        long generation = PublishedIndex.read(layout).generation(shard);
        try (Directory raw = FSDirectory.open(layout.shard(shard))) {
            IndexCommit commit = DirectoryReader.listCommits(raw).stream()
                    .filter(c -> c.getGeneration() == generation).findFirst().orElseThrow();
            Set<String> onDisk = new HashSet<>(List.of(raw.listAll()));
            onDisk.remove("write.lock");
            assertThat(onDisk).as("files of shard %d beside its published commit", shard)
                    .isEqualTo(new HashSet<>(commit.getFileNames()));
            try (DirectoryReader reader = DirectoryReader.open(commit)) {
                for (LeafReaderContext leaf : reader.leaves()) {
                    assertThat(leaf.reader().numDeletedDocs()).as("deleted documents kept in a segment").isZero();
                    assertThat(leaf.reader().docFreq(new Term(IndexFields.ID, id))).isZero();
                    assertThat(leaf.reader().docFreq(new Term(IndexFields.BODY, word))).isZero();
                }
            }
        }
    }

    private static LabelledDocument labelled(DataSet stores, String id) {
        return new LabelledDocument(stores.policies().find(id).orElseThrow(), stores.documents().get(id).orElseThrow());
    }

    private static String owner(String id) throws IOException {
        try (DataSet stores = DataSet.open(data)) {
            return stores.policies().find(id).orElseThrow().owner();
        }
    }

    private static List<String> search(IndexLayout layout, Monitoring monitoring, String user, String query)
            throws IOException {
        try (SearchService service = SearchService.open(data, layout, monitoring)) {
            return service.search(Session.of(user, "r1"), query, 10);
        }
    }

    /** Every match (as a set: tie order depends on document numbers) of a few queries for a few users. */
    private static Map<String, List<String>> allResults(IndexLayout layout, Monitoring monitoring) throws IOException {
        Map<String, List<String>> results = new LinkedHashMap<>();
        try (SearchService service = SearchService.open(data, layout, monitoring)) {
            for (String user : List.of("u0", "u3", "u12")) {
                for (String query : List.of("budget", "water climate", "uniq40", "fishing treaty")) {
                    results.put(query + " as " + user, service.search(Session.of(user, "r0"), query, DOCUMENTS)
                            .stream().sorted().toList());
                }
            }
        }
        return results;
    }
}
