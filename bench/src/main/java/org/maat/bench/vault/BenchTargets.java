package org.maat.bench.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;
import org.maat.vault.server.VaultServers;

/**
 * Everything the series are sent to, started in this process on 127.0.0.1: a fresh vault of
 * {@value #SERVERS} servers (1 to 3 with mutual TLS, as Tutamen's three-server deployment, for the time
 * split; 4 serving the same handlers over TLS without client certificates), the state the vault series
 * need on server 1 (a verifier of account membership alone, permissions on {@value #COLLECTION}, the
 * collection and one stored share with a read token), and the static Jetty baseline over HTTP and HTTPS.
 *
 * <p>The throughput series all address server 1 (or 4), one server as Tutamen measures one: a store
 * that is not locked by another server, and a vault whose state is made through the vault's own API.
 */
final class BenchTargets implements AutoCloseable {

    static final int SERVERS = 4;
    static final int TLS_ONLY_SERVER = 4;
    static final String CLIENT = "bench";
    static final String COLLECTION = "bench";
    static final String SECRET = "secret-1";
    private static final String HOST = "127.0.0.1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path vaultDir;
    private final VaultServers vault;
    private final StaticServer http;
    private final StaticServer https;
    private final ClientTls mutual;
    private final ClientTls serverOnly;
    private final String readToken;

    private BenchTargets(Path vaultDir, VaultServers vault, StaticServer http, StaticServer https, ClientTls mutual,
            ClientTls serverOnly, String readToken) {
        this.vaultDir = vaultDir;
        this.vault = vault;
        this.http = http;
        this.https = https;
        this.mutual = mutual;
        this.serverOnly = serverOnly;
        this.readToken = readToken;
    }

    /** Creates the vault in {@code vaultDir} (which must not exist or be empty) and starts everything. */
    static BenchTargets start(Path vaultDir, Consumer<String> progress) throws Exception {
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < SERVERS; i++) {
            addresses.add(new ServerAddress(HOST, freePort()));
        }
        progress.accept("creating a vault of " + SERVERS + " servers in " + vaultDir);
        VaultConfig config = VaultInit.create(vaultDir, addresses, List.of(new ClientSpec(CLIENT, CLIENT)));
        VaultServers vault = VaultServers.start(config, id -> VaultServer.builder(config, id)
                .transport(id == TLS_ONLY_SERVER ? VaultServer.Transport.TLS : VaultServer.Transport.MUTUAL_TLS));
        List<AutoCloseable> started = new ArrayList<>(List.of(vault));
        try {
            VaultTlsFiles files = VaultTlsFiles.of(config);
            StaticServer http = StaticServer.start(null);
            started.add(http);
            // Server 1's own TLS context: the baseline differs from the vault in nothing but the vault.
            StaticServer https = StaticServer.start(TlsContexts.server(config, 1));
            started.add(https);
            ClientTls mutual = files.mutual(CLIENT);
            String readToken = prepare(Endpoint.tls(HOST, vault.server(1).port(), mutual));
            progress.accept("vault servers " + vault.servers().stream().map(s -> s.transport() + " " + s.uri())
                    .toList() + ", static http://" + HOST + ":" + http.port() + "/ and https://" + HOST + ":"
                    + https.port() + "/");
            return new BenchTargets(vaultDir, vault, http, https, mutual, files.serverOnly(), readToken);
        } catch (Exception | Error e) {
            for (AutoCloseable c : started) {
                try {
                    c.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** The vault directory (vault.json with the servers' ports): what a VaultClient opens. */
    Path vaultDir() {
        return vaultDir;
    }

    /** The series of {@code op} with {@code mode}. */
    Series series(Operation op, ConnectionMode mode) {
        Endpoint vault1 = Endpoint.tls(HOST, vault.server(1).port(), mutual);
        switch (op) {
            case GET_TOKEN:
                return new Series(op, vault1, tokenRequest("read", 300), 200, mode);
            case FETCH_SECRET:
                return new Series(op, vault1, HttpCall.get(secretPath()).withHeader("X-Maat-Tokens", readToken), 200,
                        mode);
            case NOOP_MTLS:
                return new Series(op, vault1, HttpCall.get("/acs/noop"), 200, mode);
            case NOOP_TLS:
                return new Series(op, Endpoint.tls(HOST, vault.server(TLS_ONLY_SERVER).port(), serverOnly),
                        HttpCall.get("/acs/noop"), 200, mode);
            case HTTPS_STATIC:
                return new Series(op, Endpoint.tls(HOST, https.port(), serverOnly), HttpCall.get("/"), 200, mode);
            case HTTP_STATIC:
                return new Series(op, Endpoint.plain(HOST, http.port()), HttpCall.get("/"), 200, mode);
            default:
                throw new IllegalArgumentException(op.toString());
        }
    }

    /**
     * Through server 1's ACS and SS: a verifier (account membership only, as Tutamen's), every action on
     * the collection granted to it, the collection (ACS 1, quorum 1) and one share; returns a read token
     * valid for the longest lifetime the ACS grants, which the fetch series reuses.
     */
    private static String prepare(Endpoint server) throws IOException {
        SSLContext context = server.newContext();
        try (Http1Connection c = server.open(context)) {
            JsonNode verifier = call(c, server, HttpCall.json("POST", "/acs/verifiers",
                    "{\"accounts\":[\"" + CLIENT + "\"],\"required\":1,\"modules\":[]}"), 201);
            String id = verifier.get("id").asText();
            String grant = "[\"" + id + "\"]";
            call(c, server, HttpCall.json("PUT", "/acs/permissions/collection:" + COLLECTION,
                    "{\"read\":" + grant + ",\"write\":" + grant + ",\"create\":" + grant + ",\"delete\":" + grant + "}"), 201);
            String create = token(c, server, "create");
            call(c, server, HttpCall.json("PUT", "/ss/collections/" + COLLECTION, "{\"acs\":[1],\"quorum\":1}")
                    .withHeader("X-Maat-Tokens", create), 201);
            byte[] share = new byte[48];
            new SecureRandom().nextBytes(share);
            String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(share));
            call(c, server, HttpCall.json("PUT", secretPath(), "{\"index\":1,\"k\":1,\"n\":1,\"share\":\""
                    + Base64.getEncoder().encodeToString(share) + "\",\"digest\":\"" + digest + "\"}")
                    .withHeader("X-Maat-Tokens", token(c, server, "write")), 201);
            return token(c, server, "read");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String token(Http1Connection c, Endpoint server, String action) throws IOException {
        return call(c, server, tokenRequest(action, 3600), 200).get("token").asText();
    }

    private static HttpCall tokenRequest(String action, int ttl) {
        return HttpCall.json("POST", "/acs/tokens",
                "{\"object\":\"collection:" + COLLECTION + "\",\"action\":\"" + action + "\",\"ttl\":" + ttl + "}");
    }

    private static String secretPath() {
        return "/ss/collections/" + COLLECTION + "/secrets/" + SECRET;
    }

    private static JsonNode call(Http1Connection c, Endpoint server, HttpCall call, int expected) throws IOException {
        Http1Connection.Answer a = c.exchange(call.bytes(server, true));
        if (a.status() != expected) {
            throw new IOException("preparing the vault: " + call + " answered " + a.status() + " " + a.text()
                    + " (expected " + expected + ")");
        }
        return JSON.readTree(a.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        try (StaticServer a = http; StaticServer b = https) {
            vault.close();
        }
    }
}
