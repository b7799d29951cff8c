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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardTopology;

/** Shard servers over a real index, reached over HTTP on loopback. */
class ShardServerTest {

    @TempDir
    static Path dir;
    static ShardIndex index;
    static final List<ShardServer> servers = new ArrayList<>();
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void serve() throws IOException {
        ServedDataFixture served = ServedDataFixture.generate(dir, 200);
        index = ShardIndex.open(served.data(), served.index(), true);
        for (int s = 0; s < 2; s++) {
            for (int r = 0; r < 2; r++) {
                servers.add(ShardServer.start(index.shard(s), "127.0.0.1", 0, "shard-" + s + "-replica-" + r));
            }
        }
    }

    @AfterAll
    static void stop() throws IOException {
        servers.forEach(ShardServer::close);
        index.close();
    }

    private static ShardTopology topology() {
        return new ShardTopology(List.of(List.of(servers.get(0).url(), servers.get(1).url()),
                List.of(servers.get(2).url(), servers.get(3).url())));
    }

    private static HttpResponse<String> post(URI base, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shardsOverHttpAnswerWhatTheSameShardsAnswerInProcess() throws IOException {
        try (FanOut remote = new FanOut(topology().clients(http, Duration.ofSeconds(10)));
             FanOut local = FanOut.ofShards(List.of(index.shard(0), index.shard(1)))) {
            int nonEmpty = 0;
            for (int u = 0; u < ServedDataFixture.SPEC.users(); u += 3) {
                for (String q : List.of("budget", "fishing water", "tax OR energy")) {
                    ShardQuery query = new ShardQuery("u" + u, u % 2 == 0 ? "r0" : "r1", q, 10);
                    List<ShardHit> expected = local.search(query);
                    assertThat(remote.search(query)).as("u%d searching %s", u, q).isEqualTo(expected);
                    nonEmpty += expected.isEmpty() ? 0 : 1;
                }
            }
            assertThat(nonEmpty).isGreaterThan(10);
        }
    }

    @Test
    void aMalformedRequestGets400WithAMessageAndNoStackTrace() throws Exception {
        HttpResponse<String> response = post(servers.get(0).url(), "/shard/search",
                "{\"user\":\"u1\",\"query\":\"tax\",\"k\":0}");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("\"error\":\"bad-request\"").contains("k must be between")
                .doesNotContain("Exception").doesNotContain("\tat ");

        HttpResponse<String> garbage = post(servers.get(0).url(), "/shard/search", "{not json");
        assertThat(garbage.statusCode()).isEqualTo(400);
        assertThat(garbage.body()).contains("malformed shard request").doesNotContain("\tat ");
    }

    @Test
    void otherPathsAndMethodsAreRefusedWithJson() throws Exception {
        assertThat(post(servers.get(0).url(), "/admin", "{}").statusCode()).isEqualTo(404);
        HttpResponse<String> get = http.send(HttpRequest.newBuilder(servers.get(0).url().resolve("/shard/search"))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("Allow")).contains("POST");
        assertThat(get.body()).contains("takes POST");
    }

    @Test
    void whenAReplicaStopsTheOtherAnswersForItsShard() throws IOException {
        ShardIndex own = index;
        ShardServer lonely = ShardServer.start(own.shard(1), "127.0.0.1", 0, "shard-1-spare");
        ShardServer doomed = ShardServer.start(own.shard(1), "127.0.0.1", 0, "shard-1-doomed");
        ShardTopology topology = new ShardTopology(List.of(List.of(servers.get(0).url()),
                List.of(doomed.url(), lonely.url())));
        try (FanOut fanOut = new FanOut(topology.clients(http, Duration.ofSeconds(10)))) {
            ShardQuery query = new ShardQuery("u4", "r1", "budget", 5);
            List<ShardHit> before = fanOut.search(query);
            doomed.close();
            for (int i = 0; i < 4; i++) {
                assertThat(fanOut.search(query)).isEqualTo(before);
            }
            lonely.close();
            assertThatThrownBy(() -> fanOut.search(query)).isInstanceOf(IOException.class)
                    .hasMessageContaining("shard 1: no replica answered");
        } finally {
            lonely.close();
            doomed.close();
        }
    }
}
