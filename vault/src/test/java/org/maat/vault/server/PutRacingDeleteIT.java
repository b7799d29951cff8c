package org.maat.vault.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.acs.AccessControl;
import org.maat.vault.client.NoSuchSecretException;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.TokenKeys;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.ss.Storage;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

/**
 * Attack: a put and a {@code vault delete} of the same name, by two clients of the owning account, running at
 * the same time, leave an acknowledged put unreadable.
 *
 * <p>The put stages its three shares in parallel. Server 1 (the collection's deciding server) happens to take
 * its stage request late: a slow link, a busy thread. In that window the delete runs to completion: server 1
 * has nothing yet (404, "counts as done"), servers 2 and 3 drop the put's staged shares. Then server 1 takes
 * the stage and the put commits there: the deciding commit succeeds although the shares it relies on ("every
 * share is staged before it") are gone. The commits on servers 2 and 3 answer 404 and are only logged, and the
 * put returns success. Both operations reported success; the name now holds one committed share of a 3-of-3
 * split: every get fails ("1 of the 3 shares needed"), and a rerun of the same put reports that the name exists
 * but cannot be read. Neither order of the two operations allows that: put then delete leaves nothing, delete
 * then put leaves the secret readable.
 *
 * <p>{@link #aDeleteOverlappingAWholePutLeavesItReadableOrGone} is the mirror image: the delete's request to
 * one server arrives after a whole put, which it overlapped, and takes that put's committed share.
 *
 * <p>The three servers are the product's own components (store, ACS, storage server, handler) behind mutual TLS
 * in this JVM; one server's Jetty holds one request (a stage, or a delete) until the other operation is done,
 * which is the only thing the test controls: the order in which independent requests reach different servers.
 */
class PutRacingDeleteIT {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void anAcknowledgedPutRacingADeleteIsReadableOrTheNameIsClean() throws Exception {
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            addresses.add(new ServerAddress("127.0.0.1", freePort()));
        }
        VaultConfig config = VaultInit.create(dir.resolve("vault"), addresses,
                List.of(new ClientSpec("alice", "maat"), new ClientSpec("bob", "maat")));
        byte[] secret = "the-acknowledged-master-key-0001".getBytes(StandardCharsets.US_ASCII);

        CountDownLatch stageHeld = new CountDownLatch(1);
        CountDownLatch releaseStage = new CountDownLatch(1);
        CountDownLatch othersStaged = new CountDownLatch(2);
        List<Running> servers = new ArrayList<>();
        try {
            servers.add(start(config, 1, (method, path) -> {
                if (isStageOf(method, path, "master")) {
                    stageHeld.countDown();
                    await(releaseStage, "the test to release server 1's stage request");
                }
            }, (method, path) -> { }));
            for (int id = 2; id <= 3; id++) {
                servers.add(start(config, id, (method, path) -> { }, (method, path) -> {
                    if (isStageOf(method, path, "master")) {
                        othersStaged.countDown();
                    }
                }));
            }
            // Generous timeouts: the race is arranged by latches, not by timing, and a loaded machine is slow.
            try (VaultClient alice = VaultClient.open(config.dir(), "alice", PATIENCE, PATIENCE);
                    VaultClient bob = VaultClient.open(config.dir(), "bob", PATIENCE, PATIENCE)) {
                alice.put("erp", "warm-up", "claims the collection".getBytes(StandardCharsets.US_ASCII));

                CompletableFuture<Void> put = CompletableFuture.runAsync(() -> alice.put("erp", "master", secret));
                await(stageHeld, "alice's stage request to reach server 1");
                await(othersStaged, "servers 2 and 3 to stage alice's shares");

                int deleted = bob.delete("erp", "master"); // a complete, successful delete
                releaseStage.countDown();

                Throwable putFailure = null;
                try {
                    put.get(60, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    putFailure = e.getCause();
                }

                if (putFailure == null) {
                    // The put was acknowledged after the delete had finished: the secret must read back.
                    byte[] got;
                    try {
                        got = bob.get("erp", "master");
                    } catch (VaultException e) {
                        String rerun;
                        try {
                            alice.put("erp", "master", secret);
                            rerun = "succeeded";
                        } catch (VaultException again) {
                            rerun = "failed: " + again.getMessage();
                        }
                        fail("put of erp/master returned success (the delete before it, which finished first, "
                                + "reported " + deleted + " shares deleted), but get cannot read it: "
                                + e.getMessage() + "\nA rerun of the same put " + rerun);
                        return;
                    }
                    assertThat(got).as("the acknowledged secret").isEqualTo(secret);
                } else {
                    // A refused put must leave nothing visible.
                    try {
                        byte[] got = bob.get("erp", "master");
                        fail("a put that failed (" + putFailure.getMessage() + ") became readable: "
                                + new String(got, StandardCharsets.US_ASCII));
                    } catch (NoSuchSecretException expected) {
                        // all-or-nothing: nothing
                    }
                }
            }
        } finally {
            releaseStage.countDown();
            servers.forEach(Running::close);
        }
    }

    /**
     * The other side of the same race: the delete starts first and reaches servers 1 and 3 (nothing there, done),
     * while its request to server 2 is slow. A put of the name runs to the end in that time: staged and committed
     * on all three servers, acknowledged. Then the delete's request reaches server 2 and removes the put's committed
     * share there. The delete reports success (1 share deleted), the put reported success, and the name is left
     * with 2 committed shares of a 3-of-3 split: no get can read it, and a rerun of the put cannot repair it.
     */
    @Test
    void aDeleteOverlappingAWholePutLeavesItReadableOrGone() throws Exception {
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            addresses.add(new ServerAddress("127.0.0.1", freePort()));
        }
        VaultConfig config = VaultInit.create(dir.resolve("vault"), addresses,
                List.of(new ClientSpec("alice", "maat"), new ClientSpec("bob", "maat")));
        byte[] secret = "the-acknowledged-master-key-0002".getBytes(StandardCharsets.US_ASCII);

        CountDownLatch deleteHeld = new CountDownLatch(1);
        CountDownLatch releaseDelete = new CountDownLatch(1);
        CountDownLatch othersDeleted = new CountDownLatch(2);
        List<Running> servers = new ArrayList<>();
        try {
            for (int id = 1; id <= 3; id++) {
                if (id == 2) {
                    servers.add(start(config, id, (method, path) -> {
                        if (isDeleteOf(method, path, "master")) {
                            deleteHeld.countDown();
                            await(releaseDelete, "the test to release server 2's delete request");
                        }
                    }, (method, path) -> { }));
                } else {
                    servers.add(start(config, id, (method, path) -> { }, (method, path) -> {
                        if (isDeleteOf(method, path, "master")) {
                            othersDeleted.countDown();
                        }
                    }));
                }
            }
            try (VaultClient alice = VaultClient.open(config.dir(), "alice", PATIENCE, PATIENCE);
                    VaultClient bob = VaultClient.open(config.dir(), "bob", PATIENCE, PATIENCE)) {
                alice.put("erp", "warm-up", "claims the collection".getBytes(StandardCharsets.US_ASCII));

                CompletableFuture<Integer> delete = CompletableFuture.supplyAsync(() -> bob.delete("erp", "master"));
                await(deleteHeld, "bob's delete request to reach server 2");
                await(othersDeleted, "servers 1 and 3 to answer bob's delete");

                alice.put("erp", "master", secret); // acknowledged: staged and committed on all three
                byte[] before = bob.get("erp", "master");
                assertThat(before).as("read right after the put").isEqualTo(secret);

                releaseDelete.countDown();
                Throwable deleteFailure = null;
                int deleted = -1;
                try {
                    deleted = delete.get(60, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    deleteFailure = e.getCause();
                }

                byte[] got = null;
                VaultException unreadable = null;
                try {
                    got = bob.get("erp", "master");
                } catch (VaultException e) {
                    unreadable = e;
                }
                if (unreadable instanceof NoSuchSecretException || (got != null && java.util.Arrays.equals(got, secret))) {
                    return; // gone (delete after the put) or intact (delete before it): either order is fine
                }
                fail("a delete that overlapped a whole put (delete " + (deleteFailure == null
                        ? "succeeded, " + deleted + " shares deleted" : "failed: " + deleteFailure.getMessage())
                        + ") left the acknowledged secret half-there: "
                        + (unreadable != null ? unreadable.getMessage() : "it reads as other bytes"));
            }
        } finally {
            releaseDelete.countDown();
            servers.forEach(Running::close);
        }
    }

    private static boolean isDeleteOf(String method, String path, String secret) {
        return method.equals("DELETE") && path.equals("/ss/collections/erp/secrets/" + secret);
    }

    private static boolean isStageOf(String method, String path, String secret) {
        return method.equals("PUT") && path.matches("/ss/collections/erp/secrets/" + secret + "/puts/[^/]+");
    }

    /** What the test does around one request: before the server handles it, or after. */
    private interface Hook {
        void on(String method, String path);
    }

    /** Server {@code id} of {@code config}: the product's store, ACS, SS and handler, as VaultServer wires them. */
    private static Running start(VaultConfig config, int id, Hook before, Hook after) throws Exception {
        Clock clock = Clock.systemUTC();
        TokenSigner signer = new TokenSigner(id, TokenKeys.signingKey(config, id), clock);
        Map<Integer, PublicKey> issuerKeys = new HashMap<>();
        config.servers().forEach(s -> issuerKeys.put(s.id(), s.tokenKey()));
        Map<String, String> accounts = config.clients().stream()
                .collect(Collectors.toMap(ClientEntry::fingerprint, ClientEntry::account, (a, b) -> a));
        ServerStore store = ServerStore.open(config.files().serverStore(id));
        TokenVerifier verifier = new TokenVerifier(issuerKeys, clock, TokenVerifier.DEFAULT_CACHE_CAPACITY);
        AccessControl acs = new AccessControl(store, signer, verifier, accounts, clock);
        Storage ss = new Storage(store, verifier, issuerKeys.keySet());
        VaultHandler handler = new VaultHandler(acs, ss, "vault-server-" + id);

        Server jetty = new Server();
        HttpConfiguration http = new HttpConfiguration();
        http.setSecureScheme("https");
        http.addCustomizer(new SecureRequestCustomizer(false));
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setSslContext(TlsContexts.server(config, id));
        tls.setNeedClientAuth(true);
        ServerConnector connector = new ServerConnector(jetty,
                new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()), new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(config.server(id).port());
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String path = Request.getPathInContext(request);
                before.on(request.getMethod(), path);
                boolean handled = handler.handle(request, response, callback);
                after.on(request.getMethod(), path);
                return handled;
            }
        });
        jetty.start();
        return new Running(jetty, store);
    }

    private record Running(Server jetty, ServerStore store) {
        void close() {
            try {
                jetty.stop();
            } catch (Exception e) {
                // stopping a test server: nothing to do
            }
            store.close();
        }
    }

    private static void await(CountDownLatch latch, String what) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("timed out waiting for " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + what, e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
