package org.maat.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.PopulationSpec;
import org.maat.core.search.QueryComposer;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.core.task.RankedId;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * What a session receives (ids, order, scores) does not depend on documents it may not read: the
 * ranking statistics count only what every session of its region may read.
 */
class ReadableStatisticsTest {

    @TempDir
    Path dir;

    @Test
    void aPrivateDocumentOfAnotherUserChangesNeitherIdsNorOrderNorScores() throws IOException {
        // Corpus A and corpus B differ only in B's last document, private to another user and
        // containing the query's term. No friends, no censorship: nothing else in the population moves
        // (the generator draws a document's template and owner in document order).
        int documents = 120;
        long seed = 41;
        PopulationSpec spec = new PopulationSpec(6, 0, 50, 50, 0, 0.0, 0, 1, 0, 0, 7);
        DataDir a = TestData.generate(dir.resolve("a"), documents, seed, spec);
        DataDir b = TestData.generate(dir.resolve("b"), documents + 1, seed, spec);
        String extra = Document.idOf(documents);
        String term;
        try (DataSet stores = DataSet.open(b)) {
            Conduit conduit = stores.policies().find(extra).orElseThrow();
            assertThat(conduit.attributes().get("template")).as("the extra document's template").startsWith("private");
            assertThat(conduit.owner()).as("the extra document's owner").isNotEqualTo("u0");
            term = stores.documents().get(extra).orElseThrow().body().split(" ")[0];
        }
        Session u0 = Session.of("u0", "r0");
        List<RankedId> inA = rankedFor(a, u0, term);
        List<RankedId> inB = rankedFor(b, u0, term);
        assertThat(inA).hasSizeGreaterThan(10);
        assertThat(inB).extracting(RankedId::id).doesNotContain(extra);
        assertThat(inB).isEqualTo(inA);
    }

    private List<RankedId> rankedFor(DataDir data, Session session, String query) throws IOException {
        IndexLayout layout = TestData.index(data, data.root().resolveSibling("index"), 2);
        try (SearchService service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            return service.searchRanked(session, query, 1_000);
        }
    }

    @Test
    void aShardAnswersPlainLuceneScoresOverTheDocumentsEveryoneInTheRegionMayRead() throws IOException {
        // The truth: plain Lucene over an index holding only the documents every session of region r0
        // may read (public, not blocked in r0), built here with no Maat code but the field mapping.
        DataDir data = TestData.generate(dir, 200, 23);
        IndexLayout layout = TestData.index(data, dir.resolve("index"), 1);
        String region = TestData.SPEC.blacklistRegion();
        String query = "budget treaty";
        Map<String, Float> truth = new HashMap<>();
        try (DataSet stores = DataSet.open(data); ByteBuffersDirectory readable = new ByteBuffersDirectory()) {
            FactSource facts = stores.engine().facts();
            try (IndexWriter writer = new IndexWriter(readable, new IndexWriterConfig(IndexFields.analyzer()))) {
                for (Conduit c : TestData.conduits(stores)) {
                    if (c.attributes().get("template").startsWith("public")
                            && !facts.contains("blocked", List.of(region, c.id()))) {
                        writer.addDocument(IndexFields.document(
                                new LabelledDocument(c, stores.documents().get(c.id()).orElseThrow())));
                    }
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(readable)) {
                IndexSearcher plain = new IndexSearcher(reader);
                Query parsed = QueryComposer.standard().compose(query, Optional.empty());
                for (ScoreDoc hit : plain.search(parsed, 1_000).scoreDocs) {
                    truth.put(plain.storedFields().document(hit.doc).get(IndexFields.ID), hit.score);
                }
            }
        }
        List<ShardHit> hits;
        try (ShardIndex index = ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            ShardService shard = index.shard(0);
            hits = shard.search(new ShardQuery("u3", region, query, 1_000)).hits();
        }
        int compared = 0;
        for (ShardHit hit : hits) {
            Float expected = truth.get(hit.id());
            if (expected != null) {
                assertThat(hit.score()).as(hit.id()).isEqualTo((double) expected);
                compared++;
            }
        }
        assertThat(compared).as("public hits compared").isGreaterThan(30).isEqualTo(truth.size());
        assertThat(hits).hasSizeGreaterThan(compared);
    }

    @Test
    void aMalEntryKeepsARegionsStatistics() throws IOException {
        // Every mandatory access appends a MAL entry; rebuilding each region's statistics after each one
        // would put a pass over every field's postings on the next query of every shard.
        DataDir data = TestData.generate(dir, 120, 5);
        IndexLayout layout = TestData.index(data, dir.resolve("index"), 1);
        String region = TestData.SPEC.blacklistRegion();
        try (DataSet stores = DataSet.open(data);
             DirectoryReader reader = DirectoryReader.open(FSDirectory.open(layout.shard(0)))) {
            ReadableStatistics statistics = ReadableStatistics.of(reader, stores);
            ReadableStatistics.Region before = statistics.region(region);
            Conduit target = TestData.conduits(stores).get(0);
            stores.malLog().append("e0", target.id(), "support case");
            assertThat(stores.engine().facts().contains("logged", List.of("e0", target.id())))
                    .as("the entry is a fact").isTrue();
            assertThat(statistics.region(region)).as("after a MAL entry").isSameAs(before);
        }
    }
}
