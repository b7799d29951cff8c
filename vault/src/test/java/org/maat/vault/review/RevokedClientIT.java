package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;

/**
 * Attack on revocation (README: "revoking a client means removing it from vault.json on every server and
 * restarting them"): mallory takes a read token with ttl 3600 s, is removed from vault.json, the server is
 * restarted; the storage server still hands mallory the share, because Storage checks only that the token's
 * subject is the caller, never that the caller is still a listed client.
 */
class RevokedClientIT {

    @TempDir
    Path dir;

    @Test
    void aRevokedClientGetsNoShareAfterTheRestart() throws Exception {
        VaultConfig config = VaultInit.create(dir.resolve("vault"), List.of(new ServerAddress("127.0.0.1", 9441)),
                List.of(new ClientSpec("maat", "maat"), new ClientSpec("mallory", "mallory")));
        VaultServer server = VaultServer.builder(config, 1).anyFreePort().start();
        String token;
        try {
            VaultConfig live = withPort(config, server.port(), config.clients());
            live.save();
            try (VaultClient mallory = VaultClient.open(live.dir(), "mallory")) {
                mallory.put("loot", "key", new byte[] {4, 2});
            }
            HttpResponse<String> granted = http(live).send(HttpRequest.newBuilder(URI.create(server.uri() + "acs/tokens"))
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"object\": \"collection:loot\", \"action\": \"read\", \"ttl\": 3600}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(granted.statusCode()).isEqualTo(200);
            token = new com.fasterxml.jackson.databind.ObjectMapper().readTree(granted.body()).get("token").asText();
        } finally {
            server.close();
        }
        List<ClientEntry> revoked = config.clients().stream().filter(c -> !c.name().equals("mallory"))
                .collect(Collectors.toList());
        VaultConfig after = new VaultConfig(config.dir(), new String(config.storePassword()), config.servers(), revoked);
        after.save();
        VaultServer restarted = VaultServer.builder(after, 1).anyFreePort().start();
        try {
            HttpResponse<String> share = http(config).send(HttpRequest.newBuilder(
                    URI.create(restarted.uri() + "ss/collections/loot/secrets/key")).header("X-Maat-Tokens", token)
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(share.statusCode()).as("revoked mallory reads a share: " + share.body()).isEqualTo(403);
        } finally {
            restarted.close();
        }
    }

    private static HttpClient http(VaultConfig withMallory) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(TlsContexts.client(withMallory, "mallory")).connectTimeout(Duration.ofSeconds(5)).build();
    }

    private static VaultConfig withPort(VaultConfig config, int port, List<ClientEntry> clients) {
        ServerEndpoint e = config.server(1);
        return new VaultConfig(config.dir(), new String(config.storePassword()),
                List.of(new ServerEndpoint(1, e.host(), port, e.tokenKey())), clients);
    }
}
