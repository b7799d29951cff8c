package org.maat.vault.server;

import java.net.URI;
import java.security.PublicKey;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.maat.vault.VaultException;
import org.maat.vault.acs.AccessControl;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.TokenKeys;
import org.maat.vault.ss.Storage;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One vault server: server {@code id}'s access-control server and storage server on one embedded Jetty 12 port
 * (PROTOCOL.md), over its durable {@link ServerStore} ({@code DIR/server-I/store.mv.db}, locked while it runs).
 *
 * <p>By default ({@link Transport#MUTUAL_TLS}) it speaks HTTPS with the server's certificate and requires a client
 * certificate from the vault's CA: a client without one, or with one from another CA, fails the TLS handshake.
 * For benchmarks, {@link Transport#TLS} (no client certificate asked) and {@link Transport#PLAIN} (HTTP) serve the
 * same API; there the {@code noop} routes work and every call that needs a client identity is answered 401.
 *
 * <p>Resources: at most {@link Builder#threads(int)} request threads (default {@link #DEFAULT_THREADS}), one
 * acceptor and one selector; connections are kept alive. Started by {@link #start} or a {@link Builder}, stopped
 * (and its store closed) by {@link #close}.
 */
public final class VaultServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(VaultServer.class);

    /** Request threads: calls are short (a map lookup, a signature, a synced write), a few per core suffice. */
    public static final int DEFAULT_THREADS = 32;

    /** How clients reach the server. */
    public enum Transport {
        /** HTTPS, client certificate required: the vault's only production mode. */
        MUTUAL_TLS,
        /** HTTPS without client certificates: for measuring TLS cost; identity-needing calls get 401. */
        TLS,
        /** Plain HTTP: for measuring the handlers alone; identity-needing calls get 401. */
        PLAIN
    }

    /** The builder's port that asks for a free one. */
    private static final int FREE_PORT = -1;

    private final int id;
    private final Server jetty;
    private final ServerConnector connector;
    private final ServerStore store;
    private final Transport transport;

    private VaultServer(int id, Server jetty, ServerConnector connector, ServerStore store, Transport transport) {
        this.id = id;
        this.jetty = jetty;
        this.connector = connector;
        this.store = store;
        this.transport = transport;
    }

    /**
     * Starts server {@code serverId} of {@code config} with mutual TLS on its configured host, on {@code port}
     * (0: the configured port).
     *
     * @throws VaultException if its store, keys or port cannot be opened
     */
    public static VaultServer start(VaultConfig config, int serverId, int port) {
        return builder(config, serverId).port(port).start();
    }

    public static Builder builder(VaultConfig config, int serverId) {
        return new Builder(config, serverId);
    }

    /** Options of a server; {@link #start()} opens its store and starts it. */
    public static final class Builder {
        private final VaultConfig config;
        private final int serverId;
        private int port;
        private String host;
        private Transport transport = Transport.MUTUAL_TLS;
        private int threads = DEFAULT_THREADS;
        private Clock clock = Clock.systemUTC();
        private java.nio.file.Path storeFile;

        private Builder(VaultConfig config, int serverId) {
            this.config = config;
            this.serverId = serverId;
        }

        /** The port; 0 (the default) takes the configured one. */
        public Builder port(int port) {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("not a TCP port: " + port);
            }
            this.port = port;
            return this;
        }

        /** Binds a free port instead of the configured one (tests, benchmarks); {@link VaultServer#port()} tells it. */
        public Builder anyFreePort() {
            this.port = FREE_PORT;
            return this;
        }

        /** The address to bind; by default the server's host in vault.json. */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        public Builder threads(int threads) {
            if (threads < 4) {
                throw new IllegalArgumentException("a vault server needs at least 4 threads, not " + threads);
            }
            this.threads = threads;
            return this;
        }

        /** The clock of token expiry, time windows and pending requests; the system's UTC clock by default. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /** The store file; by default {@code DIR/server-I/store.mv.db} (a benchmark may use a scratch one). */
        public Builder store(java.nio.file.Path file) {
            this.storeFile = file;
            return this;
        }

        public VaultServer start() {
            return VaultServer.start(this);
        }
    }

    private static VaultServer start(Builder options) {
        VaultConfig config = options.config;
        ServerEndpoint endpoint = config.server(options.serverId);
        int id = endpoint.id();
        String name = "vault-server-" + id;
        TokenSigner signer = new TokenSigner(id, TokenKeys.signingKey(config, id), options.clock);
        Map<Integer, PublicKey> issuerKeys = new HashMap<>();
        config.servers().forEach(s -> issuerKeys.put(s.id(), s.tokenKey()));
        Map<String, String> accounts = config.clients().stream()
                .collect(Collectors.toMap(ClientEntry::fingerprint, ClientEntry::account, (a, b) -> a));
        Set<Integer> serverIds = issuerKeys.keySet();
        ServerStore store = ServerStore.open(options.storeFile != null ? options.storeFile
                : config.files().serverStore(id));
        Server jetty = null;
        try {
            TokenVerifier verifier = new TokenVerifier(issuerKeys, options.clock, TokenVerifier.DEFAULT_CACHE_CAPACITY);
            AccessControl acs = new AccessControl(store, signer, verifier, accounts, options.clock);
            Storage ss = new Storage(store, verifier, serverIds, options.clock);

            QueuedThreadPool threads = new QueuedThreadPool(options.threads, 4, 30_000);
            threads.setName(name);
            threads.setDaemon(true);
            jetty = new Server(threads);
            jetty.setStopAtShutdown(false);
            jetty.setErrorHandler(new JsonErrorHandler());
            ServerConnector connector = new ServerConnector(jetty, 1, 1, connectionFactories(config, id, options.transport));
            connector.setHost(options.host != null ? options.host : endpoint.host());
            connector.setPort(options.port == FREE_PORT ? 0 : options.port != 0 ? options.port : endpoint.port());
            jetty.addConnector(connector);
            jetty.setHandler(new VaultHandler(acs, ss, name));
            jetty.start();
            VaultServer server = new VaultServer(id, jetty, connector, store, options.transport);
            LOG.info("{} serving {} on {}", name, options.transport, server.uri());
            return server;
        } catch (Exception e) {
            stopQuietly(jetty);
            store.close();
            if (e instanceof VaultException) {
                throw (VaultException) e;
            }
            throw new VaultException("vault server " + id + " cannot serve on " + endpoint.host() + ":"
                    + (options.port == FREE_PORT ? "a free port" : options.port != 0 ? options.port : endpoint.port()) + ": " + e.getMessage(), e);
        }
    }

    private static ConnectionFactory[] connectionFactories(VaultConfig config, int id, Transport transport) {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        HttpConnectionFactory httpFactory = new HttpConnectionFactory(http);
        if (transport == Transport.PLAIN) {
            return new ConnectionFactory[] {httpFactory};
        }
        http.setSecureScheme("https");
        // Identity is the client certificate, not the host name the client asked for: no SNI host check.
        http.addCustomizer(new SecureRequestCustomizer(false));
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setSslContext(TlsContexts.server(config, id));
        tls.setNeedClientAuth(transport == Transport.MUTUAL_TLS);
        return new ConnectionFactory[] {new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()), httpFactory};
    }

    public int id() {
        return id;
    }

    /** The port it listens on (the bound one when a free port was asked for). */
    public int port() {
        return connector.getLocalPort();
    }

    public Transport transport() {
        return transport;
    }

    /** Its base URI, e.g. {@code https://127.0.0.1:9441/}. */
    public URI uri() {
        String host = connector.getHost() == null ? "127.0.0.1" : connector.getHost();
        return URI.create((transport == Transport.PLAIN ? "http" : "https") + "://"
                + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/");
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        jetty.join();
    }

    @Override
    public void close() {
        stopQuietly(jetty);
        store.close();
    }

    private static void stopQuietly(Server jetty) {
        if (jetty == null) {
            return;
        }
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("stopping a vault server failed: {}", e.toString());
        }
    }
}
