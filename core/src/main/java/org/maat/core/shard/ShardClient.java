package org.maat.core.shard;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import org.maat.core.search.QueryTimedOutException;

/**
 * A shard server reached over HTTP ({@link ShardProtocol}), with a connect timeout and a timeout per
 * request; every request is signed with the deployment's secret ({@link ShardRequestAuth}). A 403
 * from the shard's monitor is {@link ShardRefusedException} with its explanation, a 400
 * {@link IllegalArgumentException} with its message; anything else that is not a well-formed 200
 * (no connection, a timeout, a 5xx, a shard refusing this front-end's credential with 401/403, a
 * garbled body) is an {@link IOException}, after which a {@link FanOut} tries another replica.
 * Thread-safe; clients may share one {@link HttpClient}.
 */
public final class ShardClient implements ShardSearcher {

    /** Timeouts fit for shards on a local network. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final URI endpoint;
    private final HttpClient http;
    private final Duration requestTimeout;
    private final ShardRequestAuth auth;

    public ShardClient(URI base, HttpClient http, Duration requestTimeout, ShardRequestAuth auth) {
        this.base = Objects.requireNonNull(base, "base");
        // Appended, not resolved: a shard behind a path prefix keeps it.
        this.endpoint = URI.create(base.toString().replaceAll("/+$", "") + ShardProtocol.SEARCH_PATH);
        this.http = Objects.requireNonNull(http, "http");
        this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
        this.auth = Objects.requireNonNull(auth, "auth");
    }

    /**
     * An HTTP client with {@link #CONNECT_TIMEOUT}, for the clients of one front-end to share; its
     * threads end when idle ({@link IdleEndingThreads}), not a minute after a burst.
     */
    public static HttpClient newHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(IdleEndingThreads.pool("maat-shard-http"))
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public URI base() {
        return base;
    }

    @Override
    public ShardResult search(ShardQuery query) throws IOException {
        byte[] body = ShardProtocol.writeQuery(query);
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(requestTimeout)
                .header("Content-Type", ShardProtocol.CONTENT_TYPE)
                .header("Accept", ShardProtocol.CONTENT_TYPE)
                .header(ShardRequestAuth.HEADER, auth.sign("POST", ShardProtocol.SEARCH_PATH, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while asking " + base);
        } catch (IOException e) {
            throw new IOException(base + ": " + describe(e), e);
        }
        byte[] answer = response.body();
        int status = response.statusCode();
        if (status == 401 || (status == 403 && ShardRequestAuth.FORBIDDEN.equals(ShardProtocol.readErrorCode(answer)))) {
            throw new IOException(base + " refused this front-end's shard credential (" + status + "): "
                    + ShardProtocol.readErrorMessage(answer) + "; front-end and shards need the same shard secret");
        }
        return switch (status) {
            case 200 -> ShardProtocol.readResult(answer);
            case 400 -> throw new IllegalArgumentException(ShardProtocol.readErrorMessage(answer));
            case 403 -> throw new ShardRefusedException(ShardProtocol.readErrorMessage(answer));
            case 503 -> {
                if (ShardProtocol.TIMED_OUT.equals(ShardProtocol.readErrorCode(answer))) {
                    // The query's own cost, not the replica's health: another replica would time out too. In this
                    // client's words: a shard's text is not shown to users as a timeout's.
                    throw new QueryTimedOutException("the query ran longer than a shard's time budget and was"
                            + " stopped; simplify it (fewer fuzzy~ or prefix* terms) or try again");
                }
                throw new IOException(base + " answered 503: " + ShardProtocol.readErrorMessage(answer));
            }
            default -> throw new IOException(base + " answered " + status + ": " + ShardProtocol.readErrorMessage(answer));
        };
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " " + message);
    }

    @Override
    public String toString() {
        return "shard at " + base;
    }
}
