package org.maat.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.index.ShardRouter;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/** The MapReduce indexer in local mode builds the sequential indexer's index, document for document. */
public class MapReduceEquivalenceIT {

    private static final List<String> QUERIES = List.of("budget", "water climate", "parliament", "fishing treaty",
            "tax", "energy market", "uniq17", "vote report");

    @TempDir
    static Path dir;

    private static DataDir data;
    private static IndexLayout sequential;
    private static IndexLayout mapReduce;
    private static IndexRun.Report report;

    @BeforeAll
    static void indexBothWays() throws IOException {
        data = TestData.generate(dir, 400, 61);
        sequential = TestData.index(data, dir.resolve("sequential"), 3);
        mapReduce = new IndexLayout(dir.resolve("mapreduce"));
        report = MapReduceIndexing.run(data, mapReduce, 3, 2, Monitoring.REFERENCE_MONITOR, n -> { });
    }

    @Test
    void everyShardHoldsTheSameDocumentsInTheSameOrder() throws IOException {
        assertThat(report.documents()).isEqualTo(400);
        assertThat(PublishedIndex.read(mapReduce).shards()).isEqualTo(3);
        ShardRouter router = new ShardRouter(3);
        for (int shard = 0; shard < 3; shard++) {
            List<String> ids = ids(mapReduce, shard);
            assertThat(ids).as("shard %d", shard).isEqualTo(ids(sequential, shard)).isNotEmpty();
            int s = shard;
            assertThat(ids).allMatch(id -> router.shard(id) == s);
        }
    }

    @Test
    void theLabelStoreNamesTheSameFilesAndDocumentCount() {
        try (IndexLabels mr = IndexLabels.open(mapReduce); IndexLabels seq = IndexLabels.open(sequential)) {
            assertThat(mr.published().orElseThrow().documents()).isEqualTo(400);
            assertThat(mr.published().orElseThrow().generations()).isEqualTo(seq.published().orElseThrow().generations());
            assertThat(labelIds(mr)).isEqualTo(labelIds(seq)).hasSizeGreaterThan(3);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void searchesAsSeveralUsersReturnTheSameTopTen() throws IOException {
        Map<String, List<String>> expected = topTens(sequential, Monitoring.REFERENCE_MONITOR);
        assertThat(topTens(mapReduce, Monitoring.REFERENCE_MONITOR)).isEqualTo(expected);
        assertThat(expected.values().stream().filter(ids -> !ids.isEmpty()).count()).isGreaterThan(50);
    }

    @Test
    void aPlainJobBuildsThePlainIndex() throws IOException {
        IndexLayout plainSeq = TestData.indexPlain(data, dir.resolve("plain-seq"), 2);
        IndexLayout plainMr = new IndexLayout(dir.resolve("plain-mr"));
        MapReduceIndexing.run(data, plainMr, 2, 1, Monitoring.NONE, n -> { });
        assertThat(plainMr.isLabelled()).isFalse();
        for (int shard = 0; shard < 2; shard++) {
            assertThat(ids(plainMr, shard)).isEqualTo(ids(plainSeq, shard));
        }
        assertThat(topTens(plainMr, Monitoring.NONE)).isEqualTo(topTens(plainSeq, Monitoring.NONE));
    }

    /** The top ten of every query as several users in two regions (one a censoring region). */
    private static Map<String, List<String>> topTens(IndexLayout layout, Monitoring policy) throws IOException {
        Map<String, List<String>> results = new LinkedHashMap<>();
        try (SearchService service = SearchService.open(data, layout, policy)) {
            for (String user : List.of("u0", "u3", "u7", "u12", "u29")) {
                for (String region : List.of("r0", "r1")) {
                    Session session = Session.of(user, region);
                    for (String query : QUERIES) {
                        results.put(query + " as " + session, service.search(session, query, 10));
                    }
                }
            }
        }
        return results;
    }

    @Test
    void aRerunReplacesThePublishedIndex() throws IOException {
        IndexLayout layout = new IndexLayout(dir.resolve("rerun"));
        MapReduceIndexing.run(data, layout, 3, 3, Monitoring.REFERENCE_MONITOR, n -> { });
        MapReduceIndexing.run(data, layout, 2, 1, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(PublishedIndex.read(layout).shards()).isEqualTo(2);
        try (Stream<Path> files = java.nio.file.Files.list(layout.root())) {
            assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toSet()))
                    .isEqualTo(Set.of("shard-0", "shard-1", "labels.db"));
        }
        try (SearchService mr = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            assertThat(mr.index().documents()).isEqualTo(400);
            assertThat(mr.search(Session.of("u3", "r0"), "budget", 10)).isNotEmpty();
        }
    }

    @Test
    void anEditedStoreGivesTheSameShardsBothWays() throws IOException {
        DataDir edited = TestData.generate(dir.resolve("edited"), 120, 62);
        try (org.maat.core.conduit.ConduitStoreEditor e = org.maat.core.conduit.ConduitStore.edit(edited.documents())) {
            List<org.maat.core.conduit.Document> removed = new ArrayList<>();
            for (int i = 0; i < 120; i += 7) {
                removed.add(e.remove(org.maat.core.conduit.Document.idOf(i)));
            }
            e.commit();
            for (int i = 0; i < removed.size(); i += 3) {
                e.restore(removed.get(i), null); // appended after every other record, out of id order
            }
            e.commit();
        }
        IndexLayout seq = TestData.index(edited, dir.resolve("edited-seq"), 2);
        IndexLayout mr = new IndexLayout(dir.resolve("edited-mr"));
        IndexRun.Report r = MapReduceIndexing.run(edited, mr, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(r.documents()).isEqualTo(120 - 18 + 6);
        for (int shard = 0; shard < 2; shard++) {
            assertThat(ids(mr, shard)).as("shard %d", shard).isEqualTo(ids(seq, shard)).doesNotContain("d7")
                    .isNotEmpty();
        }
    }

    public static List<String> ids(IndexLayout layout, int shard) throws IOException {
        try (var directory = FSDirectory.open(layout.shard(shard)); DirectoryReader reader = DirectoryReader.open(directory)) {
            StoredFields stored = reader.storedFields();
            List<String> ids = new ArrayList<>();
            for (int doc = 0; doc < reader.maxDoc(); doc++) {
                ids.add(stored.document(doc).get(IndexFields.ID));
            }
            return ids;
        }
    }

    private static Set<String> labelIds(IndexLabels labels) {
        try (Stream<Conduit> all = labels.all()) {
            return all.map(Conduit::id).collect(Collectors.toSet());
        }
    }
}
