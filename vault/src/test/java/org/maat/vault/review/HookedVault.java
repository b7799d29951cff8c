package org.maat.vault.review;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
import org.maat.vault.acs.AccessControl;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.TokenKeys;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.ProductHandler;
import org.maat.vault.ss.Storage;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

/**
 * A vault of three (or more) servers in this JVM for review attacks: each is the product's store, ACS, storage server and
 * handler behind mutual TLS on a fixed loopback port (wired as {@code VaultServer} and {@code PutRacingDeleteIT}
 * wire them), with one extra: a {@link Faults} consulted for every request, which can make the server die just
 * before it handles the request (the connection is cut, nothing is written) or just after (its durable write is
 * done, the answer never leaves). A dead server's Jetty and store are closed; {@link #start} brings it back on its
 * port with its store file as it is. {@link #backup} and {@link #restore} copy a stopped server's store file.
 */
final class HookedVault implements AutoCloseable {

    /** What happens to one request. */
    enum Fault { NONE, DIE_BEFORE, DIE_AFTER }

    /** Decides, for each request a server receives, whether the server dies around it. */
    interface Faults {
        Fault at(int server, String method, String path);
    }

    private final VaultConfig config;
    private final Map<Integer, Running> running = new TreeMap<>();
    /** Servers killed from a request thread, closed aside; {@link #start} waits until that is done. */
    private final Map<Integer, Running> dying = new TreeMap<>();
    private volatile Faults faults = (server, method, path) -> Fault.NONE;
    private final Clock decisions;

    HookedVault(Path dir) throws IOException {
        this(dir, 3);
    }

    HookedVault(Path dir, int servers) throws IOException {
        this(dir, servers, Clock.systemUTC());
    }

    /**
     * {@code servers} servers whose storage servers take a decision's epoch from {@code decisions} (a clock set back
     * as far as it goes, {@code Clock.fixed} at the epoch, leaves each name's count alone); tokens use the system's.
     */
    HookedVault(Path dir, int servers, Clock decisions) throws IOException {
        this.decisions = decisions;
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            addresses.add(new ServerAddress("127.0.0.1", freePort()));
        }
        config = VaultInit.create(dir, addresses, List.of(new ClientSpec("alice", "maat"), new ClientSpec("bob", "maat")));
        for (int id = 1; id <= servers; id++) {
            start(id);
        }
    }

    VaultConfig config() {
        return config;
    }

    /** What a test does with one client. */
    interface ClientCall<T> {
        T on(VaultClient client);
    }

    /**
     * Runs {@code call} with a fresh client of account {@code maat}, so that no pooled connection to a restarted
     * server is met; generous timeouts, since a busy machine is slow to make a first TLS handshake.
     */
    <T> T withClient(ClientCall<T> call) {
        return withClient("alice", call);
    }

    /** {@link #withClient(ClientCall)} as client {@code name} ("alice" or "bob", both of account {@code maat}). */
    <T> T withClient(String name, ClientCall<T> call) {
        try (VaultClient client = VaultClient.open(config.dir(), name, Duration.ofSeconds(10),
                Duration.ofSeconds(20))) {
            return call.on(client);
        }
    }

    void faults(Faults faults) {
        this.faults = faults;
    }

    boolean isRunning(int id) {
        return running.containsKey(id);
    }

    synchronized void start(int id) {
        if (running.containsKey(id)) {
            return;
        }
        finishDying(id);
        try {
            running.put(id, launch(id));
        } catch (Exception e) {
            throw new IllegalStateException("cannot start server " + id + ": " + e.getMessage(), e);
        }
    }

    synchronized void stop(int id) {
        Running server = running.remove(id);
        if (server != null) {
            server.close();
        }
    }

    /** Copies stopped-for-the-moment server {@code id}'s store file to {@code to}, then starts it again. */
    void backup(int id, Path to) throws IOException {
        stop(id);
        Files.copy(config.files().serverStore(id), to, StandardCopyOption.REPLACE_EXISTING);
        start(id);
    }

    /** Stops server {@code id}, puts {@code from} back as its store file, and starts it again. */
    void restore(int id, Path from) throws IOException {
        stop(id);
        Files.copy(from, config.files().serverStore(id), StandardCopyOption.REPLACE_EXISTING);
        start(id);
    }

    void startAll() {
        for (int id = 1; id <= config.servers().size(); id++) {
            start(id);
        }
    }

    @Override
    public synchronized void close() {
        new ArrayList<>(running.keySet()).forEach(this::stop);
        config.servers().forEach(s -> finishDying(s.id()));
    }

    /** Kills server {@code id} from one of its own request threads: cut the connection, then close it aside. */
    private void die(int id, Request request) {
        // Out of the running set before the client can see the cut, so that a start right after it starts anew.
        synchronized (this) {
            Running server = running.remove(id);
            if (server != null) {
                synchronized (dying) {
                    dying.put(id, server);
                }
            }
        }
        request.getConnectionMetaData().getConnection().getEndPoint().close();
        Thread killer = new Thread(() -> finishDying(id), "kill-server-" + id);
        killer.setDaemon(true);
        killer.start();
    }

    private void finishDying(int id) {
        synchronized (dying) {
            Running server = dying.remove(id);
            if (server != null) {
                server.close();
            }
        }
    }

    private Running launch(int id) throws Exception {
        Clock clock = Clock.systemUTC();
        TokenSigner signer = new TokenSigner(id, TokenKeys.signingKey(config, id), clock);
        Map<Integer, PublicKey> issuerKeys = new HashMap<>();
        config.servers().forEach(s -> issuerKeys.put(s.id(), s.tokenKey()));
        Map<String, String> accounts = config.clients().stream()
                .collect(Collectors.toMap(ClientEntry::fingerprint, ClientEntry::account, (a, b) -> a));
        ServerStore store = ServerStore.open(config.files().serverStore(id));
        TokenVerifier verifier = new TokenVerifier(issuerKeys, clock, TokenVerifier.DEFAULT_CACHE_CAPACITY);
        AccessControl acs = new AccessControl(store, signer, verifier, accounts, clock);
        Storage ss = new Storage(store, verifier, issuerKeys.keySet(), decisions);
        Handler handler = ProductHandler.of(acs, ss, "vault-server-" + id);

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
        connector.setReuseAddress(true);
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                Fault fault = faults.at(id, request.getMethod(), Request.getPathInContext(request));
                if (fault == Fault.DIE_BEFORE) {
                    die(id, request);
                    callback.failed(new IOException("server " + id + " killed before this request"));
                    return true;
                }
                if (fault == Fault.DIE_AFTER) {
                    // The request is handled (its write committed and synced); its answer is never sent.
                    Response silenced = new Response.Wrapper(request, response) {
                        @Override
                        public void write(boolean last, ByteBuffer content, Callback written) {
                            die(id, request);
                            written.failed(new IOException("server " + id + " killed before answering"));
                        }
                    };
                    return handler.handle(request, silenced, callback);
                }
                return handler.handle(request, response, callback);
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
                // stopping a test server: nothing more to do
            }
            store.close();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
