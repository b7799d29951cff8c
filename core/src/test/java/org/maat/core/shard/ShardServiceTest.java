package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.search.SearchComponents;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * Shard services over a real generated data set and a monitored 2-shard index: merged by a fan-out
 * they answer exactly what one search service over the whole index answers, while the data
 * directory stays open by its owner in the same process.
 */
class ShardServiceTest {

    @TempDir
    static Path dir;
    static DataDir data;
    static IndexLayout index;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 300, 5);
        index = TestData.index(data, dir.resolve("index"), 2);
    }

    private static List<Session> sessions() {
        List<Session> sessions = new ArrayList<>();
        for (int u = 0; u < TestData.SPEC.users(); u += 4) {
            sessions.add(Session.of("u" + u, u % 2 == 0 ? "r0" : "r1"));
        }
        sessions.add(Session.of("e0", "r1"));
        return sessions;
    }

    @Test
    void fannedOutShardsAnswerWhatOneServiceOverTheWholeIndexAnswers() throws IOException {
        List<String> queries = List.of("budget", "fishing council", "water OR climate", "\"council vote\"", "uniq17");
        List<List<String>> expected = new ArrayList<>();
        try (SearchService whole = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            for (Session session : sessions()) {
                for (String q : queries) {
                    expected.add(whole.search(session, q, 10));
                }
            }
        }
        try (DataSet owner = DataSet.open(data); // the front-end's handle, open in this process meanwhile
             ShardIndex shards = ShardIndex.open(data, index, Monitoring.REFERENCE_MONITOR);
             FanOut fanOut = FanOut.ofShards(List.of(shards.shard(0), shards.shard(1)))) {
            int i = 0;
            for (Session session : sessions()) {
                for (String q : queries) {
                    List<String> merged = fanOut.search(new ShardQuery(session.principal(), session.region(), q, 10))
                            .stream().map(ShardHit::id).toList();
                    assertThat(merged).as("%s searching %s", session, q).isEqualTo(expected.get(i++));
                }
            }
            assertThat(expected.stream().filter(e -> !e.isEmpty()).count()).isGreaterThan(20);
            assertThat(owner.malLog().size()).isGreaterThan(0);
        }
    }

    @Test
    void aShardAnswersOnlyItsOwnDocumentsWithDecreasingScores() throws IOException {
        try (ShardIndex shards = ShardIndex.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            ShardService zero = shards.shard(0);
            ShardService one = shards.shard(1);
            ShardResult a = zero.search(new ShardQuery("u3", "r1", "budget", 50));
            ShardResult b = one.search(new ShardQuery("u3", "r1", "budget", 50));
            assertThat(a.shard()).isZero();
            assertThat(b.shard()).isEqualTo(1);
            assertThat(a.hits()).isNotEmpty();
            assertThat(a.hits()).extracting(ShardHit::id).doesNotContainAnyElementsOf(
                    b.hits().stream().map(ShardHit::id).toList());
            for (int i = 1; i < a.hits().size(); i++) {
                assertThat(a.hits().get(i).score()).isLessThanOrEqualTo(a.hits().get(i - 1).score());
            }
            assertThat(zero.documents() + one.documents()).isEqualTo(300);
        }
    }

    @Test
    void anEmployeesMalEntryAppendedByTheOwnerCountsAtTheShardsNextSearch() throws IOException {
        try (DataSet owner = DataSet.open(data);
             ShardIndex shards = ShardIndex.open(data, index, Monitoring.REFERENCE_MONITOR);
             FanOut fanOut = FanOut.ofShards(List.of(shards.shard(0), shards.shard(1)))) {
            Conduit target = protectedDocumentNotLoggedFor(owner, "e0", "r1");
            String unique = "uniq" + target.id().substring(1);
            ShardQuery query = new ShardQuery("e0", "r1", unique, 10);

            assertThat(fanOut.search(query)).extracting(ShardHit::id).doesNotContain(target.id());
            owner.malLog().append("e0", target.id(), "support case");
            assertThat(fanOut.search(query)).extracting(ShardHit::id).containsExactly(target.id());
            // The document's owner's other users still do not see it.
            assertThat(fanOut.search(new ShardQuery(stranger(owner, target), "r1", unique, 10))).isEmpty();
        }
    }

    @Test
    void theMonitorRefusesToServeAnIndexBuiltWithoutIt() throws IOException {
        // A plain-Lucene index carries no labels: serving it under the monitor would release unlabelled data.
        IndexLayout plain = TestData.indexPlain(data, dir.resolve("plain-index"), 2);
        assertThatThrownBy(() -> ShardIndex.open(data, plain, Monitoring.REFERENCE_MONITOR).close())
                .hasMessageContaining("--no-policy");
    }

    @Test
    void theBaselineServesTheSameIndexWithoutAMonitor() throws IOException {
        try (ShardIndex monitored = ShardIndex.open(data, index, Monitoring.REFERENCE_MONITOR);
             ShardIndex plain = ShardIndex.open(data, index, Monitoring.NONE)) {
            ShardService policy = monitored.shard(1);
            ShardService baseline = plain.shard(1);
            assertThat(baseline.monitored()).isFalse();
            for (Session session : sessions()) {
                ShardQuery q = new ShardQuery(session.principal(), session.region(), "fishing", 10);
                assertThat(baseline.search(q)).isEqualTo(policy.search(q));
            }
        }
    }

    @Test
    void aShardWhoseFilterIgnoresTheSessionIsRefusedNotAnswered() throws IOException {
        try (DataSet owner = DataSet.open(data);
             ShardIndex shards = ShardIndex.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            Conduit secret = protectedDocumentNotLoggedFor(owner, "e0", "r1");
            String unique = "uniq" + secret.id().substring(1);
            int shard = shardOf(secret.id());
            ShardService faulty = shards.shard(shard).withComponents(SearchComponents.plain());
            String stranger = stranger(owner, secret);

            assertThatThrownBy(() -> faulty.search(new ShardQuery(stranger, "r1", unique, 10)))
                    .isInstanceOf(ShardRefusedException.class)
                    .hasMessageContaining("shard " + shard).hasMessageContaining("refused by the monitor (incident ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContainPattern("\\b" + secret.id() + "\\b"));
            // The owner may read it, so the same faulty search is released to her.
            assertThat(faulty.search(new ShardQuery(secret.owner(), "r1", unique, 10)).hits())
                    .extracting(ShardHit::id).containsExactly(secret.id());
        }
    }

    /** Where a document is indexed, asked of raw Lucene (no monitor, no filter). */
    private static int shardOf(String id) throws IOException {
        String unique = "uniq" + id.substring(1);
        try (ShardIndex plain = ShardIndex.open(data, index, Monitoring.NONE)) {
            for (int s = 0; s < plain.shards(); s++) {
                ShardService raw = plain.shard(s).withComponents(SearchComponents.plain());
                if (!raw.search(new ShardQuery("anyone", null, unique, 1)).hits().isEmpty()) {
                    return s;
                }
            }
        }
        throw new AssertionError(id + " is in no shard");
    }

    private static Conduit protectedDocumentNotLoggedFor(DataSet data, String employee, String region) {
        FactSource facts = data.engine().facts();
        try (Stream<Conduit> all = data.policies().conduits()) {
            return all.filter(c -> c.id().startsWith("d"))
                    .filter(c -> !c.attributes().get("template").startsWith("public"))
                    .filter(c -> !c.owner().equals(employee))
                    .filter(c -> !facts.contains("logged", List.of(employee, c.id())))
                    .filter(c -> !facts.contains("blocked", List.of(region, c.id())))
                    .findFirst().orElseThrow();
        }
    }

    private static String stranger(DataSet data, Conduit document) {
        FactSource facts = data.engine().facts();
        for (int u = 0; ; u++) {
            String user = "u" + u;
            if (!user.equals(document.owner()) && !facts.contains("friend", List.of(document.owner(), user))) {
                return user;
            }
        }
    }
}
