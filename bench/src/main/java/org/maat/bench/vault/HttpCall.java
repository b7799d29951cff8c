package org.maat.bench.vault;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request a series repeats, as bytes prepared once: method, path, extra headers, body. The
 * keep-alive form is what connection reuse sends; the closing form ({@code Connection: close}) is sent
 * on a connection opened for it alone.
 */
record HttpCall(String method, String path, Map<String, String> headers, byte[] body) {

    static HttpCall get(String path) {
        return new HttpCall("GET", path, Map.of(), null);
    }

    static HttpCall json(String method, String path, String json) {
        return new HttpCall(method, path, Map.of("Content-Type", "application/json"),
                json.getBytes(StandardCharsets.UTF_8));
    }

    HttpCall withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new HttpCall(method, path, h, body);
    }

    /** The request as sent to {@code endpoint}; {@code keepAlive} false asks the server to close after it. */
    byte[] bytes(Endpoint endpoint, boolean keepAlive) {
        StringBuilder head = new StringBuilder();
        head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        head.append("Host: ").append(endpoint.authority()).append("\r\n");
        head.append("Accept: */*\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        if (!keepAlive) {
            head.append("Connection: close\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    @Override
    public String toString() {
        return method + " " + path;
    }
}
