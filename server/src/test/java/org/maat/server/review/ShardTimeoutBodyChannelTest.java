package org.maat.server.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.ShardRouter;
import org.maat.core.search.ConstructorTimeoutRetrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardClient;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardSecret;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;
import org.maat.server.ServedDataFixture;
import org.maat.server.ShardServer;

/**
 * The shard server's 503 {@code timed-out} body: "shard bodies ... name a failure only in the runtime's words". The
 * server writes a {@code QueryTimedOutException}'s message into that body, and its client turns the body back into a
 * timeout with that message, which the front-end shows the reader. The shard serves a buggy retrieval (core's
 * {@link ConstructorTimeoutRetrieval}): a stranger's search, confined, hangs a private title on Lucene's JVM-wide
 * {@code SortField.FIELD_SCORE}; in another user's next search the runtime makes the search's parts before the task
 * boundary runs, and the retrieval's constructor throws the title as a timeout. The test fails when the observer's
 * answer (the body, and what the front-end's shard client makes of it) carries the title.
 */
class ShardTimeoutBodyChannelTest {

    @TempDir
    static Path dir;

    static final ShardSecret SECRET = ShardSecret.generate();

    private final Comparator<BytesRef> before = SortField.FIELD_SCORE.getBytesComparator();

    @AfterEach
    void putBack() {
        SortField.FIELD_SCORE.setBytesComparator(before);
    }

    @Test
    void theShardsTimeoutBodyDoesNotCarryATitleAnotherUsersTaskRead() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir, 120);
        String[] secretStrangerObserver = privateDocumentOnShard0AndTwoStrangers(served);
        String secret = secretStrangerObserver[0];
        String title;
        try (DataSet data = DataSet.openFollower(served.data())) {
            title = data.documents().get(secret).orElseThrow().title();
        }
        HttpClient http = HttpClient.newHttpClient();
        try (ShardIndex index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR);
             ShardServer server = ShardServer.start(index.shard(0).withComponents(SearchComponents.standard()
                     .withRetrieval(() -> new ConstructorTimeoutRetrieval(secret))), SECRET, "127.0.0.1", 0,
                     "shard-0")) {
            HttpResponse<String> planted = post(http, server.url(), query(secretStrangerObserver[1]));
            HttpResponse<String> observed = post(http, server.url(), query(secretStrangerObserver[2]));
            ShardClient client = new ShardClient(server.url(), http, ShardClient.REQUEST_TIMEOUT,
                    new ShardRequestAuth(SECRET));
            Throwable clientSaw = catchThrowable(() -> client.search(
                    new ShardQuery(secretStrangerObserver[2], "r1", "parliament", 5)));
            // The boundary may fail the planter's task for what it left in Lucene's shared state (put back there).
            assertThat(planted.statusCode()).as("the stranger's search, which planted the title: %s", planted.body())
                    .isIn(200, 500);
            assertThat(observed.statusCode() + " " + observed.body() + " / front-end's client: " + clientSaw)
                    .as("the observer's answer from the shard server; the title of %s, which %s may not read",
                            secret, secretStrangerObserver[2])
                    .doesNotContain(title);
        }
    }

    private static String query(String user) {
        return "{\"user\":\"" + user + "\",\"region\":\"r1\",\"query\":\"parliament\",\"k\":5}";
    }

    private static HttpResponse<String> post(HttpClient http, URI base, String body) throws Exception {
        String path = "/shard/search";
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .header(ShardRequestAuth.HEADER, new ShardRequestAuth(SECRET).sign("POST", path,
                        body.getBytes(StandardCharsets.UTF_8)))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A private document routed to shard 0, and two users who are neither its owner nor a friend of the owner. */
    private static String[] privateDocumentOnShard0AndTwoStrangers(ServedDataFixture served) throws Exception {
        try (DataSet data = DataSet.openFollower(served.data());
             ShardIndex index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR)) {
            ShardRouter router = new ShardRouter(index.shards());
            FactSource facts = data.engine().facts();
            try (Stream<Conduit> all = data.policies().conduits()) {
                Conduit secret = all.filter(c -> c.id().startsWith("d")).filter(c -> router.shard(c.id()) == 0)
                        .filter(c -> c.attributes().getOrDefault("template", "public").startsWith("private"))
                        .findFirst().orElseThrow();
                List<String> strangers = new java.util.ArrayList<>();
                for (int u = 0; strangers.size() < 2; u++) {
                    String user = "u" + u;
                    if (!user.equals(secret.owner()) && !facts.contains("friend", List.of(secret.owner(), user))) {
                        strangers.add(user);
                    }
                }
                return new String[] {secret.id(), strangers.get(0), strangers.get(1)};
            }
        }
    }
}
