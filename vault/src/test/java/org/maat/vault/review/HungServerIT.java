package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.client.PutOptions;
import org.maat.vault.client.Retrieval;
import org.maat.vault.client.VaultClient;

/**
 * A hung server delays a read by at most the client's request timeout (5 s, which the client states): the read
 * returns the secret from the other k servers and names the hung one. Two kinds of hang on server 3 of a 2-of-3
 * vault: its handler takes a warm client's share request and never answers (a stuck server), and, for a fresh
 * client, a plain socket on its port accepts connections and never says a word (a hung machine, TLS handshake
 * included). The bound checked is not a performance figure: the read must come back at all, within a minute,
 * where waiting for the hung server would never end.
 */
class HungServerIT {

    private static final Duration CONNECT = Duration.ofSeconds(10); // a busy machine's first TLS handshakes
    private static final Duration REQUEST = Duration.ofSeconds(5);
    private static final long RETURNS_WITHIN_SECONDS = 60;

    @TempDir
    Path dir;

    @Test
    void aReadReturnsFromTheOtherServersAndNamesTheHungOne() throws Exception {
        byte[] value = "readable with one server hung".getBytes(StandardCharsets.UTF_8);
        try (HookedVault vault = new HookedVault(dir.resolve("vault"))) {
            vault.withClient(c -> c.put("b", "key", value, PutOptions.of(2, 3, 2)));

            CountDownLatch never = new CountDownLatch(1);
            try (VaultClient client = VaultClient.open(vault.config().dir(), "alice", CONNECT, REQUEST)) {
                client.get("b", "key"); // connections and read tokens made with every server up
                vault.faults((server, method, path) -> {
                    if (server == 3 && path.contains("/secrets/")) {
                        await(never); // the request is taken and never answered (until the test ends)
                    }
                    return HookedVault.Fault.NONE;
                });
                Retrieval read = within(() -> client.read("b", "key"));
                assertThat(read.secret()).isEqualTo(value);
                assertThat(read.problems()).as("the hung server is reported").containsOnlyKeys(3);
                assertThat(read.problems().get(3)).contains("timed out");
            } finally {
                never.countDown();
                vault.faults((server, method, path) -> HookedVault.Fault.NONE);
            }

            vault.stop(3);
            try (ServerSocket hung = new ServerSocket(vault.config().server(3).port(), 50,
                    InetAddress.getLoopbackAddress())) {
                List<Socket> held = new ArrayList<>();
                Thread acceptor = new Thread(() -> {
                    try {
                        while (true) {
                            held.add(hung.accept()); // accepted, never read from or written to
                        }
                    } catch (java.io.IOException closed) {
                        // the test is over
                    }
                }, "hung-server-3");
                acceptor.setDaemon(true);
                acceptor.start();
                try (VaultClient client = VaultClient.open(vault.config().dir(), "alice", CONNECT, REQUEST)) {
                    Retrieval read = within(() -> client.read("b", "key"));
                    assertThat(read.secret()).isEqualTo(value);
                    assertThat(read.problems()).as("the hung machine is reported").containsOnlyKeys(3);
                    assertThat(read.problems().get(3)).contains("timed out");
                } finally {
                    hung.close();
                    acceptor.join(10_000);
                    for (Socket socket : held) {
                        socket.close();
                    }
                }
            }
        }
    }

    /** The read's result, failing the test if it has not come back within {@link #RETURNS_WITHIN_SECONDS}. */
    private static Retrieval within(java.util.function.Supplier<Retrieval> read) throws Exception {
        return CompletableFuture.supplyAsync(read).get(RETURNS_WITHIN_SECONDS, TimeUnit.SECONDS);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
