package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;

/**
 * Attack on first-claim: eve (account "eve") claims collection:erp on every ACS before maat does, granting
 * maat create/write (so maat's put works) but reading only to herself. maat's put succeeds without a word,
 * and eve reads maat's master key. README: "the first put into a collection claims it for this client's
 * account"; here it silently stores the key in a collection another account owns.
 */
class PreClaimedCollectionIT {

    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aPutDoesNotStoreAKeyWhereAnotherAccountCanReadIt() throws Exception {
        VaultConfig config = VaultInit.create(dir.resolve("vault"),
                List.of(new ServerAddress("127.0.0.1", 9441), new ServerAddress("127.0.0.1", 9442)),
                List.of(new ClientSpec("maat", "maat"), new ClientSpec("eve", "eve")));
        List<VaultServer> servers = new ArrayList<>();
        try {
            for (int id = 1; id <= 2; id++) {
                servers.add(VaultServer.builder(config, id).anyFreePort().start());
            }
            // The client reads ports from vault.json: save the bound ones.
            List<org.maat.vault.config.ServerEndpoint> bound = new ArrayList<>();
            for (VaultServer s : servers) {
                org.maat.vault.config.ServerEndpoint e = config.server(s.id());
                bound.add(new org.maat.vault.config.ServerEndpoint(e.id(), e.host(), s.port(), e.tokenKey()));
            }
            VaultConfig live = new VaultConfig(config.dir(), new String(config.storePassword()), bound, config.clients());
            live.save();

            HttpClient eve = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .sslContext(TlsContexts.client(live, "eve")).connectTimeout(Duration.ofSeconds(5)).build();
            for (VaultServer s : servers) {
                String eveOnly = post(eve, s.uri(), "/acs/verifiers", "{\"accounts\": [\"eve\"]}").get("id").asText();
                String both = post(eve, s.uri(), "/acs/verifiers", "{\"accounts\": [\"eve\", \"maat\"]}").get("id").asText();
                send(eve, s.uri(), "PUT", "/acs/permissions/collection:erp", "{\"read\": [\"" + eveOnly + "\", \""
                        + both + "\"], \"create\": [\"" + both + "\"], \"write\": [\"" + both + "\"], \"delete\": [\""
                        + eveOnly + "\"]}");
            }
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            boolean stored;
            try (VaultClient maat = VaultClient.open(live.dir(), "maat")) {
                maat.put("erp", "master", key);
                stored = true;
            } catch (VaultException refused) {
                stored = false; // refusing to store into another account's collection is a right outcome
            }
            if (stored) {
                try (VaultClient thief = VaultClient.open(live.dir(), "eve")) {
                    assertThatThrownBy(() -> thief.get("erp", "master"))
                            .as("eve, who claimed the collection first, reads maat's key")
                            .isInstanceOf(VaultException.class);
                }
            }
        } finally {
            servers.forEach(VaultServer::close);
        }
    }

    private static JsonNode post(HttpClient http, URI base, String path, String body) throws Exception {
        return send(http, base, "POST", path, body);
    }

    private static JsonNode send(HttpClient http, URI base, String method, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base.toString().replaceAll("/$", "") + path))
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + r.body()).isBetween(200, 201);
        return JSON.readTree(r.body());
    }
}
