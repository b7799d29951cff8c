package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.PublicationObserver.Step;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.KilledChild;

/**
 * SIGKILLs an in-place index update, monitored or not, exactly at each step of its publication, and
 * checks that searchers then see the index as it was before the update (killed before the
 * publication step) or after it (killed after), compared with an index that the same update finished
 * on; that every file of the published commits has its label and no label is left over; and that
 * the next update over the crashed index publishes the same result and leaves only the files of the
 * published commits.
 */
class IndexUpdateCrashIT {

    static final List<String> DELETED = List.of("d5", "d6", "d7", "d8", "d9", "d17");
    private static final List<String> QUERIES = List.of("budget", "water climate", "uniq5", "uniq17", "fishing treaty");
    private static final int DOCUMENTS = 150;

    @TempDir
    static Path dir;

    private static DataDir data;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, DOCUMENTS, 94);
    }

    static void deleteAll(IndexUpdate update) throws IOException {
        for (String id : DELETED) {
            update.delete(id);
        }
    }

    @ParameterizedTest(name = "monitoring {0}, killed at {1}")
    @CsvSource({"REFERENCE_MONITOR, SHARDS_WRITTEN", "REFERENCE_MONITOR, COMMITS_DURABLE", "REFERENCE_MONITOR, PUBLISHED",
        "NONE, COMMITS_DURABLE", "NONE, PUBLISHED"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aKillAtAPublicationStepLeavesTheIndexBeforeOrAfterTheUpdate(Monitoring policy, Step step) throws Exception {
        IndexLayout out = build("killed-" + policy + "-" + step, policy);
        Map<String, List<String>> before = PublishedResults.of(data, out, policy, QUERIES);
        boolean published = step == Step.PUBLISHED;

        KilledChild.killWhenPrinted(SteppedUpdateChild.class, List.of(data.root().toString(), out.root().toString(),
                policy.name(), step.name()), dir.resolve("child-" + policy + "-" + step + ".err"), "REACHED " + step);

        assertThat(PublishedResults.of(data, out, policy, QUERIES)).as("search after a kill at " + step)
                .isEqualTo(published ? updated(policy) : before);
        assertThat(PublishedIndex.read(out).documents()).isEqualTo(published ? DOCUMENTS - DELETED.size() : DOCUMENTS);
        assertLabelsMatchThePublishedCommits(out, policy);

        update(out, policy); // over whatever the kill left
        assertThat(PublishedResults.of(data, out, policy, QUERIES)).isEqualTo(updated(policy));
        assertLabelsMatchThePublishedCommits(out, policy);
        assertOnlyPublishedFilesRemain(out);
    }

    private static final Map<Monitoring, Map<String, List<String>>> UPDATED = new HashMap<>();

    /** What searchers see once the update finished without a crash. */
    private static Map<String, List<String>> updated(Monitoring policy) throws IOException {
        if (!UPDATED.containsKey(policy)) {
            IndexLayout layout = build("finished-" + policy, policy);
            update(layout, policy);
            UPDATED.put(policy, PublishedResults.of(data, layout, policy, QUERIES));
        }
        return UPDATED.get(policy);
    }

    private static IndexLayout build(String name, Monitoring policy) throws IOException {
        IndexLayout layout = new IndexLayout(dir.resolve(name));
        IndexRun.standard().run(data, layout, 2, policy, n -> { });
        return layout;
    }

    private static void update(IndexLayout layout, Monitoring policy) throws IOException {
        try (DataSet stores = DataSet.open(data); IndexUpdate update = IndexUpdate.open(stores, layout, policy)) {
            deleteAll(update);
            update.publish();
        }
    }

    /** Under the monitor: a label for every file of every published commit, and none for any other file. */
    private static void assertLabelsMatchThePublishedCommits(IndexLayout layout, Monitoring policy) throws IOException {
        if (!policy.monitored()) {
            return;
        }
        PublishedIndex published = PublishedIndex.read(layout);
        Set<String> expected = new HashSet<>();
        for (int shard = 0; shard < published.shards(); shard++) {
            for (String file : publishedCommit(layout, shard, published)) {
                expected.add("ix/" + shard + "/" + file);
            }
        }
        try (IndexLabels labels = IndexLabels.openSnapshot(layout); Stream<Conduit> all = labels.all()) {
            Set<String> labelled = new HashSet<>(all.map(Conduit::id).toList());
            labelled.remove("ix/published");
            assertThat(labelled).isEqualTo(expected);
        }
    }

    private static void assertOnlyPublishedFilesRemain(IndexLayout layout) throws IOException {
        PublishedIndex published = PublishedIndex.read(layout);
        for (int shard = 0; shard < published.shards(); shard++) {
            try (Directory raw = FSDirectory.open(layout.shard(shard))) {
                List<String> files = new ArrayList<>(List.of(raw.listAll()));
                files.remove("write.lock");
                assertThat(new HashSet<>(files)).as("files of shard " + shard)
                        .isEqualTo(publishedCommit(layout, shard, published));
            }
        }
    }

    /** The files of the published commit of {@code shard}. */
    private static Set<String> publishedCommit(IndexLayout layout, int shard, PublishedIndex published)
            throws IOException {
        try (Directory raw = FSDirectory.open(layout.shard(shard))) {
            IndexCommit commit = DirectoryReader.listCommits(raw).stream()
                    .filter(c -> c.getGeneration() == published.generation(shard)).findFirst()
                    .orElseThrow(() -> new AssertionError("shard " + shard + " has no published commit"));
            return new HashSet<>(commit.getFileNames());
        }
    }
}
