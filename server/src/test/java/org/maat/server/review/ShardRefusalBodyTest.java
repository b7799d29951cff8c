package org.maat.server.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;
import org.maat.server.ServedDataFixture;
import org.maat.server.ShardServer;

/**
 * Review attack on the shard server's error bodies: "a refusal as the monitor's explanation (written by the
 * monitor from labels: ids, rules, owners)". A buggy search task (its retrieval) reads another user's private
 * title and lists it as if it were an id. The monitor refuses the list and quotes the listed string in its
 * refusal; the shard answers 403 with that text, and the fan-out client's {@code ShardRefusedException}
 * carries it into the front-end's process.
 */
class ShardRefusalBodyTest {

    @TempDir
    static Path dir;

    static final ShardSecret SECRET = ShardSecret.generate();

    @Test
    void aBuggyTasksListedTitleNeverReachesTheShardsRefusalBody() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir, 120);
        String[] secretAndStranger = privateDocumentAndStranger(served);
        String title;
        try (DataSet data = DataSet.openFollower(served.data())) {
            title = data.documents().get(secretAndStranger[0]).orElseThrow().title();
        }
        String secret = "owner-of-" + secretAndStranger[0] + ":" + title;
        HttpClient http = HttpClient.newHttpClient();
        try (ShardIndex index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR)) {
            ShardSearcher buggy = index.shard(0).withComponents(SearchComponents.standard().withRetrieval(() -> 
                    (shards, q, k) -> List.of(secret)));
            try (ShardServer server = ShardServer.start(buggy, SECRET, "127.0.0.1", 0, "buggy-shard");
                 FanOut fanOut = new FanOut(ShardTopology.ofShards(List.of(server.url()))
                         .clients(http, Duration.ofSeconds(10), SECRET))) {
                String body = "{\"user\":\"" + secretAndStranger[1] + "\",\"region\":\"r1\",\"query\":\"budget\",\"k\":5}";
                HttpResponse<String> answer = post(http, server.url(), "/shard/search", body);
                assertThat(answer.body()).as("the shard's answer (%d)", answer.statusCode())
                        .doesNotContain(secret).doesNotContain(title);
                Throwable client = catchThrowable(
                        () -> fanOut.search(new ShardQuery(secretAndStranger[1], "r1", "budget", 5)));
                assertThat(client).isNotNull();
                assertThat(String.valueOf(client.getMessage())).as("what the front-end's process receives")
                        .doesNotContain(title);
            }
        }
    }

    private static HttpResponse<String> post(HttpClient http, URI base, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .header(ShardRequestAuth.HEADER, new ShardRequestAuth(SECRET).sign("POST", path,
                        body.getBytes(StandardCharsets.UTF_8)))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A private (not public) document, and a user who is neither its owner nor a friend. */
    private static String[] privateDocumentAndStranger(ServedDataFixture served) throws IOException {
        try (DataSet data = DataSet.openFollower(served.data())) {
            FactSource facts = data.engine().facts();
            try (Stream<Conduit> all = data.policies().conduits()) {
                Conduit secret = all.filter(c -> c.id().startsWith("d"))
                        .filter(c -> !c.attributes().getOrDefault("template", "public").startsWith("public"))
                        .findFirst().orElseThrow();
                for (int u = 0; ; u++) {
                    String user = "u" + u;
                    if (!user.equals(secret.owner()) && !facts.contains("friend", List.of(secret.owner(), user))) {
                        return new String[] {secret.id(), user};
                    }
                }
            }
        }
    }
}
