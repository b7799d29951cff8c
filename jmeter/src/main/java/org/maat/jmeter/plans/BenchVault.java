package org.maat.jmeter.plans;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.maat.jmeter.run.Target;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServers;

/**
 * A one-server vault on 127.0.0.1 (mutual TLS, a free port), created in a directory of the run's work
 * directory, with the state the vault series need, made through the vault's own client and API: one
 * secret stored by {@link VaultClient#put} (which also makes the collection's permissions, granted to a
 * verifier of the client's account alone, Tutamen's verifier), so that the ACS answers token requests
 * on the collection and the SS serves the share to a read token ({@link #readToken}).
 *
 * <p>One server, as Tutamen measures one: a put into a one-server vault has quorum 1, so a single read
 * token from it is what a fetch needs. JMeter presents the client's certificate from its PKCS#12 key store
 * ({@link #target}); it trusts any server certificate.
 */
final class BenchVault implements AutoCloseable {

    static final String CLIENT = "bench";
    static final String COLLECTION = "bench";
    static final String SECRET = "secret-1";
    private static final String HOST = "127.0.0.1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final VaultServers servers;
    private final VaultConfig config;

    private BenchVault(VaultServers servers) {
        this.servers = servers;
        this.config = servers.config();
    }

    /** Creates the vault in {@code dir} (absent or empty), starts it and stores the secret. */
    static BenchVault start(Path dir, Consumer<String> log) throws IOException {
        VaultConfig created = VaultInit.create(dir, List.of(new ServerAddress(HOST, freePort())),
                List.of(new ClientSpec(CLIENT, CLIENT)));
        VaultServers servers = VaultServers.startOnFreePorts(created);
        BenchVault vault = new BenchVault(servers);
        try {
            // vault.json with the bound port: what the client opens.
            servers.config().save();
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            try (VaultClient client = VaultClient.open(dir, CLIENT)) {
                client.put(COLLECTION, SECRET, secret);
            }
            log.accept("vault server on " + servers.server(1).uri() + ", secret " + COLLECTION + "/" + SECRET
                    + " stored, client " + CLIENT);
            return vault;
        } catch (RuntimeException | Error e) {
            vault.close();
            throw e;
        }
    }

    /** Where JMeter sends to, with the client key store of mutual TLS as its JVM's system properties. */
    Target target() {
        return new Target(HOST, servers.server(1).port(), Map.of(
                "javax.net.ssl.keyStore", config.files().client(CLIENT).toAbsolutePath().toString(),
                "javax.net.ssl.keyStoreType", "pkcs12",
                "javax.net.ssl.keyStorePassword", new String(config.storePassword())));
    }

    /**
     * A read token on the collection from the ACS ({@code POST /acs/tokens}, mutual TLS as the client), valid
     * {@code ttl}: the token the fetch series sends with every request, as a client reuses its cached token.
     */
    String readToken(Duration ttl) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(TlsContexts.client(config, CLIENT)).connectTimeout(Duration.ofSeconds(5)).build();
        String body = "{\"object\":\"collection:" + COLLECTION + "\",\"action\":\"read\",\"ttl\":" + ttl.toSeconds() + "}";
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(servers.server(1).uri().resolve("/acs/tokens"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException("the vault refused a read token: " + answer.statusCode() + " " + answer.body());
        }
        JsonNode token = JSON.readTree(answer.body()).get("token");
        if (token == null) {
            throw new IOException("the vault's token answer holds no token: " + answer.body());
        }
        return token.asText();
    }

    static String secretPath() {
        return "/ss/collections/" + COLLECTION + "/secrets/" + SECRET;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        servers.close();
    }
}
