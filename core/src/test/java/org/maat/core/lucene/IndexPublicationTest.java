package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.shard.ShardIndex;
import org.maat.core.task.Monitoring;

/**
 * What an index directory publishes: its shard count, read by every consumer from the published
 * state (never by counting {@code shard-N/} folders), superseded shards removed once a rebuild is
 * published, and whether it was built under the monitor, said positively either way.
 */
class IndexPublicationTest {

    @TempDir
    static Path dir;

    private static DataDir data;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 150, 93);
    }

    @Test
    void aMonitoredIndexRebuiltWithFewerShardsIsSearchedAndServedWithThePublishedCount() throws IOException {
        Map<String, List<String>> fresh = PublishedResults.of(data, TestData.index(data, dir.resolve("fresh-2"), 2), Monitoring.REFERENCE_MONITOR, PublishedResults.QUERIES);
        IndexLayout out = TestData.index(data, dir.resolve("monitored-3-then-2"), 3);
        IndexRun.standard().run(data, out, 2, Monitoring.REFERENCE_MONITOR, n -> { });

        assertThat(PublishedResults.listing(out.root())).isEqualTo(Set.of("shard-0", "shard-1", "labels.db"));
        assertThat(PublishedResults.of(data, out, Monitoring.REFERENCE_MONITOR, PublishedResults.QUERIES)).isEqualTo(fresh);
        try (ShardIndex served = ShardIndex.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(served.shards()).isEqualTo(2);
        }
    }

    @Test
    void aPlainIndexRebuiltWithFewerShardsIsSearchedAndServedWithThePublishedCount() throws IOException {
        Map<String, List<String>> fresh = PublishedResults.of(data, TestData.indexPlain(data, dir.resolve("plain-fresh-2"), 2), Monitoring.NONE, PublishedResults.QUERIES);
        IndexLayout out = TestData.indexPlain(data, dir.resolve("plain-3-then-2"), 3);
        IndexRun.standard().run(data, out, 2, Monitoring.NONE, n -> { });

        assertThat(PublishedResults.listing(out.root())).isEqualTo(Set.of("shard-0", "shard-1", IndexLayout.NO_POLICY_RECORD));
        assertThat(PublishedResults.of(data, out, Monitoring.NONE, PublishedResults.QUERIES)).isEqualTo(fresh);
        try (ShardIndex served = ShardIndex.open(data, out, Monitoring.NONE)) {
            assertThat(served.shards()).isEqualTo(2);
        }
    }

    @Test
    void aShardFolderBeyondThePublishedCountIsNeitherSearchedNorServed() throws IOException {
        IndexLayout out = TestData.index(data, dir.resolve("stray-shard"), 2);
        Files.createDirectories(out.shard(2));
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.index().shards()).isEqualTo(2);
        }
        try (ShardIndex served = ShardIndex.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(served.shards()).isEqualTo(2);
        }
    }

    @Test
    void aMonitoredIndexWithoutItsLabelStoreIsDamagedNotANoPolicyIndex() throws IOException {
        IndexLayout out = TestData.index(data, dir.resolve("labels-lost"), 2);
        Files.delete(out.labels());
        for (Monitoring policy : Monitoring.values()) {
            assertThatThrownBy(() -> SearchService.open(data, out, policy).close())
                    .hasMessageContaining(out.labels().toString())
                    .hasMessageContaining("missing")
                    .hasMessageNotContaining("built with --no-policy");
            assertThatThrownBy(() -> ShardIndex.open(data, out, policy).close())
                    .hasMessageContaining(out.labels().toString())
                    .hasMessageNotContaining("built with --no-policy");
        }
    }

    @Test
    void aDamagedLabelStoreIsAnErrorNamingIt() throws IOException {
        IndexLayout out = TestData.index(data, dir.resolve("labels-damaged"), 2);
        byte[] bytes = Files.readAllBytes(out.labels());
        Files.write(out.labels(), java.util.Arrays.copyOf(bytes, 100));
        assertThatThrownBy(() -> SearchService.open(data, out, Monitoring.REFERENCE_MONITOR).close())
                .hasMessageContaining(out.labels().toString())
                .hasMessageNotContaining("built with --no-policy");
        assertThat(Files.size(out.labels())).as("a search never rewrites the label store").isEqualTo(100);
    }

    @Test
    void aNoPolicyIndexSaysSoAndIsRefusedUnderTheMonitor() throws IOException {
        IndexLayout out = TestData.indexPlain(data, dir.resolve("no-policy"), 2);
        assertThat(Files.isRegularFile(out.root().resolve(IndexLayout.NO_POLICY_RECORD))).isTrue();
        assertThatThrownBy(() -> SearchService.open(data, out, Monitoring.REFERENCE_MONITOR).close())
                .hasMessageContaining("built with --no-policy")
                .hasMessageContaining(IndexLayout.NO_POLICY_RECORD);
        assertThat(PublishedResults.of(data, out, Monitoring.NONE, PublishedResults.QUERIES).values().stream().filter(r -> !r.isEmpty()).count()).isGreaterThan(3);
    }


}
