package org.maat.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.shard.ShardClient;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardProtocol;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardSecret;
import org.maat.core.task.Monitoring;

/** A shard server answers a too expensive query 400 and a query past its time budget 503, both as JSON. */
class ShardServerQueryCostIT {

    @TempDir
    static Path dir;
    static ShardIndex index;
    static ShardServer normal;
    static ShardServer hurried;
    static final HttpClient http = HttpClient.newHttpClient();
    static final ShardSecret SECRET = ShardSecret.generate();

    @BeforeAll
    static void serve() throws IOException {
        ServedDataFixture served = ServedDataFixture.generate(dir, 200);
        index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR);
        normal = ShardServer.start(index.shard(0), SECRET, "127.0.0.1", 0, "shard-0");
        hurried = ShardServer.start(index.shard(0).withQueryBudget(Duration.ZERO), SECRET, "127.0.0.1", 0, "shard-0-hurried");
    }

    @AfterAll
    static void stop() throws IOException {
        normal.close();
        hurried.close();
        index.close();
    }

    private static HttpResponse<String> post(ShardServer server, ShardQuery query) throws Exception {
        byte[] body = ShardProtocol.writeQuery(query);
        return http.send(HttpRequest.newBuilder(server.url().resolve(ShardProtocol.SEARCH_PATH))
                .header("Content-Type", ShardProtocol.CONTENT_TYPE)
                .header(ShardRequestAuth.HEADER, new ShardRequestAuth(SECRET).sign("POST", ShardProtocol.SEARCH_PATH, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theIssuesRepeatedFuzzyQueryIs400WithTheLimit() throws Exception {
        HttpResponse<String> response = post(normal, new ShardQuery("u1", "r0", "common~2 ".repeat(56).substring(0, 500), 10));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("\"error\":\"bad-request\"").contains("the query is too expensive");
    }

    @Test
    void aQueryPastTheBudgetIs503TimedOutAndTheClientSaysSo() throws Exception {
        HttpResponse<String> response = post(hurried, new ShardQuery("u1", "r0", "budget", 10));
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).contains("\"error\":\"timed-out\"").contains("was stopped");
        ShardClient client = new ShardClient(URI.create(hurried.url().toString()), http, Duration.ofSeconds(10),
                new ShardRequestAuth(SECRET));
        assertThatThrownBy(() -> client.search(new ShardQuery("u1", "r0", "budget", 10)))
                .isInstanceOf(QueryTimedOutException.class).hasMessageContaining("was stopped");
    }
}
