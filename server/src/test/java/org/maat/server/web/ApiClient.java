package org.maat.server.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** One HTTP client of the front-end with its own cookies (so its own session), optionally behind a proxy address. */
final class ApiClient {

    /** A response: status, body, and the body as JSON when it is JSON. */
    record Reply(int status, String body, String contentType, String setCookie) {
        JsonNode json() {
            try {
                return new ObjectMapper().readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
    }

    private final URI base;
    private final String forwardedFor;
    private final HttpClient http;
    /** The session's request token: from the sign-in's JSON, or from the hidden field of the last page with one. */
    private String token;
    private static final java.util.regex.Pattern TOKEN_FIELD =
            java.util.regex.Pattern.compile("name=\"token\" value=\"([^\"]+)\"");

    ApiClient(URI base, String forwardedFor) {
        this.base = base;
        this.forwardedFor = forwardedFor;
        this.http = HttpClient.newBuilder().cookieHandler(new CookieManager()).connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    ApiClient(URI base) {
        this(base, null);
    }

    Reply login(String user, String password) throws IOException {
        return post("api/login", Map.of("user", user, "password", password));
    }

    /** The headers of a GET of {@code path}. */
    java.net.http.HttpHeaders rawHeaders(String path) throws IOException {
        return raw(request(path).GET()).headers();
    }

    /** Signs in, answering the raw response (status and headers: a 429's Retry-After). */
    HttpResponse<String> loginWithHeaders(String user, String password) throws IOException {
        return raw(request("api/login").header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("user=" + enc(user) + "&password=" + enc(password))));
    }

    private HttpResponse<String> raw(HttpRequest.Builder request) throws IOException {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The request token this client sends with every POST (as a browser's forms do), or null. */
    String token() {
        return token;
    }

    /** Sends {@code request} as is: no token added, no cookie but the client's own. */
    Reply sendRaw(HttpRequest.Builder request) throws IOException {
        return send(request, false);
    }

    HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder b = request(path);
        if (headers.length > 0) {
            b.headers(headers);
        }
        return b;
    }

    Reply get(String path) throws IOException {
        return send(request(path).GET());
    }

    Reply post(String path, Map<String, String> form) throws IOException {
        String body = new LinkedHashMap<>(form).entrySet().stream()
                .map(e -> enc(e.getKey()) + "=" + enc(e.getValue())).collect(Collectors.joining("&"));
        return send(request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts {@code files} (part name to file content) as {@code multipart/form-data}, as a browser uploads files. */
    Reply postFiles(String path, Map<String, String> files) throws IOException {
        String boundary = "maat-test-" + System.nanoTime();
        StringBuilder body = new StringBuilder();
        new LinkedHashMap<>(files).forEach((name, content) -> body.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(name).append("\"; filename=\"")
                .append(name).append(".txt\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .append(content).append("\r\n"));
        body.append("--").append(boundary).append("--\r\n");
        return send(request(path).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private void learnToken(HttpRequest request, Reply reply) {
        if (request.uri().getPath().endsWith("/api/login") && reply.status() == 200) {
            token = reply.json().path("token").asText(null);
        } else if (reply.contentType().startsWith("text/html")) {
            java.util.regex.Matcher m = TOKEN_FIELD.matcher(reply.body());
            if (m.find()) {
                token = m.group(1);
            }
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        if (forwardedFor != null) {
            b.header("X-Forwarded-For", forwardedFor);
        }
        return b;
    }

    private Reply send(HttpRequest.Builder request) throws IOException {
        return send(request, true);
    }

    private Reply send(HttpRequest.Builder request, boolean withToken) throws IOException {
        HttpRequest built = request.build();
        if (withToken && token != null && built.method().equals("POST")) {
            built = request.header("X-Maat-Token", token).build();
        }
        try {
            HttpResponse<String> r = http.send(built, HttpResponse.BodyHandlers.ofString());
            Reply reply = new Reply(r.statusCode(), r.body(), r.headers().firstValue("Content-Type").orElse(""),
                    r.headers().firstValue("Set-Cookie").orElse(""));
            learnToken(built, reply);
            return reply;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
