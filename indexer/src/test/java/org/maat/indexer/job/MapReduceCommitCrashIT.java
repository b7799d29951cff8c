package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublicationObserver.Step;
import org.maat.core.lucene.PublishedResults;
import org.maat.core.runtime.TestData;
import org.maat.core.shard.ShardIndex;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.policy.KilledChild;

/**
 * SIGKILLs {@code maat index --engine mapreduce} re-indexing a 2-shard index into 3 shards exactly
 * at each step of its job commit's publication, and checks that searching and serving the index
 * then give the previous index's results (before the publication step) or the new one's (after),
 * compared with sequential indexes of the same data built beforehand, and that a rerun publishes and
 * leaves nothing behind; and that a kill before the cleanup of a 3-into-2 rebuild serves 2 shards.
 */
class MapReduceCommitCrashIT {

    private static final List<String> QUERIES = List.of("budget", "water climate", "fishing treaty", "tax", "uniq17");

    @TempDir
    static Path dir;

    private static DataDir data;
    private static Map<String, List<String>> twoShards;
    private static Map<String, List<String>> threeShards;

    @BeforeAll
    static void referenceIndexes() throws IOException {
        data = TestData.generate(dir, 200, 91);
        twoShards = PublishedResults.of(data, TestData.index(data, dir.resolve("reference-2"), 2), Monitoring.REFERENCE_MONITOR, QUERIES);
        threeShards = PublishedResults.of(data, TestData.index(data, dir.resolve("reference-3"), 3), Monitoring.REFERENCE_MONITOR, QUERIES);
    }

    @ParameterizedTest
    @EnumSource(Step.class)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aJobKilledAtAPublicationStepLeavesThePreviousIndexOrTheNewOneAndARerunCleansUp(Step step) throws Exception {
        IndexLayout out = new IndexLayout(dir.resolve("index-" + step));
        MapReduceIndexing.run(data, out, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(PublishedResults.of(data, out, Monitoring.REFERENCE_MONITOR, QUERIES)).isEqualTo(twoShards);

        killAt(step, out, 3);

        boolean published = step == Step.PUBLISHED;
        assertThat(PublishedResults.of(data, out, Monitoring.REFERENCE_MONITOR, QUERIES)).as("search after a kill at " + step).isEqualTo(published ? threeShards : twoShards);
        try (ShardIndex served = ShardIndex.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(served.shards()).as("shards served after a kill at " + step).isEqualTo(published ? 3 : 2);
        }

        MapReduceIndexing.run(data, out, 3, 3, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(PublishedResults.of(data, out, Monitoring.REFERENCE_MONITOR, QUERIES)).isEqualTo(threeShards);
        assertThat(PublishedResults.listing(out.root())).isEqualTo(Set.of("shard-0", "shard-1", "shard-2", "labels.db"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aJobKilledBeforeCleanupServesTheNewShardCountAndTheRerunRemovesTheSupersededShard() throws Exception {
        IndexLayout out = new IndexLayout(dir.resolve("index-3-into-2"));
        MapReduceIndexing.run(data, out, 3, 3, Monitoring.REFERENCE_MONITOR, n -> { });

        killAt(Step.PUBLISHED, out, 2);

        assertThat(Files.isDirectory(out.shard(2))).as("the superseded shard is left, unread").isTrue();
        assertThat(PublishedResults.of(data, out, Monitoring.REFERENCE_MONITOR, QUERIES)).isEqualTo(twoShards);
        try (ShardIndex served = ShardIndex.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(served.shards()).isEqualTo(2);
        }
        MapReduceIndexing.run(data, out, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(PublishedResults.of(data, out, Monitoring.REFERENCE_MONITOR, QUERIES)).isEqualTo(twoShards);
        assertThat(PublishedResults.listing(out.root())).isEqualTo(Set.of("shard-0", "shard-1", "labels.db"));
    }

    private void killAt(Step step, IndexLayout out, int shards) throws Exception {
        Path stderr = dir.resolve("child-" + out.root().getFileName() + ".err");
        Path tmp = Files.createDirectories(dir.resolve("child-tmp-" + out.root().getFileName()));
        KilledChild.killWhenPrinted(PublishingChild.class, List.of(data.root().toString(),
                out.root().toAbsolutePath().toString(), Integer.toString(shards), step.name(), tmp.toString()), stderr,
                "REACHED " + step);
    }


}
