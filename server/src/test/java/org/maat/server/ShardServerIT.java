package org.maat.server;

import org.maat.core.search.Retrieval;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRefusedException;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;

/** Shard servers over a real index, reached over HTTP on loopback. */
class ShardServerIT {

    @TempDir
    static Path dir;
    static ShardIndex index;
    static ServedDataFixture served;
    static final List<ShardServer> servers = new ArrayList<>();
    static final HttpClient http = HttpClient.newHttpClient();
    static final ShardSecret SECRET = ShardSecret.generate();

    @BeforeAll
    static void serve() throws IOException {
        served = ServedDataFixture.generate(dir, 200);
        index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR);
        for (int s = 0; s < 2; s++) {
            for (int r = 0; r < 2; r++) {
                servers.add(ShardServer.start(index.shard(s), SECRET, "127.0.0.1", 0, "shard-" + s + "-replica-" + r));
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

    /** A request signed as the front-end signs it. */
    private static HttpResponse<String> post(URI base, String path, String body) throws Exception {
        return post(base, path, body, new ShardRequestAuth(SECRET).sign("POST", path,
                body.getBytes(StandardCharsets.UTF_8)));
    }

    /** A request with the given {@code Authorization} header, or none when null. */
    private static HttpResponse<String> post(URI base, String path, String body, String credential) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json");
        if (credential != null) {
            request.header(ShardRequestAuth.HEADER, credential);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRequestWithoutTheFrontendsCredentialIsRefusedWithJsonAndRunsNoSearch() throws Exception {
        AtomicInteger searches = new AtomicInteger();
        ShardSearcher real = index.shard(0);
        ShardSearcher counted = query -> {
            searches.incrementAndGet();
            return real.search(query);
        };
        String body = "{\"user\":\"u5\",\"region\":\"r1\",\"query\":\"budget\",\"k\":5}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (ShardServer server = ShardServer.start(counted, SECRET, "127.0.0.1", 0, "counted-shard")) {
            HttpResponse<String> none = post(server.url(), "/shard/search", body, null);
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                    .startsWith("application/json"));
            assertThat(none.body()).contains("\"error\":\"unauthenticated\"").doesNotContain("\tat ");

            String foreign = new ShardRequestAuth(ShardSecret.generate()).sign("POST", "/shard/search", bytes);
            HttpResponse<String> wrong = post(server.url(), "/shard/search", body, foreign);
            assertThat(wrong.statusCode()).isEqualTo(403);
            assertThat(wrong.body()).contains("\"error\":\"forbidden\"").doesNotContain("\tat ");

            String other = body.replace("u5", "u6");
            String signedForU6 = new ShardRequestAuth(SECRET).sign("POST", "/shard/search",
                    other.getBytes(StandardCharsets.UTF_8));
            assertThat(post(server.url(), "/shard/search", body, signedForU6).statusCode()).isEqualTo(403);
            assertThat(post(server.url(), "/shard/search", body, "Bearer " + "0".repeat(64)).statusCode())
                    .isEqualTo(403);
            assertThat(searches).as("searches run for refused requests").hasValue(0);

            // The front-end's own request passes, once: the same signed request again is a replay.
            String signed = new ShardRequestAuth(SECRET).sign("POST", "/shard/search", bytes);
            HttpResponse<String> ok = post(server.url(), "/shard/search", body, signed);
            assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
            assertThat(searches).hasValue(1);
            HttpResponse<String> replay = post(server.url(), "/shard/search", body, signed);
            assertThat(replay.statusCode()).isEqualTo(403);
            assertThat(replay.body()).contains("replay");
            assertThat(searches).hasValue(1);

            // A front-end with another secret gets an I/O error naming the credential, not a monitor refusal.
            ShardTopology alone = ShardTopology.ofShards(List.of(server.url()));
            try (FanOut stranger = new FanOut(alone.clients(http, Duration.ofSeconds(10), ShardSecret.generate()))) {
                assertThatThrownBy(() -> stranger.search(new ShardQuery("u5", "r1", "budget", 5)))
                        .isInstanceOf(IOException.class).hasMessageContaining("credential");
            }
            assertThat(searches).hasValue(1);
        }
    }

    @Test
    void shardsOverHttpAnswerWhatTheSameShardsAnswerInProcess() throws IOException {
        try (FanOut remote = new FanOut(topology().clients(http, Duration.ofSeconds(10), SECRET));
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
        ShardServer lonely = ShardServer.start(own.shard(1), SECRET, "127.0.0.1", 0, "shard-1-spare");
        ShardServer doomed = ShardServer.start(own.shard(1), SECRET, "127.0.0.1", 0, "shard-1-doomed");
        ShardTopology topology = new ShardTopology(List.of(List.of(servers.get(0).url()),
                List.of(doomed.url(), lonely.url())));
        try (FanOut fanOut = new FanOut(topology.clients(http, Duration.ofSeconds(10), SECRET))) {
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

    @Test
    void aRefusalByTheShardsMonitorIs403InTheRuntimesWordsNamingNoListedId() throws Exception {
        // A shard whose filter ignores the session: searching for a private document as a stranger.
        String[] secretAndStranger = privateDocumentAndStranger();
        String unique = "uniq" + secretAndStranger[0].substring(1);
        List<ShardServer> faulty = new ArrayList<>();
        try {
            for (int s = 0; s < 2; s++) {
                faulty.add(ShardServer.start(index.shard(s).withComponents(SearchComponents.plain()), SECRET, "127.0.0.1", 0,
                        "faulty-shard-" + s));
            }
            String body = "{\"user\":\"" + secretAndStranger[1] + "\",\"region\":\"r1\",\"query\":\"" + unique
                    + "\",\"k\":5}";
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (ShardServer f : faulty) {
                answers.add(post(f.url(), "/shard/search", body));
            }
            // The shard holding the document refuses; the other has nothing to release.
            assertThat(answers).extracting(HttpResponse::statusCode).containsExactlyInAnyOrder(200, 403);
            HttpResponse<String> refused = answers.stream().filter(a -> a.statusCode() == 403).findFirst().orElseThrow();
            assertThat(refused.body()).contains("\"error\":\"refused\"").contains("refused by the monitor (incident ")
                    .doesNotContainPattern("\\b" + secretAndStranger[0] + "\\b").doesNotContain("\tat ");

            ShardTopology topology = ShardTopology.ofShards(faulty.stream().map(ShardServer::url).toList());
            try (FanOut fanOut = new FanOut(topology.clients(http, Duration.ofSeconds(10), SECRET))) {
                assertThatThrownBy(() -> fanOut.search(new ShardQuery(secretAndStranger[1], "r1", unique, 5)))
                        .isInstanceOf(ShardRefusedException.class)
                        .satisfies(e -> assertThat(e.getMessage()).doesNotContainPattern("\\b" + secretAndStranger[0] + "\\b"));
            }
        } finally {
            faulty.forEach(ShardServer::close);
        }
    }

    @Test
    void aBuggySearchTasksExceptionNeverReachesTheShardsAnswer() throws Exception {
        // A shard running a search task that reads the index, then throws another user's private title in a
        // random exception shape (message, cause, suppressed). The answer is the runtime's text only.
        String[] secretAndStranger = privateDocumentAndStranger();
        String title;
        try (DataSet data = DataSet.openFollower(served.data())) {
            title = data.documents().get(secretAndStranger[0]).orElseThrow().title();
        }
        AtomicReference<Throwable> planted = new AtomicReference<>();
        Retrieval standard = Retrieval.standard();
        ShardSearcher buggy = index.shard(0).withComponents(SearchComponents.standard().withRetrieval(() -> (shards, q, k) -> {
            standard.topIds(shards, q, k);
            throw sneaky(planted.get());
        }));
        Random random = new Random(2828);
        try (ShardServer server = ShardServer.start(buggy, SECRET, "127.0.0.1", 0, "buggy-shard");
             FanOut fanOut = new FanOut(ShardTopology.ofShards(List.of(server.url()))
                     .clients(http, Duration.ofSeconds(10), SECRET))) {
            for (int round = 0; round < 12; round++) {
                String secret = "owner=u2 title=" + title + " #" + Long.toHexString(random.nextLong());
                Throwable thrown = switch (random.nextInt(4)) {
                    case 0 -> new IllegalArgumentException("bad owner clause: " + secret);
                    case 1 -> new IllegalStateException(secret);
                    case 2 -> new IOException(secret);
                    default -> new RuntimeException("wrapped", new IllegalArgumentException(secret));
                };
                if (random.nextBoolean()) {
                    thrown.addSuppressed(new IllegalStateException(secret));
                }
                planted.set(thrown);
                String body = "{\"user\":\"" + secretAndStranger[1] + "\",\"region\":\"r1\",\"query\":\"budget\",\"k\":5}";
                HttpResponse<String> answer = post(server.url(), "/shard/search", body);
                assertThat(answer.statusCode()).as("round %d: %s", round, thrown).isEqualTo(500);
                assertThat(answer.body()).as("round %d", round).contains("\"error\":\"failed\"")
                        .containsPattern("the search task failed \\(incident [0-9a-f]{10}\\)")
                        .doesNotContain(secret).doesNotContain(title).doesNotContain("\tat ");
                Throwable client = org.assertj.core.api.Assertions.catchThrowable(
                        () -> fanOut.search(new ShardQuery(secretAndStranger[1], "r1", "budget", 5)));
                assertThat(client).isNotNull();
                assertThat(client.getMessage()).doesNotContain(secret).doesNotContain(title);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E {
        throw (E) t;
    }

    /** A private (not public) document, and a user who is neither its owner nor a friend nor an employee. */
    private static String[] privateDocumentAndStranger() throws IOException {
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
