package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.ShardService;
import org.maat.core.task.Monitoring;

/**
 * A query too expensive to run is a bad request (400, saying which limit); a query that ran past a
 * shard's time budget is 503 with the reason. Either way nothing is released and the query is not
 * recorded in the history.
 */
class QueryCostFrontendTest {

    @TempDir
    static Path root;
    static TestSite site;

    @BeforeAll
    static void open() throws IOException {
        // Real shards whose time budget is zero: every search that collects anything is stopped.
        site = TestSite.open(root, Monitoring.REFERENCE_MONITOR, shard -> ((ShardService) shard).withQueryBudget(Duration.ZERO));
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void theIssuesRepeatedFuzzyQueryIsABadRequestNamingTheLimit() {
        UserSession user = site.login("u1", "r1");
        String query = "common~2 ".repeat(56).substring(0, 500);
        assertThatThrownBy(() -> site.frontend.search(user, query, 10))
                .isInstanceOfSatisfying(RequestException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("the query is too expensive")
                            .contains("110 fuzzy, prefix or wildcard clauses").contains("at most 8");
                });
    }

    @Test
    void aQueryPastTheShardsTimeBudgetIsUnavailableWithTheReason() {
        UserSession user = site.login("u2", "r1");
        assertThatThrownBy(() -> site.frontend.search(user, "budget", 10))
                .isInstanceOfSatisfying(RequestException.class, e -> {
                    assertThat(e.status()).isEqualTo(503);
                    assertThat(e.getMessage()).contains("ran longer than").contains("budget and was stopped");
                });
    }
}
