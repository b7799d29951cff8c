package org.maat.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardProtocol;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.shard.ShardSecret;

/** A shard server sheds load with 503 once its running and waiting slots are full, and recovers. */
class ShardServerOverloadIT {

    private static final ShardSecret SECRET = ShardSecret.generate();

    /** A shard whose searches wait until the test lets them go, so the slots stay taken. */
    private static final class HeldShard implements ShardSearcher {
        final CountDownLatch release = new CountDownLatch(1);
        final Semaphore entered = new Semaphore(0);

        @Override
        public ShardResult search(ShardQuery query) {
            entered.release();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ShardResult(0, List.of(new ShardHit("d1", 1.0f)));
        }
    }

    @Test
    void aSearchBeyondTheRunningAndWaitingSlotsGets503AtOnceAndTheHeldOnesComplete() throws Exception {
        HeldShard shard = new HeldShard();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try (ShardServer server = ShardServer.start(shard, SECRET, "127.0.0.1", 0, "held-shard", 1, 1,
                Duration.ofSeconds(20))) {
            CompletableFuture<HttpResponse<String>> running = send(http, server.url());
            assertThat(shard.entered.tryAcquire(10, TimeUnit.SECONDS)).as("first search running").isTrue();
            CompletableFuture<HttpResponse<String>> waiting = send(http, server.url());
            // The waiting request holds the one waiting slot; give it time to arrive and suspend.
            HttpResponse<String> shed = null;
            for (int attempt = 0; attempt < 50 && shed == null; attempt++) {
                Thread.sleep(100);
                HttpResponse<String> third = send(http, server.url()).get(10, TimeUnit.SECONDS);
                if (third.statusCode() == 503) {
                    shed = third;
                }
            }
            assertThat(shed).as("a request beyond the slots is shed").isNotNull();
            assertThat(shed.body()).doesNotContain("\tat ");
            // The project's JSON error, not Jetty's page.
            assertThat(shed.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                    .startsWith("application/json"));
            assertThat(ShardProtocol.readErrorCode(shed.body().getBytes(StandardCharsets.UTF_8)))
                    .isEqualTo("unavailable");
            assertThat(waiting).isNotDone();

            shard.release.countDown();
            assertThat(running.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(waiting.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(send(http, server.url()).get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        } finally {
            shard.release.countDown();
        }
    }

    private static CompletableFuture<HttpResponse<String>> send(HttpClient http, URI base) {
        byte[] body = ShardProtocol.writeQuery(new ShardQuery("u1", "r1", "tax", 10));
        return http.sendAsync(HttpRequest.newBuilder(base.resolve(ShardProtocol.SEARCH_PATH))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", ShardProtocol.CONTENT_TYPE)
                        .header(ShardRequestAuth.HEADER, new ShardRequestAuth(SECRET).sign("POST",
                                ShardProtocol.SEARCH_PATH, body))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
