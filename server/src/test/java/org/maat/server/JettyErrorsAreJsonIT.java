package org.maat.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardProtocol;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardSecret;

/**
 * Requests Jetty refuses before any handler runs (a request line that is not HTTP, a header larger
 * than Jetty accepts) get the project's JSON error, not Jetty's HTML page: sent as raw bytes, since an
 * HTTP client would refuse to send them.
 */
class JettyErrorsAreJsonIT {

    @Test
    void aMalformedRequestLineAndAnOversizedHeaderGetJsonErrors() throws Exception {
        try (ShardServer server = ShardServer.start(query -> new ShardResult(0, List.of(new ShardHit("d1", 1.0f))),
                ShardSecret.generate(), "127.0.0.1", 0, "json-errors")) {
            URI url = server.url();
            String garbage = send(url, "NOT HTTP AT ALL\r\n\r\n");
            assertBadRequestAsJson(garbage);

            String huge = send(url, "GET /search HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + "a".repeat(64 * 1024)
                    + "\r\n\r\n");
            assertThat(huge).startsWith("HTTP/1.1 431");
            assertThat(body(huge)).doesNotContain("<html").doesNotContain("\tat ");
            assertThat(ShardProtocol.readErrorCode(body(huge).getBytes(StandardCharsets.UTF_8)))
                    .isEqualTo(ShardProtocol.BAD_REQUEST);
        }
    }

    private static void assertBadRequestAsJson(String response) throws IOException {
        assertThat(response).startsWith("HTTP/1.1 400");
        assertThat(response.toLowerCase()).contains("content-type: application/json");
        assertThat(body(response)).doesNotContain("<html").doesNotContain("\tat ");
        assertThat(ShardProtocol.readErrorCode(body(response).getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(ShardProtocol.BAD_REQUEST);
    }

    private static String body(String response) {
        int at = response.indexOf("\r\n\r\n");
        return at < 0 ? "" : response.substring(at + 4);
    }

    /** Writes {@code raw} and reads the answer until the server closes the connection. */
    private static String send(URI url, String raw) throws IOException {
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(raw.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException closedEarly) {
                // Jetty may answer and close before reading all of an oversized header
            }
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
