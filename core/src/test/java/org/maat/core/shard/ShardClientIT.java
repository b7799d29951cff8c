package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client against a real HTTP server on loopback (the JDK's, answering as a shard would): each
 * status becomes the outcome {@link ShardSearcher} promises.
 */
class ShardClientIT {

    private static final ShardRequestAuth AUTH = new ShardRequestAuth(ShardSecret.generate());

    private HttpServer server;
    private final AtomicReference<Integer> status = new AtomicReference<>(200);
    private final AtomicReference<byte[]> body = new AtomicReference<>();
    private final AtomicReference<ShardQuery> received = new AtomicReference<>();
    private final HttpClient http = ShardClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(ShardProtocol.SEARCH_PATH, exchange -> {
            try {
                received.set(ShardProtocol.readQuery(exchange.getRequestBody()));
            } catch (IllegalArgumentException e) {
                received.set(null);
            }
            byte[] answer = body.get();
            exchange.getResponseHeaders().add("Content-Type", ShardProtocol.CONTENT_TYPE);
            exchange.sendResponseHeaders(status.get(), answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private ShardClient client() {
        return new ShardClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), http,
                Duration.ofSeconds(5), AUTH);
    }

    private static final ShardQuery QUERY = new ShardQuery("u7", "r0", "tax", 4);

    @Test
    void aResultComesBackAsTheShardSentIt() throws IOException {
        ShardResult sent = new ShardResult(1, List.of(new ShardHit("d4", 2.0)));
        body.set(ShardProtocol.writeResult(sent));

        assertThat(client().search(QUERY)).isEqualTo(sent);
        assertThat(received.get()).isEqualTo(QUERY);
    }

    @Test
    void aRefusalCarriesTheShardsExplanation() {
        status.set(403);
        body.set(ShardProtocol.writeError(ShardProtocol.REFUSED, "write to r/3 refused: rule read of d9"));
        assertThatThrownBy(() -> client().search(QUERY)).isInstanceOf(ShardRefusedException.class)
                .hasMessage("write to r/3 refused: rule read of d9");
    }

    @Test
    void aBadRequestCarriesTheShardsMessage() {
        status.set(400);
        body.set(ShardProtocol.writeError(ShardProtocol.BAD_REQUEST, "k must be between 1 and 1000, not 0"));
        assertThatThrownBy(() -> client().search(QUERY)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k must be");
    }

    @Test
    void aServerErrorOrGarbageIsAnIoErrorNamingTheShard() {
        status.set(500);
        body.set(ShardProtocol.writeError(ShardProtocol.FAILED, "disk on fire"));
        assertThatThrownBy(() -> client().search(QUERY)).isInstanceOf(IOException.class)
                .hasMessageContaining("500").hasMessageContaining("disk on fire").hasMessageContaining("127.0.0.1");
        status.set(200);
        body.set("not json".getBytes());
        assertThatThrownBy(() -> client().search(QUERY)).isInstanceOf(IOException.class);
    }

    @Test
    void aShardThatIsNotThereIsAnIoError() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ShardClient nobody = new ShardClient(URI.create("http://127.0.0.1:" + port), http, Duration.ofSeconds(2), AUTH);
        assertThatThrownBy(() -> nobody.search(QUERY)).isInstanceOf(IOException.class)
                .hasMessageContaining("127.0.0.1:" + port);
    }

    @Test
    void aShardThatDoesNotAnswerInTimeIsAnIoError() throws IOException {
        server.createContext("/slow" + ShardProtocol.SEARCH_PATH, exchange -> {
            try {
                Thread.sleep(3_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        ShardClient slow = new ShardClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/slow"),
                http, Duration.ofMillis(300), AUTH);
        assertThatThrownBy(() -> slow.search(QUERY)).isInstanceOf(IOException.class).hasMessageContaining("/slow");
    }
}
