package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;

/**
 * The policy run returns exactly the unfiltered results minus the documents the session may not
 * read, in the same order, for every shard count. Both rank with the statistics of what every session
 * of the region may read (their equality with plain Lucene over exactly those documents is
 * {@code ReadableStatisticsTest}'s), so the unfiltered ranking is taken per region.
 */
class PolicySearchCorrectnessTest {

    private static final int K = 10;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3})
    void policyResultsArePlainResultsMinusUnreadableDocumentsInTheSameOrder(int shards) throws Exception {
        DataDir data = TestData.generate(dir, 400, 11);
        IndexLayout monitored = TestData.index(data, dir.resolve("monitored"), shards);
        IndexLayout plain = TestData.indexPlain(data, dir.resolve("plain"), shards);

        List<Session> sessions = new ArrayList<>();
        for (int u = 0; u < TestData.SPEC.users(); u += 3) {
            sessions.add(Session.of("u" + u, u % 2 == 0 ? "r0" : "r1"));
        }
        sessions.add(Session.of("e0", "r1"));
        sessions.add(Session.of("e0", "r0"));
        List<String> queries = new ArrayList<>(TestData.VOCABULARY.subList(0, 8));
        queries.addAll(List.of("budget fishing", "water OR climate", "\"council vote\"", "tax -market", "uniq17"));

        Map<String, List<String>> plainHits = new LinkedHashMap<>();
        try (SearchService service = SearchService.open(data, plain, Monitoring.NONE)) {
            for (String q : queries) {
                for (String region : List.of("r0", "r1")) {
                    // Unfiltered: every document, ranked with the region's readable statistics.
                    plainHits.put(region + " " + q,
                            service.search(Session.of("anyone", region), q, 400, SearchComponents.plain()));
                }
            }
        }
        int compared = 0;
        int withheld = 0;
        try (SearchService service = SearchService.open(data, monitored, Monitoring.REFERENCE_MONITOR)) {
            for (Session session : sessions) {
                try (Task checker = service.monitor().open(session, TaskMode.UNCONFINED)) {
                    for (String q : queries) {
                        List<String> unfiltered = plainHits.get(session.region() + " " + q);
                        List<String> readable = unfiltered.stream()
                                .filter(id -> checker.mayRead(service.data().policies().find(id).orElseThrow()))
                                .limit(K).toList();
                        List<String> got = service.search(session, q, K);
                        assertThat(got).as("%s searching '%s' on %d shards", session, q, shards).isEqualTo(readable);
                        compared += got.size();
                        withheld += (int) unfiltered.stream().limit(K).filter(id -> !readable.contains(id)).count();
                    }
                }
            }
        }
        assertThat(compared).as("results compared").isGreaterThan(500);
        assertThat(withheld).as("plain top hits the sessions may not read").isGreaterThan(50);
    }
}
