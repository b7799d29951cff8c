package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.TestData;
import org.maat.core.task.AccessGate;
import org.maat.policy.Conduit;
import org.maat.policy.KilledChild;

/**
 * SIGKILLs a child JVM that keeps re-indexing two data sets into one index directory, at random
 * moments, and checks after each kill that the index searchers open is exactly one of the two data
 * sets with exactly its labels: never a mix of old and new shards, never a file without a label,
 * never a label of a file the published commits do not use.
 */
class IndexCrashIT {

    private static final int ROUNDS = 6;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledIndexerLeavesThePreviousOrTheNewIndexWithItsLabelsNeverAMix() throws Exception {
        DataDir a = TestData.generate(dir, 120, 41);
        DataDir b = TestData.generate(dir, 260, 42);
        Set<String> idsA = ids(120);
        Set<String> idsB = ids(260);
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Set<String> seen = new HashSet<>();
        for (int round = 0; round < ROUNDS; round++) {
            String context = "seed " + seed + ", round " + round;
            List<String> acks = KilledChild.runAndKill(IndexingChild.class,
                    List.of(a.root().toString(), b.root().toString(), out.root().toString()),
                    dir.resolve("child-" + round + ".err"), 1 + random.nextInt(2), random.nextInt(600_000_000), context);
            String last = acks.get(acks.size() - 1);

            try (IndexLabels labels = IndexLabels.open(out)) {
                PublishedIndex published = labels.published().orElseThrow();
                Set<String> indexed;
                Set<String> filesInCommits = new HashSet<>();
                try (OpenIndex index = OpenIndex.open(out, labels, AccessGate.unmonitored())) {
                    indexed = indexedIds(index);
                    for (int shard = 0; shard < index.shards(); shard++) {
                        for (Conduit label : index.labels(shard)) {
                            filesInCommits.add(label.id());
                        }
                    }
                }
                String which = indexed.equals(idsA) ? "A" : indexed.equals(idsB) ? "B" : null;
                assertThat(which).as(context + ": the index holds exactly one data set (" + indexed.size() + " ids)")
                        .isNotNull();
                assertThat(published.documents()).as(context).isEqualTo(indexed.size());
                // The last acknowledged publication, or the one the child was making when it died.
                assertThat(last).as(context).startsWith("PUBLISHED ");
                seen.add(which);
                try (Stream<Conduit> stored = labels.all()) {
                    Set<String> labelled = new HashSet<>(stored.map(Conduit::id).toList());
                    labelled.remove("ix/published");
                    assertThat(labelled).as(context + ": labels are exactly the published commits' files")
                            .isEqualTo(filesInCommits);
                }
            }
        }
        assertThat(seen).as("both data sets were published at some kill").isNotEmpty();
    }

    private static Set<String> ids(int n) {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < n; i++) {
            ids.add("d" + i);
        }
        return ids;
    }

    private static Set<String> indexedIds(OpenIndex index) throws IOException {
        Set<String> ids = new HashSet<>();
        for (int shard = 0; shard < index.shards(); shard++) {
            IndexReader reader = index.searchersFor(AccessGate.unmonitored()).searcher(shard).getIndexReader();
            for (LeafReaderContext leaf : reader.leaves()) {
                StoredFields fields = leaf.reader().storedFields();
                for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
                    ids.add(fields.document(doc).get(IndexFields.ID));
                }
            }
        }
        return ids;
    }
}
