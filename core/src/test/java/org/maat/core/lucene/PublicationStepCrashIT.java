package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.PublicationObserver.Step;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.TestData;
import org.maat.core.shard.ShardIndex;
import org.maat.core.task.Monitoring;
import org.maat.policy.KilledChild;

/**
 * SIGKILLs the sequential indexer, monitored or not, exactly at each step of its publication while
 * it rebuilds a 2-shard index into 3 shards or a 3-shard one into 2, and checks that searching and
 * serving the index then give the previous index's results (before the publication step) or the new
 * one's (after), compared with fresh indexes of the same data, and that a rerun leaves exactly the
 * published shards.
 */
class PublicationStepCrashIT {

    @TempDir
    static Path dir;

    private static DataDir data;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 150, 94);
    }

    @ParameterizedTest(name = "{0} shards into {1}, monitoring {2}, killed at {3}")
    @CsvSource({
        "2, 3, REFERENCE_MONITOR, COMMITS_DURABLE", "2, 3, REFERENCE_MONITOR, PUBLISHED",
        "3, 2, REFERENCE_MONITOR, PUBLISHED", "2, 3, NONE, COMMITS_DURABLE", "3, 2, NONE, PUBLISHED"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aKillAtAPublicationStepLeavesThePreviousIndexOrTheNewOne(int before, int after, Monitoring policy, Step step)
            throws Exception {
        IndexLayout out = new IndexLayout(dir.resolve("index-" + before + "-" + after + "-" + policy + "-" + step));
        IndexRun.standard().run(data, out, before, policy, n -> { });
        boolean published = step == Step.PUBLISHED;

        killAt(step, out, after, policy);

        int expected = published ? after : before;
        assertThat(PublishedResults.of(data, out, policy, PublishedResults.QUERIES)).as("search after a kill at " + step).isEqualTo(fresh(expected, policy));
        try (ShardIndex served = ShardIndex.open(data, out, policy)) {
            assertThat(served.shards()).as("shards served after a kill at " + step).isEqualTo(expected);
        }
        IndexRun.standard().run(data, out, after, policy, n -> { });
        assertThat(PublishedResults.of(data, out, policy, PublishedResults.QUERIES)).isEqualTo(fresh(after, policy));
        Set<String> files = new HashSet<>(Set.of(policy.monitored() ? "labels.db" : IndexLayout.NO_POLICY_RECORD));
        for (int shard = 0; shard < after; shard++) {
            files.add("shard-" + shard);
        }
        assertThat(PublishedResults.listing(out.root())).isEqualTo(files);
    }

    private static final Map<String, Map<String, List<String>>> FRESH = new HashMap<>();

    /** The results of a fresh index of {@code shards} shards, built once. */
    private static Map<String, List<String>> fresh(int shards, Monitoring policy) throws IOException {
        String key = shards + "-" + policy;
        if (!FRESH.containsKey(key)) {
            IndexLayout layout = new IndexLayout(dir.resolve("fresh-" + key));
            IndexRun.standard().run(data, layout, shards, policy, n -> { });
            FRESH.put(key, PublishedResults.of(data, layout, policy, PublishedResults.QUERIES));
        }
        return FRESH.get(key);
    }

    private static void killAt(Step step, IndexLayout out, int shards, Monitoring policy) throws Exception {
        Path stderr = dir.resolve("child-" + out.root().getFileName() + ".err");
        KilledChild.killWhenPrinted(SteppedIndexingChild.class, List.of(data.root().toString(), out.root().toString(),
                Integer.toString(shards), policy.name(), step.name()), stderr,
                "REACHED " + step);
    }


}
