package org.maat.vault.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;

/** Raw calls of the vault's HTTP API, as one client (one TLS context) makes them, for tests. */
final class VaultCalls {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A status and the JSON body. */
    record Reply(int status, JsonNode body, HttpResponse<String> response) {
        String text(String field) {
            return body.path(field).asText(null);
        }

        String error() {
            return text("error");
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    private final HttpClient http;
    private final URI base;

    VaultCalls(SSLContext tls, URI base) {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5));
        if (tls != null) {
            builder.sslContext(tls);
        }
        this.http = builder.build();
        this.base = base;
    }

    Reply get(String path, String... tokens) throws IOException, InterruptedException {
        return send("GET", path, null, tokens);
    }

    Reply delete(String path, String... tokens) throws IOException, InterruptedException {
        return send("DELETE", path, null, tokens);
    }

    Reply put(String path, String body, String... tokens) throws IOException, InterruptedException {
        return send("PUT", path, body, tokens);
    }

    Reply post(String path, String body, String... tokens) throws IOException, InterruptedException {
        return send("POST", path, body, tokens);
    }

    Reply send(String method, String path, String body, String... tokens) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (tokens.length > 0) {
            request.header(VaultHandler.TOKENS_HEADER, String.join(",", List.of(tokens)));
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json = response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        return new Reply(response.statusCode(), json, response);
    }

    /** A token for {@code action} on {@code collection:NAME}, failing unless the ACS issues it at once. */
    String token(String collection, String action) throws IOException, InterruptedException {
        Reply reply = post("/acs/tokens", "{\"object\": \"collection:" + collection + "\", \"action\": \"" + action
                + "\"}");
        if (reply.status() != 200) {
            throw new AssertionError("token for " + action + " on " + collection + " from " + base + ": " + reply);
        }
        return reply.text("token");
    }
}
