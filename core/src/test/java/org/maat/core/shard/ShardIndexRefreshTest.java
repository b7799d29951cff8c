package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.runtime.TestData;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.store.PolicyStore;

/**
 * Shard services that stay up while the index under them is updated: a deleted document stops being
 * found, and a re-added one is found again, within a second of the publication and without a
 * restart; a document re-added under a new owner (as an anonymization does, its conduit changed in
 * the policy store first) is released to the new owner and no longer to the old one, under the monitor.
 */
class ShardIndexRefreshTest {

    private static final Duration WITHIN = Duration.ofSeconds(1);

    @TempDir
    static Path dir;
    static DataDir data;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 80, 23);
    }

    @Test
    void aMonitoredShardServerFollowsDeletionsReAdditionsAndAChangedOwner() throws Exception {
        IndexLayout layout = TestData.index(data, dir.resolve("monitored"), 2);
        Conduit original = privateDocument();
        String id = original.id();
        String word = "uniq" + id.substring(1);
        String newOwner = original.owner().equals("u29") ? "u28" : "u29";
        try (ShardIndex index = ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR);
             ShardService shard0 = index.shard(0);
             ShardService shard1 = index.shard(1)) {
            List<ShardService> shards = List.of(shard0, shard1);
            assertThat(search(shards, original.owner(), word)).containsExactly(id);

            update(layout, Monitoring.REFERENCE_MONITOR, (stores, update) -> update.delete(id));
            awaitResult(shards, original.owner(), word, List.of());

            Conduit anonymized = new Conduit(id, original.name(), newOwner, original.policy(), original.attributes());
            try (PolicyStore policies = PolicyStore.open(data.policyStore())) {
                policies.batch().putConduit(anonymized).commit();
            }
            update(layout, Monitoring.REFERENCE_MONITOR, (stores, update) -> update.add(withConduit(stores, anonymized)));
            awaitResult(shards, newOwner, word, List.of(id));
            assertThat(search(shards, original.owner(), word)).as("the former owner").isEmpty();

            try (PolicyStore policies = PolicyStore.open(data.policyStore())) {
                policies.batch().putConduit(original).commit();
            }
            update(layout, Monitoring.REFERENCE_MONITOR, (stores, update) -> update.add(withConduit(stores, original)));
            awaitResult(shards, original.owner(), word, List.of(id));
            assertThat(search(shards, newOwner, word)).isEmpty();
            assertThat(shard0.documents() + shard1.documents()).isEqualTo(80);
        }
    }

    @Test
    void aNoPolicyShardServerFollowsUpdatesToo() throws Exception {
        IndexLayout layout = TestData.indexPlain(data, dir.resolve("plain"), 1);
        try (ShardIndex index = ShardIndex.open(data, layout, Monitoring.NONE);
             ShardService shard = index.shard(0)) {
            List<ShardService> shards = List.of(shard);
            assertThat(search(shards, "u0", "uniq5")).isNotEmpty();
            update(layout, Monitoring.NONE, (stores, update) -> update.delete("d5"));
            awaitResult(shards, "u0", "uniq5", List.of());
            assertThat(shard.documents()).isEqualTo(79);
        }
    }

    @Test
    void searchesRunningWhilePublicationsReplaceTheirReadersNeverFail() throws Exception {
        IndexLayout layout = TestData.index(data, dir.resolve("concurrent"), 1);
        try (ShardIndex index = ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR, Duration.ZERO);
             ShardService shard = index.shard(0)) {
            List<String> victims = search(List.of(shard), "u1", "budget").subList(0, 3);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger searches = new AtomicInteger();
            List<Thread> searchers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                Thread searcher = new Thread(() -> {
                    while (!stop.get()) {
                        try {
                            search(List.of(shard), "u1", "budget");
                            searches.incrementAndGet();
                        } catch (Throwable e) { // a reader closed under a search would end here
                            failure.compareAndSet(null, e);
                            return;
                        }
                    }
                });
                searcher.start();
                searchers.add(searcher);
            }
            try {
                for (String victim : victims) {
                    update(layout, Monitoring.REFERENCE_MONITOR, (stores, update) -> update.delete(victim));
                    awaitResult(List.of(shard), "u1", "budget", missing(victim));
                }
            } finally {
                stop.set(true);
                for (Thread searcher : searchers) {
                    searcher.join();
                }
            }
            assertThat(failure.get()).as("a search that failed meanwhile").isNull();
            assertThat(searches.get()).isGreaterThan(10);
            assertThat(search(List.of(shard), "u1", "budget")).doesNotContainAnyElementsOf(victims);
        }
    }

    private interface Change {
        void apply(DataSet stores, IndexUpdate update) throws IOException;
    }

    private static void update(IndexLayout layout, Monitoring monitoring, Change change) throws IOException {
        try (DataSet stores = DataSet.open(data); IndexUpdate update = IndexUpdate.open(stores, layout, monitoring)) {
            change.apply(stores, update);
            update.publish();
        }
    }

    /** Searches until the shards answer {@code expected}; fails if they do not within {@link #WITHIN}. */
    private static void awaitResult(List<ShardService> shards, String user, String query, List<String> expected)
            throws Exception {
        awaitResult(shards, user, query, found -> found.equals(expected));
        assertThat(search(shards, user, query)).isEqualTo(expected);
    }

    private static void awaitResult(List<ShardService> shards, String user, String query,
                                    Predicate<List<String>> expected) throws Exception {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        List<String> found = search(shards, user, query);
        while (!expected.test(found) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            found = search(shards, user, query);
        }
        assertThat(expected.test(found)).as("%s searching %s within %s of the publication: %s", user, query, WITHIN,
                found).isTrue();
    }

    private static Predicate<List<String>> missing(String id) {
        return found -> !found.contains(id);
    }

    private static List<String> search(List<ShardService> shards, String user, String query) throws IOException {
        List<String> ids = new ArrayList<>();
        for (ShardService shard : shards) {
            shard.search(new ShardQuery(user, "r1", query, 10)).hits().forEach(h -> ids.add(h.id()));
        }
        return ids;
    }

    private static Conduit privateDocument() throws IOException {
        try (DataSet stores = DataSet.open(data); Stream<Conduit> all = stores.policies().conduits()) {
            return all.filter(c -> org.maat.core.conduit.Document.ordinal(c.id()) >= 0)
                    .filter(c -> org.maat.core.index.AccessTemplate.of(c).base().equals("private")).findFirst().orElseThrow();
        }
    }

    private static LabelledDocument withConduit(DataSet stores, Conduit conduit) {
        return new LabelledDocument(conduit, stores.documents().get(conduit.id()).orElseThrow());
    }
}
