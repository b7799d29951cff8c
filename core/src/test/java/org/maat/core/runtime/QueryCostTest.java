package org.maat.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.search.QueryTooExpensiveException;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;

/**
 * The cost of a query is bounded: expansions and repeated terms are refused before the search runs
 * (400 at the edges), and a search past its deadline is stopped and says so (503), never released.
 */
class QueryCostTest {

    /** The query: 500 characters of repeated {@code common~2} (36.6 s on 400 documents before). */
    static final String PATHOLOGICAL = "common~2 ".repeat(56).substring(0, 500);

    @TempDir
    static Path dir;
    static DataDir data;
    static IndexLayout layout;
    static SearchService service;

    @BeforeAll
    static void open() throws IOException {
        data = TestData.generate(dir, 400, 5);
        layout = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
    }

    @AfterAll
    static void close() throws IOException {
        service.close();
    }

    @Test
    void repeatedFuzzyTermsAreRefusedAsTooExpensiveBeforeTheSearchRuns() {
        assertThat(PATHOLOGICAL).hasSize(500);
        Session u1 = Session.of("u1", "r0");
        assertThatThrownBy(() -> service.search(u1, PATHOLOGICAL, 10))
                .isInstanceOf(QueryTooExpensiveException.class)
                .hasMessageContaining("the query is too expensive: it has 110 fuzzy, prefix or wildcard clauses")
                .hasMessageContaining("at most 8 are allowed");
        assertThatThrownBy(() -> service.searchRanked(u1, "budget ".repeat(260), 10))
                .isInstanceOf(QueryTooExpensiveException.class)
                .hasMessageContaining("it has 520 term clauses");
    }

    @Test
    void theLongestPlainQueryTheFrontendAcceptsStillRuns() throws IOException {
        // 250 one-letter words fill the front-end's 500 characters: 500 term clauses over title and body.
        assertThat(service.search(Session.of("u1", "r0"), "a ".repeat(249) + "budget", 10)).isNotNull();
    }

    @Test
    void aFewFuzzyTermsStillRun() throws IOException {
        assertThat(service.search(Session.of("u1", "r0"), "budgte~2 councl~1", 10)).isNotEmpty();
    }

    @Test
    void aSearchPastItsDeadlineIsStoppedAndReleasesNothing() {
        SearchService hurried = service.withQueryBudget(Duration.ZERO);
        assertThatThrownBy(() -> hurried.search(Session.of("u1", "r0"), "budget", 10))
                .isInstanceOf(QueryTimedOutException.class)
                .hasMessageContaining("ran longer than its 0 ms budget and was stopped");
    }

    @Test
    void shardsAnswerTheSameThroughAFanOut() throws IOException {
        try (ShardIndex index = ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            ShardService zero = index.shard(0);
            ShardService one = index.shard(1);
            try (FanOut fanOut = FanOut.ofShards(List.of(zero, one));
                    FanOut hurried = FanOut.ofShards(List.of(zero.withQueryBudget(Duration.ZERO),
                            one.withQueryBudget(Duration.ZERO)))) {
                assertThatThrownBy(() -> fanOut.search(new ShardQuery("u1", "r0", PATHOLOGICAL, 10)))
                        .isInstanceOf(QueryTooExpensiveException.class);
                assertThatThrownBy(() -> hurried.search(new ShardQuery("u1", "r0", "budget", 10)))
                        .isInstanceOf(QueryTimedOutException.class);
            }
        }
    }
}
