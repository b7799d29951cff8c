package org.maat.vault.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.maat.vault.config.ServerEndpoint;

/**
 * The client's one HTTP/1.1 client for all servers: mutual TLS with the client's certificate, connections
 * kept alive and reused between requests, a connect timeout and a per-request timeout, so that a dead
 * server costs at most those, never a hang. Every request completes normally with an {@link Exchange};
 * transport failures become its {@code failure} text.
 */
final class VaultHttp {

    /** Header carrying the tokens for a storage server (PROTOCOL.md, Tokens). */
    static final String TOKENS_HEADER = "X-Maat-Tokens";

    private final HttpClient http;
    private final ObjectMapper json;
    private final Duration connectTimeout;
    private final Duration requestTimeout;

    VaultHttp(SSLContext tls, ExecutorService executor, ObjectMapper json, Duration connectTimeout,
            Duration requestTimeout) {
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls)
                .connectTimeout(connectTimeout).executor(executor).followRedirects(HttpClient.Redirect.NEVER).build();
        this.json = json;
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    /** Sends {@code method path} with an optional JSON body and tokens; never completes exceptionally. */
    CompletableFuture<Exchange> send(ServerEndpoint server, String method, String path, JsonNode body,
            Collection<String> tokens) {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri(path)).timeout(requestTimeout)
                .header("Accept", "application/json");
        if (body != null) {
            request.header("Content-Type", "application/json");
            request.method(method, HttpRequest.BodyPublishers.ofByteArray(bytes(body)));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        if (tokens != null && !tokens.isEmpty()) {
            request.header(TOKENS_HEADER, String.join(",", tokens));
        }
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, error) -> error == null
                        ? Exchange.answer(server, response.statusCode(), parse(response.body()))
                        : Exchange.failed(server, describe(error)));
    }

    /** Sends one request per server in parallel and waits for every answer (each bounded by the timeouts). */
    List<Exchange> sendEach(List<ServerEndpoint> servers, Function<ServerEndpoint, CompletableFuture<Exchange>> request) {
        List<CompletableFuture<Exchange>> futures = servers.stream().map(request).collect(Collectors.toList());
        return futures.stream().map(CompletableFuture::join).collect(Collectors.toList());
    }

    private byte[] bytes(JsonNode body) {
        try {
            return json.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    private JsonNode parse(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return json.readTree(body);
        } catch (IOException e) {
            return null; // Exchange.problem() says "without a JSON body"
        }
    }

    /** The words after "server I (host:port)" in a message. */
    private String describe(Throwable error) {
        Throwable cause = error;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return "timed out connecting (" + connectTimeout.toMillis() + " ms)";
        }
        if (cause instanceof HttpTimeoutException) {
            return "timed out (no answer within " + requestTimeout.toMillis() + " ms)";
        }
        for (Throwable c = cause; c != null; c = c.getCause()) {
            if (c instanceof ConnectException) {
                return "refused the connection";
            }
            if (c instanceof SSLHandshakeException || c instanceof SSLException) {
                return "failed the TLS handshake (" + c.getMessage() + ")";
            }
            if (c instanceof ClosedChannelException) {
                return "closed the connection";
            }
        }
        return "could not be reached (" + cause + ")";
    }
}
