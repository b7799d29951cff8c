package org.maat.server.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One user's session with the front-end's JSON API ({@code /api/login}, {@code /api/search},
 * {@code /api/doc}, {@code /api/mal}, {@code /api/history}, {@code /api/logout}): it keeps the
 * session cookie the login set, so many sessions can share one {@link HttpClient}. A
 * {@code clientAddress} is sent as {@code X-Forwarded-For}, for a front-end that trusts that header,
 * to place the session in a region. Not thread-safe: one session, one user, one thread.
 */
public final class ApiSession {

    public static final String PROXY_HEADER = "X-Forwarded-For";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http;
    private final URI base;
    private final String clientAddress;
    private String cookie;
    /** The session's request token from the sign-in's answer, sent with every POST ({@code X-Maat-Token}). */
    private String token;

    /**
     * @param base          the front-end's URL, ending in {@code /}
     * @param clientAddress sent as {@code X-Forwarded-For}, or null to send none
     */
    public ApiSession(HttpClient http, URI base, String clientAddress) {
        this.http = Objects.requireNonNull(http, "http");
        this.base = Objects.requireNonNull(base, "base");
        this.clientAddress = clientAddress;
    }

    /** Signs in; on 200 the session cookie and request token are kept for the next calls. */
    public ApiResponse login(String user, String password) throws IOException {
        cookie = null;
        token = null;
        ApiResponse r = post("api/login", form(Map.of("user", user, "password", password)));
        if (r.status() == 200 && r.body().hasNonNull("token")) {
            token = r.body().get("token").asText();
        }
        return r;
    }

    /** The session cookie ({@code JSESSIONID=...}) since the last sign-in, or null: for a client that sends it itself. */
    public String cookie() {
        return cookie;
    }

    /** The session's request token since the last sign-in, or null: sent as {@code X-Maat-Token} with every POST. */
    public String token() {
        return token;
    }

    public ApiResponse search(String query, int k) throws IOException {
        return get("api/search?q=" + encode(query) + "&k=" + k);
    }

    public ApiResponse document(String id) throws IOException {
        return get("api/doc?id=" + encode(id));
    }

    /** States why an employee reads {@code id}: the front-end appends the MAL entry. */
    public ApiResponse mal(String id, String reason) throws IOException {
        return post("api/mal", form(Map.of("id", id, "reason", reason)));
    }

    public ApiResponse history() throws IOException {
        return get("api/history");
    }

    public ApiResponse logout() throws IOException {
        ApiResponse r = post("api/logout", "");
        cookie = null;
        token = null;
        return r;
    }

    private ApiResponse get(String path) throws IOException {
        return send(request(path).GET().build());
    }

    private ApiResponse post(String path, String form) throws IOException {
        HttpRequest.Builder b = request(path).header("Content-Type", "application/x-www-form-urlencoded");
        if (token != null) {
            b.header("X-Maat-Token", token);
        }
        return send(b.POST(HttpRequest.BodyPublishers.ofString(form)).build());
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT)
                .header("Accept", "application/json");
        if (clientAddress != null) {
            b.header(PROXY_HEADER, clientAddress);
        }
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b;
    }

    private ApiResponse send(HttpRequest request) throws IOException {
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted: " + request.uri());
        }
        sessionCookie(response).ifPresent(c -> cookie = c);
        byte[] body = response.body();
        if (body.length == 0) {
            return new ApiResponse(response.statusCode(), JsonNodeFactory.instance.objectNode());
        }
        try {
            return new ApiResponse(response.statusCode(), JSON.readTree(body));
        } catch (IOException e) {
            throw new IOException(request.method() + " " + request.uri() + " answered " + response.statusCode()
                    + " with a body that is not JSON: " + new String(body, 0, Math.min(body.length, 200),
                    StandardCharsets.UTF_8), e);
        }
    }

    private static Optional<String> sessionCookie(HttpResponse<?> response) {
        return response.headers().allValues("Set-Cookie").stream()
                .map(h -> h.split(";", 2)[0].strip())
                .filter(c -> c.startsWith("JSESSIONID="))
                .reduce((first, last) -> last);
    }

    private static String form(Map<String, String> fields) {
        return new LinkedHashMap<>(fields).entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
