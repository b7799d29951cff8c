package org.maat.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.server.testwar.ConfigEchoServlet;
import org.maat.server.testwar.FailingStartServlet;

/**
 * The launcher behind {@code maat serve}: shard servers for a topology and a WAR deployed through a
 * {@code WebAppContext} with its configuration, all on loopback, all stopped by close.
 */
class SearchDeploymentIT {

    @TempDir
    static Path dir;
    static ServedDataFixture served;
    static Path echoWar;
    static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    static void generate() throws IOException {
        served = ServedDataFixture.generate(dir.resolve("served"), 120);
        echoWar = TestWars.build(dir.resolve("echo.war"), ConfigEchoServlet.class);
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void fourServersServeTwoShardsTwiceAndTheWarGetsTheirUrls() throws Exception {
        URI front;
        ShardTopology shards;
        Path secretFile;
        try (SearchDeployment deployment = SearchDeployment.start(echoWar, served.data(), served.index(),
                Topology.FOUR_SERVERS, Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c.withMaxConcurrent(7).withSessionMinutes(3))) {
            front = deployment.url();
            shards = deployment.shards();
            assertThat(shards.shards()).hasSize(2).allSatisfy(replicas -> assertThat(replicas).hasSize(2));
            assertThat(deployment.shardServers()).hasSize(4);

            HttpResponse<String> config = get(front.resolve("/config"));
            assertThat(config.statusCode()).isEqualTo(200);
            assertThat(config.body().lines().filter(l -> !l.startsWith("maat.shardSecretFile=")).toList())
                    .containsExactly(
                    "maat.data=" + served.data().root().toAbsolutePath(),
                    "maat.index=" + served.index().root().toAbsolutePath(),
                    "maat.maxConcurrent=7",
                    "maat.maxQueued=7",
                    "maat.policy=true",
                    "maat.sessionMinutes=3",
                    "maat.shards=" + shards);
            secretFile = Path.of(config.body().lines().filter(l -> l.startsWith("maat.shardSecretFile="))
                    .findFirst().orElseThrow().substring("maat.shardSecretFile=".length()));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secretFile))).isEqualTo("rw-------");
            assertThat(ShardTopology.parse(config.body().lines().filter(l -> l.startsWith("maat.shards="))
                    .findFirst().orElseThrow().substring("maat.shards=".length()))).isEqualTo(shards);
            assertThat(get(front.resolve("/index.html")).body()).contains("test war");

            // The shards answer what the WAR will ask them.
            try (FanOut fanOut = new FanOut(shards.clients(http, Duration.ofSeconds(5), deployment.shardSecret()))) {
                assertThat(fanOut.search(new ShardQuery("u1", "r1", "budget", 5))).isNotEmpty();
            }
        }
        // Everything stopped, and the secret's file is gone.
        assertThat(secretFile).doesNotExist();
        assertThatThrownBy(() -> get(front.resolve("/config"))).isInstanceOf(ConnectException.class);
        for (List<URI> replicas : shards.shards()) {
            for (URI shard : replicas) {
                assertThatThrownBy(() -> get(shard)).isInstanceOf(ConnectException.class);
            }
        }
    }

    @Test
    void theBaselineIsConfiguredWithoutPolicy() throws Exception {
        try (SearchDeployment deployment = SearchDeployment.start(echoWar, served.data(), served.index(),
                Topology.TWO_SERVERS, Monitoring.NONE, "127.0.0.1", 0, c -> c)) {
            assertThat(deployment.shardServers()).hasSize(2);
            assertThat(get(deployment.url().resolve("/config")).body()).contains("maat.policy=false");
        }
    }

    @Test
    void aWarThatCannotStartFailsTheStartAndLeavesNothingRunning() throws Exception {
        Path broken = TestWars.build(dir.resolve("broken.war"), FailingStartServlet.class);
        assertThatThrownBy(() -> SearchDeployment.start(broken, served.data(), served.index(), Topology.TWO_SERVERS,
                Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c)).isInstanceOf(IOException.class)
                .hasMessageContaining("did not start");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("shard-")
                || t.getName().startsWith("front-end"));
    }

    @Test
    void aMissingWarIsNamed() {
        Path missing = dir.resolve("nothing.war");
        assertThatThrownBy(() -> SearchDeployment.start(missing, served.data(), served.index(), Topology.TWO_SERVERS,
                Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c)).isInstanceOf(IOException.class)
                .hasMessageContaining(missing.toString());
    }

    @Test
    void aTopologyThatDoesNotFitTheIndexIsExplained() throws IOException {
        IndexLayout oneShard = new IndexLayout(dir.resolve("one-shard"));
        IndexRun.standard().run(served.data(), oneShard, 1, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThatThrownBy(() -> SearchDeployment.start(echoWar, served.data(), oneShard, Topology.TWO_SERVERS,
                Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("serves 2 shards").hasMessageContaining("has 1");
        assertThatThrownBy(() -> Topology.parse("3servers")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2servers, 4servers");
    }
}
