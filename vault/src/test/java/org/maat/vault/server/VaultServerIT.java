package org.maat.vault.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.SettableClock;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.Certificates;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultCalls.Reply;

/**
 * Three vault servers in this JVM over real mutual TLS (certificates from {@link VaultInit}), called with
 * {@link java.net.http.HttpClient}: who may connect, and what the API answers to good and bad calls.
 */
class VaultServerIT {

    @TempDir
    static Path dir;

    /** The servers' clock: tests move it to expire tokens; it starts now so certificates are valid. */
    private static final SettableClock CLOCK = new SettableClock(Instant.now());

    private static VaultConfig withMallory;
    private static VaultConfig config;
    private static VaultServers servers;
    private static VaultCalls alice1;
    private static VaultCalls alice2;
    private static VaultCalls alice3;
    private static VaultCalls bob1;

    @BeforeAll
    static void start() throws Exception {
        // mallory's certificate is from the vault's CA, but vault.json does not list it.
        withMallory = VaultInit.create(dir.resolve("vault"),
                List.of(new ServerAddress("127.0.0.1", 9441), new ServerAddress("127.0.0.1", 9442),
                        new ServerAddress("127.0.0.1", 9443)),
                List.of(new ClientSpec("alice", "ops"), new ClientSpec("bob", "audit"), new ClientSpec("mallory", "ops")));
        List<ClientEntry> listed = withMallory.clients().stream().filter(c -> !c.name().equals("mallory"))
                .collect(Collectors.toList());
        config = new VaultConfig(withMallory.dir(), new String(withMallory.storePassword()), withMallory.servers(), listed);
        config.save();
        servers = VaultServers.start(config, id -> VaultServer.builder(config, id).anyFreePort().clock(CLOCK));
        alice1 = calls("alice", 1);
        alice2 = calls("alice", 2);
        alice3 = calls("alice", 3);
        bob1 = calls("bob", 1);
    }

    @AfterAll
    static void stop() {
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void aSecretIsWrittenAndReadWithAQuorumOfTokens() throws Exception {
        String share = share("the share of server 1");
        for (VaultCalls acs : List.of(alice1, alice2, alice3)) {
            openTo(acs, "ops", "erp");
        }
        String[] create = {alice1.token("erp", "create"), alice2.token("erp", "create"), alice3.token("erp", "create")};
        Reply created = alice1.put("/ss/collections/erp", "{\"acs\": [1, 2, 3], \"quorum\": 2}", create);
        assertThat(created.status()).as("%s", created).isEqualTo(201);
        assertThat(alice1.put("/ss/collections/erp", "{\"acs\": [1, 2, 3], \"quorum\": 2}", create).status())
                .isEqualTo(200);
        assertThat(alice1.put("/ss/collections/erp", "{\"acs\": [1, 2], \"quorum\": 2}", create).error())
                .isEqualTo("collection-exists");

        String write1 = alice1.token("erp", "write");
        String write2 = alice2.token("erp", "write");
        Reply onlyOne = alice1.put("/ss/collections/erp/secrets/db", share, write1);
        assertThat(onlyOne.status()).isEqualTo(403);
        assertThat(onlyOne.error()).isEqualTo("quorum-not-met");
        Reply written = alice1.put("/ss/collections/erp/secrets/db", share, write1, write2);
        assertThat(written.status()).as("%s", written).isEqualTo(201);
        assertThat(alice1.put("/ss/collections/erp/secrets/db", share, write1, write2).error()).isEqualTo("secret-exists");

        String[] read = {alice2.token("erp", "read"), alice3.token("erp", "read")};
        Reply fetched = alice1.get("/ss/collections/erp/secrets/db", read);
        assertThat(fetched.status()).as("%s", fetched).isEqualTo(200);
        assertThat(shareIn(fetched)).isEqualTo(new com.fasterxml.jackson.databind.ObjectMapper().readTree(share));
        assertThat(fetched.body().get("collection")).as("the server's record of the collection's servers")
                .isEqualTo(alice1.get("/ss/collections/erp").body());
        assertThat(fetched.response().headers().firstValue("content-type")).contains("application/json");

        Reply deleted = alice1.delete("/ss/collections/erp/secrets/db", alice1.token("erp", "delete"),
                alice3.token("erp", "delete"));
        assertThat(deleted.status()).as("%s", deleted).isEqualTo(200);
        assertRefused(alice1.get("/ss/collections/erp/secrets/db", read), 404, "no-such-secret");
    }

    @Test
    void aTokenThatNeedsAnotherAccountsApprovalIsCollectedAfterIt() throws Exception {
        Reply verifier = alice2.post("/acs/verifiers", "{\"accounts\": [\"ops\", \"audit\"], \"required\": 2}");
        assertThat(verifier.status()).as("%s", verifier).isEqualTo(201);
        String id = "\"" + verifier.text("id") + "\"";
        assertThat(alice2.put("/acs/permissions/collection:payroll", "{\"read\": [" + id + "]}").status()).isEqualTo(201);
        // Replacing them needs a create token, which these permissions grant nobody.
        assertRefused(alice2.put("/acs/permissions/collection:payroll", "{\"create\": [" + id + "]}"), 401,
                "missing-token");

        Reply pending = alice2.post("/acs/tokens", "{\"object\": \"collection:payroll\", \"action\": \"read\"}");
        assertThat(pending.status()).as("%s", pending).isEqualTo(202);
        assertThat(pending.body().path("waitingFor").toString()).isEqualTo("[\"audit\"]");
        String request = "/acs/tokens/requests/" + pending.text("request");
        assertThat(alice2.get(request).status()).isEqualTo(202);

        VaultCalls bob2 = calls("bob", 2);
        assertRefused(bob2.get(request), 404, "no-such-request");
        Reply approved = bob2.post(request + "/approve", null);
        assertThat(approved.status()).as("%s", approved).isEqualTo(200);
        Reply granted = alice2.get(request);
        assertThat(granted.status()).as("%s", granted).isEqualTo(200);
        assertThat(granted.text("token")).contains(".");
        assertRefused(alice2.get("/acs/tokens/requests/no-such-id"), 404, "no-such-request");
    }

    @Test
    void aClientWithoutACertificateCannotConnect() throws Exception {
        SSLContext noKey = SSLContext.getInstance("TLSv1.3");
        noKey.init(null, trustingVaultCa().getTrustManagers(), null);
        VaultCalls anonymous = new VaultCalls(noKey, servers.server(1).uri());
        assertThatThrownBy(() -> anonymous.get("/acs/noop")).isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void aClientWithACertificateFromAnotherCaCannotConnect() throws Exception {
        VaultConfig other = VaultInit.create(dir.resolve("other-vault"), List.of(new ServerAddress("127.0.0.1", 9441)),
                List.of(new ClientSpec("alice", "ops")));
        KeyStore otherAlice = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(other.files().client("alice"))) {
            otherAlice.load(in, other.storePassword());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(otherAlice, other.storePassword());
        SSLContext foreign = SSLContext.getInstance("TLSv1.3");
        foreign.init(keys.getKeyManagers(), trustingVaultCa().getTrustManagers(), null);
        VaultCalls stranger = new VaultCalls(foreign, servers.server(1).uri());
        assertThatThrownBy(() -> stranger.get("/acs/noop")).isInstanceOf(SSLHandshakeException.class);
        // The same call with this vault's certificate goes through.
        assertThat(alice1.get("/acs/noop").status()).isEqualTo(200);
    }

    @Test
    void aCertificateTheVaultDoesNotListIsAnUnknownClient() throws Exception {
        VaultCalls mallory = new VaultCalls(TlsContexts.client(withMallory, "mallory"), servers.server(1).uri());
        Reply reply = mallory.post("/acs/tokens", "{\"object\": \"collection:erp\", \"action\": \"read\"}");
        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.error()).isEqualTo("unknown-client");
        assertThat(reply.text("message")).contains(Certificates.fingerprint(
                TlsContexts.clientCertificate(withMallory, "mallory")));
        assertThat(mallory.post("/acs/verifiers", "{\"accounts\": [\"ops\"]}").error()).isEqualTo("unknown-client");
        // The storage server refuses it too, before looking at any token.
        assertThat(mallory.get("/ss/collections/erp/secrets/s").error()).isEqualTo("unknown-client");
    }

    @Test
    void anyKnownClientSeesWhichAccountOwnsAnObjectsPermissions() throws Exception {
        openTo(alice1, "ops", "owned");
        Reply token = alice1.post("/acs/tokens", "{\"object\": \"collection:owned\", \"action\": \"read\"}");
        assertThat(token.text("owner")).isEqualTo("ops");
        Reply shown = bob1.get("/acs/permissions/collection:owned");
        assertThat(shown.status()).as("%s", shown).isEqualTo(200);
        assertThat(shown.text("owner")).isEqualTo("ops");
        assertThat(shown.body().path("read").path(0).path("accounts").toString()).isEqualTo("[\"ops\"]");
        assertRefused(bob1.get("/acs/permissions/collection:unclaimed"), 404, "no-such-object");
    }

    @Test
    void badTokensAreRefusedWithTheirCodes() throws Exception {
        openTo(alice1, "ops", "tok");
        openTo(alice2, "ops", "tok");
        openTo(alice1, "ops", "other");
        Reply created = alice1.put("/ss/collections/tok", "{\"acs\": [1], \"quorum\": 1}", alice1.token("tok", "create"));
        assertThat(created.status()).as("%s", created).isEqualTo(201);
        String path = "/ss/collections/tok/secrets/s";
        assertThat(alice1.put(path, share("x"), alice1.token("tok", "write")).status()).isEqualTo(201);

        assertRefused(alice1.get(path), 401, "missing-token");
        assertRefused(alice1.get(path, "garbage"), 401, "malformed-token");
        String read = alice1.token("tok", "read");
        assertRefused(alice1.get(path, forged(read)), 401, "bad-signature");
        assertRefused(alice1.get(path, alice1.token("other", "read")), 403, "wrong-object");
        assertRefused(alice1.get(path, alice1.token("tok", "write")), 403, "wrong-action");
        assertRefused(alice1.get(path, alice2.token("tok", "read")), 403, "wrong-server");
        // alice's token replayed by bob's connection.
        assertRefused(bob1.get(path, read), 403, "wrong-client");
        assertThat(alice1.get(path, read).status()).isEqualTo(200);
        assertRefused(alice1.delete(path, read), 403, "wrong-action");

        String shortLived = tokenWithTtl(alice1, "tok", "read", 5);
        assertThat(alice1.get(path, shortLived).status()).isEqualTo(200);
        CLOCK.advance(Duration.ofSeconds(5));
        try {
            assertRefused(alice1.get(path, shortLived), 401, "expired-token");
        } finally {
            CLOCK.advance(Duration.ofSeconds(-5));
        }
    }

    @Test
    void malformedRequestsGetJsonErrors() throws Exception {
        assertThat(alice1.get("/acs/noop").body().toString()).isEqualTo("{}");
        assertThat(alice1.get("/ss/noop").status()).isEqualTo(200);
        assertRefused(alice1.post("/acs/verifiers", "{\"accounts\": [\"ops\""), 400, "malformed-json");
        assertRefused(alice1.post("/acs/verifiers", "[1, 2]"), 400, "malformed-json");
        assertRefused(alice1.post("/acs/verifiers", null), 400, "malformed-json");
        assertRefused(alice1.get("/acs/nothing-here"), 404, "not-found");
        assertRefused(alice1.get("/"), 404, "not-found");
        Reply wrongMethod = alice1.send("DELETE", "/acs/tokens", null);
        assertRefused(wrongMethod, 405, "method-not-allowed");
        assertThat(wrongMethod.response().headers().firstValue("allow")).contains("POST");
        String big = "{\"accounts\": [\"" + "o".repeat(VaultHandler.MAX_BODY_BYTES) + "\"]}";
        Reply tooLarge = alice1.post("/acs/verifiers", big);
        assertRefused(tooLarge, 413, "too-large");
        // The body is left unread and the connection closed: the client must not reuse it.
        assertThat(tooLarge.response().headers().firstValue("connection")).contains("close");
        assertRefused(alice1.put("/ss/collections/bad%20name", "{\"acs\": [1], \"quorum\": 1}", "t.t"), 400, "bad-name");
        assertRefused(alice1.post("/acs/tokens", "{\"object\": \"collection:erp\", \"action\": \"fly\"}"), 400,
                "bad-action");
    }

    @Test
    void withoutClientCertificatesOnlyTheNoopCallsWork() throws Exception {
        for (VaultServer.Transport transport : List.of(VaultServer.Transport.TLS, VaultServer.Transport.PLAIN)) {
            try (VaultServer server = VaultServer.builder(config, 1).anyFreePort().transport(transport)
                    .clock(CLOCK).store(dir.resolve("scratch-" + transport + ".mv.db")).start()) {
                SSLContext noKey = SSLContext.getInstance("TLSv1.3");
                noKey.init(null, trustingVaultCa().getTrustManagers(), null);
                VaultCalls anonymous = new VaultCalls(transport == VaultServer.Transport.PLAIN ? null : noKey,
                        server.uri());
                assertThat(server.uri().getScheme()).isEqualTo(transport == VaultServer.Transport.PLAIN ? "http" : "https");
                assertThat(anonymous.get("/acs/noop").status()).isEqualTo(200);
                assertThat(anonymous.get("/ss/noop").status()).isEqualTo(200);
                assertRefused(anonymous.post("/acs/tokens", "{\"object\": \"collection:erp\", \"action\": \"read\"}"),
                        401, "no-client-certificate");
                assertRefused(anonymous.get("/ss/collections/erp/secrets/db"), 401, "no-client-certificate");
                if (transport == VaultServer.Transport.PLAIN) {
                    assertThat(raw(server.port(), "GET /acs/noop HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n"))
                            .startsWith("HTTP/1.1 400").contains("application/json").contains("\"error\":\"bad-request\"");
                }
            }
        }
    }

    /** What the server answers to bytes no HTTP client would send. */
    private static String raw(int port, String request) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Opens {@code collection:NAME} on one ACS to {@code account} for every action. */
    private static void openTo(VaultCalls acs, String account, String collection) throws Exception {
        Reply verifier = acs.post("/acs/verifiers", "{\"accounts\": [\"" + account + "\"], \"required\": 1}");
        assertThat(verifier.status()).as("%s", verifier).isEqualTo(201);
        String id = "\"" + verifier.text("id") + "\"";
        Reply permissions = acs.put("/acs/permissions/collection:" + collection, "{\"read\": [" + id + "], \"write\": ["
                + id + "], \"create\": [" + id + "], \"delete\": [" + id + "]}");
        assertThat(permissions.status()).as("%s", permissions).isEqualTo(201);
    }

    private static String tokenWithTtl(VaultCalls acs, String collection, String action, int ttl) throws Exception {
        Reply reply = acs.post("/acs/tokens", "{\"object\": \"collection:" + collection + "\", \"action\": \"" + action
                + "\", \"ttl\": " + ttl + "}");
        assertThat(reply.status()).as("%s", reply).isEqualTo(200);
        assertThat(reply.body().path("expires").asLong()).isEqualTo(CLOCK.instant().getEpochSecond() + ttl);
        return reply.text("token");
    }

    /** The token with its payload's object changed and its signature kept. */
    private static String forged(String token) {
        String payload = new String(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))),
                StandardCharsets.UTF_8);
        String altered = payload.replace("\"exp\":", "\"exp\":1");
        assertThat(altered).isNotEqualTo(payload);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(altered.getBytes(StandardCharsets.UTF_8))
                + token.substring(token.indexOf('.'));
    }

    /** The share record of a share's GET answer, without the collection's record the answer carries beside it. */
    static com.fasterxml.jackson.databind.JsonNode shareIn(Reply answer) {
        return ((com.fasterxml.jackson.databind.node.ObjectNode) answer.body().deepCopy()).without("collection");
    }

    static String share(String text) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return "{\"index\": 1, \"k\": 2, \"n\": 3, \"share\": \"" + Base64.getEncoder().encodeToString(bytes)
                + "\", \"digest\": \"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
                + "\"}";
    }

    private static void assertRefused(Reply reply, int status, String code) {
        assertThat(reply.status()).as("%s", reply).isEqualTo(status);
        assertThat(reply.error()).as("%s", reply).isEqualTo(code);
        assertThat(reply.text("message")).as("%s", reply).isNotBlank();
    }

    private static VaultCalls calls(String client, int server) {
        return new VaultCalls(TlsContexts.client(config, client), servers.server(server).uri());
    }

    private static TrustManagerFactory trustingVaultCa() throws Exception {
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        anchors.setCertificateEntry("ca", Certificates.read(config.files().caCertificate()));
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(anchors);
        return trust;
    }
}
